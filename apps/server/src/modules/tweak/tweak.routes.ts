import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ADD_IMAGE_FIELDS,
  addImageFieldsSchema,
  createInputFromTweakRequestSchema,
  createInputFromTweakResponseSchema,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_LIMITS,
  imageErrorResponseSchema,
  inpaintRequestSchema,
  outpaintRequestSchema,
  saveTweakPromptRequestSchema,
  tweakOperationResponseSchema,
  tweakPromptParamsSchema,
  tweakPromptQuerySchema,
  tweakPromptResponseSchema,
  UPLOAD_MASK_FIELDS,
  uploadMaskResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { parseJsonField } from '../../lib/nul-characters.js';
import { userRateLimit } from '../../lib/user-rate-limit.js';
import { assertStorageRoom } from '../storage-quota/index.js';
import { scheduleDailyCleanup } from '../images/index.js';
import { cleanupUnusedTweakFiles, UNUSED_TWEAK_FILE_MS } from './tweak.cleanup.js';
import { registerTweakQueue } from './tweak.job.js';
import { createInputFromTweak, getTweakPrompt, saveTweakPrompt } from './saved-prompts-and-inputs.js';
import { startAddImage, startInpaint, startOutpaint, uploadMask } from './tweak-operations.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['tweak'];
const BEARER = [{ bearerAuth: [] }];
/** Error replies: { message, code } and, for a bad field, its name. */
const errors = (...statuses: number[]) =>
  errorResponses(imageErrorResponseSchema, statuses);

/**
 * /api/tweak/* (spec §7 the /tweak calls): outpaint, inpaint and add image (each a TWEAK batch,
 * one credit per variation), the mask upload, an input image from a result, and the tweak
 * prompt saved per image (POST /tweak/prompt, GET /tweak/prompt/{imageId}: the spec does not
 * give this path). The results are listed by GET /api/images/tweak-history/{baseImageId}. Also
 * declares the tweak queue (its workers run where WORKERS_IN_PROCESS says).
 */
export async function registerTweakRoutes(api: App): Promise<void> {
  registerTweakQueue(api.ctx);
  await api.register(tweakPlugin, { prefix: '/tweak' });
  if (api.ctx.config.NODE_ENV !== 'test') {
    const { ctx } = api;
    const stop = scheduleDailyCleanup(ctx, 'unused-tweak-files', async () => {
      const removed = await cleanupUnusedTweakFiles(ctx, new Date(Date.now() - UNUSED_TWEAK_FILE_MS));
      if (removed > 0) ctx.log.info({ removed }, 'removed unused tweak masks and pictures');
    });
    api.addHook('onClose', async () => stop());
  }
}

/** The first zod issue as a 400 that names its field. */
function invalid(error: z.ZodError, prefix?: string): AppError {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  const message = issue?.message ?? 'Invalid request';
  const named = !path || message.toLowerCase().includes((path.split('.').pop() ?? path).toLowerCase());
  return new AppError(400, 'VALIDATION_ERROR', named ? message : `${path}: ${message}`, path ? { field: path } : undefined);
}

/** Reads a multipart form: the one file part (named `fileField`, bounded) and the text fields. */
async function readForm(req: FastifyRequest, fileField: string): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const noFile = () => new AppError(400, IMAGE_ERROR_CODES.noFile, `No file uploaded: send the image in the "${fileField}" field.`, { field: fileField });
  if (!req.isMultipart()) throw noFile();
  const { files, fields } = await readMultipartForm(req, {
    fileFields: [fileField],
    unexpectedFile: (field) =>
      new AppError(400, 'VALIDATION_ERROR', `Unexpected file field "${field}": send the image in the "${fileField}" field.`, { field }),
    tooLarge: () => new AppError(413, IMAGE_ERROR_CODES.payloadTooLarge, IMAGE_MESSAGES.tooLarge),
    tooManyFiles: () => new AppError(400, 'VALIDATION_ERROR', `Send one image, in the "${fileField}" field.`, { field: fileField }),
  });
  const file = files[fileField];
  if (!file) throw noFile();
  return { file: file.bytes, fields };
}

/** A JSON form field ("position", "size"), or a 400 naming it. */
function jsonField(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') throw new AppError(400, 'VALIDATION_ERROR', `${name} is required`, { field: name });
  const parsed = parseJsonField(raw, name);
  if (!parsed.ok) throw new AppError(400, 'VALIDATION_ERROR', `${name} must be JSON`, { field: name });
  return parsed.value;
}

async function tweakPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };
  // Uploads: a per-user rate (shared by the upload routes of this module) before the body is read.
  const uploadAuth = { preHandler: [app.requireWorkspace, userRateLimit({ max: ctx.config.USER_RATE_LIMIT })] };
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/outpaint',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Outpaint: extend the image to the canvas bounds (1 or 2 variations, one credit each)',
        description:
          '`canvasBounds` must contain `originalImageBounds` (both in canvas units; the original bounds are where the ' +
          'selected image lies) and reach beyond it. The result has the canvas size scaled to image pixels ' +
          `(at most 8192 px a side and 40 megapixels).`,
        body: outpaintRequestSchema,
        response: { 200: tweakOperationResponseSchema, ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => startOutpaint(ctx, req.userId, req.body),
  );

  app.post(
    '/inpaint',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Inpaint: change the masked area following the prompt (1 or 2 variations, one credit each)',
        description:
          '`maskImageUrl` must be the url POST /tweak/upload/mask answered for the caller (white = change, the base ' +
          "image's proportions). `negativePrompt` defaults to the quality-exclusion list.",
        body: inpaintRequestSchema,
        response: { 200: tweakOperationResponseSchema, ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => startInpaint(ctx, req.userId, req.body),
  );

  app.post(
    '/add-image',
    {
      ...uploadAuth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Add image: composite a picture onto the base image (multipart; one credit)',
        description:
          'multipart/form-data with `baseImageId` (optional `baseImageType`: input or generated), `image` (JPEG, PNG or ' +
          'WEBP; at most 25 MB and 50 megapixels), `position` ({"x","y"}) and `size` ({"width","height"}) as JSON, in the ' +
          "base image's pixels (the box's top-left corner and size), and optional `rotation` (degrees clockwise about the " +
          "box's centre). The picture keeps its proportions inside the box, its edges are feathered into the photo, and " +
          'transparency in it is kept.',
        consumes: ['multipart/form-data'],
        response: { 200: tweakOperationResponseSchema, ...errors(400, 401, 402, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (req) => {
      const { file, fields } = await readForm(req, ADD_IMAGE_FIELDS.image);
      await assertStorageRoom(ctx, req.userId, file.length);
      const parsed = addImageFieldsSchema.safeParse({
        baseImageId: fields[ADD_IMAGE_FIELDS.baseImageId] ?? '',
        baseImageType: fields[ADD_IMAGE_FIELDS.baseImageType] || undefined,
        position: jsonField(fields, ADD_IMAGE_FIELDS.position),
        size: jsonField(fields, ADD_IMAGE_FIELDS.size),
        rotation: fields[ADD_IMAGE_FIELDS.rotation] || undefined,
        prompt: fields[ADD_IMAGE_FIELDS.prompt],
      });
      if (!parsed.success) throw invalid(parsed.error);
      return startAddImage(ctx, req.userId, parsed.data, file);
    },
  );

  app.post(
    '/upload/mask',
    {
      ...uploadAuth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Upload an inpaint mask (multipart: file); answers a signed url of the stored mask',
        description:
          'multipart/form-data with `file` (mask.png: white where the image changes, black elsewhere, at the base ' +
          "image's resolution). Checked like uploads (JPEG, PNG or WEBP by its bytes; 25 MB, 50 megapixels) and stored as a greyscale PNG.",
        consumes: ['multipart/form-data'],
        response: { 200: uploadMaskResponseSchema, ...errors(400, 401, 413, 415, 429) },
      },
    },
    async (req) => {
      const { file } = await readForm(req, UPLOAD_MASK_FIELDS.file);
      await assertStorageRoom(ctx, req.userId, file.length);
      return uploadMask(ctx, req.userId, file);
    },
  );

  app.post(
    '/create-input-from-generated',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'A new TWEAK_MODULE input image from a generated image (its masks copied), with its tweak settings',
        body: createInputFromTweakRequestSchema,
        response: { 200: createInputFromTweakResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => createInputFromTweak(ctx, req.userId, req.body),
  );

  app.post(
    '/prompt',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Save the tweak prompt of an image (spec: path not shown)',
        description: '`inputImageId` is the image the prompt belongs to: an input image, or a generated image with `imageType` generated.',
        body: saveTweakPromptRequestSchema,
        response: { 200: tweakPromptResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => saveTweakPrompt(ctx, req.userId, req.body),
  );

  app.get(
    '/prompt/:imageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "An image's tweak prompt: the saved one, else the prompt a tweak result was made with, else empty",
        params: tweakPromptParamsSchema,
        querystring: tweakPromptQuerySchema,
        response: { 200: tweakPromptResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => getTweakPrompt(ctx, req.userId, req.params.imageId, req.query.imageType),
  );
}
