import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allUserImagesQuerySchema,
  allUserImagesResponseSchema,
  convertGeneratedToInputRequestSchema,
  createInputFromGeneratedRequestSchema,
  deleteInputImageResponseSchema,
  downloadParamsSchema,
  downloadQuerySchema,
  generatedImageIdParamsSchema,
  generatedImageSchema,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_LIMITS,
  imageErrorResponseSchema,
  inputAndCreateQuerySchema,
  inputAndCreateResponseSchema,
  inputImageIdParamsSchema,
  inputImageSchema,
  inputImagesBySourceParamsSchema,
  inputImagesBySourceQuerySchema,
  inputImagesQuerySchema,
  inputImagesResponseSchema,
  MASK_MESSAGES,
  saveInputSettingsRequestSchema,
  tweakHistoryParamsSchema,
  tweakHistoryQuerySchema,
  tweakHistoryResponseSchema,
  UPLOAD_INPUT_FIELDS,
  uploadSourceSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { userRateLimit } from '../../lib/user-rate-limit.js';
import { PUBLIC_API_SECURITY, PUBLIC_API_TAG, withExample } from '../../lib/public-api.js';
import { assertStorageRoom } from '../storage-quota/index.js';
import { registerFileRoutes } from './files.routes.js';
import { scheduleDeletedFilesCleanup } from './images.cleanup.js';
import { presentGeneratedImage, presentInputImage } from './images.present.js';
import { convertGeneratedToInput, createInputFromGenerated } from './copies-of-generated.js';
import { prepareDownload } from './image-files.js';
import { saveInputImageSettings, softDeleteInputImage } from './input-image-updates.js';
import { getTweakHistory, listCompletedGeneratedImages, listInputImages } from './listing-and-history.js';
import { getOwnedGeneratedImage, getOwnedInputImage } from './owned-images.js';
import { PASS_FILE_FIELDS, uploadInputImage, uploadPassesOf } from './upload.js';
import type { UploadPasses } from './images.events.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['images'];
const BEARER = [{ bearerAuth: [] }];

/** Error replies, declared so they show in /api/docs. */
function errors(...statuses: number[]) {
  return errorResponses(imageErrorResponseSchema, statuses);
}

/** /api/images/* and /api/files/* (signed file URLs). */
export async function registerImagesRoutes(api: App): Promise<void> {
  await api.register(imagesPlugin);
}

async function imagesPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  registerFileRoutes(app);
  await app.register(imageRoutes, { prefix: '/images' });
  await app.register(uploadRoute, { prefix: '/images' });

  if (app.ctx.config.NODE_ENV !== 'test') {
    const stop = scheduleDeletedFilesCleanup(app.ctx);
    app.addHook('onClose', async () => stop());
  }
}

/** Reads the upload form: the `file` and `idPass` parts (bounded) and the text fields, in any order. */
async function readUploadForm(req: FastifyRequest): Promise<{
  file: { bytes: Buffer; filename: string };
  idPass: Buffer | null;
  passes: UploadPasses | undefined;
  fields: Record<string, string>;
}> {
  const noFile = () => new AppError(400, IMAGE_ERROR_CODES.noFile, IMAGE_MESSAGES.noFile, { field: UPLOAD_INPUT_FIELDS.file });
  if (!req.isMultipart()) throw noFile();
  const { files, fields } = await readMultipartForm(req, {
    fileFields: [UPLOAD_INPUT_FIELDS.file, UPLOAD_INPUT_FIELDS.idPass, ...PASS_FILE_FIELDS],
    unexpectedFile: (field) =>
      new AppError(400, 'VALIDATION_ERROR', `Unexpected file field "${field}": send the image in the "file" field (and its ID pass in "idPass").`, { field }),
    tooLarge: () => new AppError(413, IMAGE_ERROR_CODES.payloadTooLarge, IMAGE_MESSAGES.tooLarge),
    tooManyFiles: () =>
      new AppError(400, 'VALIDATION_ERROR', 'Send one image per upload, in the "file" field (and at most one "idPass", "depth" and "normal").', { field: 'file' }),
    tooManyFields: () => new AppError(400, 'VALIDATION_ERROR', 'The upload form has too many fields.'),
  });
  const file = files[UPLOAD_INPUT_FIELDS.file];
  if (!file) throw noFile();
  return { file, idPass: files[UPLOAD_INPUT_FIELDS.idPass]?.bytes ?? null, passes: uploadPassesOf(files, fields), fields };
}

/**
 * POST /images/upload-input, in a scope of its own: the multipart parser adds hooks to every
 * route of its scope (a listener and a clean-up per request), which the read routes do not need.
 */
async function uploadRoute(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // The stream is cut at 25 MB (busboy stops reading the file; toBuffer throws 413).
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_LIMITS.maxBytes, files: 4, fields: 12, fieldSize: 64 * 1024, parts: 24 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/upload-input',
    {
      preHandler: [app.requireUserOrApiKey, userRateLimit({ max: ctx.config.USER_RATE_LIMIT })],
      schema: {
        tags: [...TAGS, PUBLIC_API_TAG],
        security: PUBLIC_API_SECURITY,
        summary: 'Upload an input image (multipart: file, uploadSource, optional idPass and materials)',
        description: withExample(
          'multipart/form-data with `file` (JPEG, PNG or WEBP, judged by its bytes; at most 25 MB and 50 megapixels) and ' +
          '`uploadSource` (CREATE_MODULE, TWEAK_MODULE or REFINE_MODULE; default CREATE_MODULE). EXIF orientation is ' +
          'applied and metadata removed; the original, a web-sized copy (long side 2048) and a 400 px WEBP thumbnail are stored. ' +
          'Optional `idPass`: a PNG of the same view (same aspect within 1 %, resized to it) with every material a flat, unique ' +
          'colour; the image is then created with its regions made (maskStatus completed), one per colour covering at least ' +
          '0.2 % of the image (anti-aliased edges and smaller colours join the neighbouring region of the nearest colour). ' +
          'Optional `materials`: JSON object of "#rrggbb" → name, e.g. {"#c8553d": "Brick"}; each region is named from it ' +
          '(customText and label), else "Material N". Optional `depth` (16-bit grey PNG, 0 = near, with optional `depthNear`/`depthFar` ' +
          'in metres, else normalised; or a scanline OpenEXR in metres, uncompressed, ZIP or ZIPS) and `normal` (8- or 16-bit RGB PNG of ' +
          'camera-space normals, x right, y up, z to the viewer, (n + 1) / 2), each at the image\'s size. A bad idPass, materials, depth ' +
          'or normal is a 400 naming the field and nothing is stored.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" -F file=@view.png "$ATELIER_URL/api/images/upload-input"',
        ),
        consumes: ['multipart/form-data'],
        response: { 201: inputImageSchema, ...errors(400, 401, 413, 415, 429) },
      },
    },
    async (req, reply) => {
      const { file, idPass, passes, fields } = await readUploadForm(req);
      await assertStorageRoom(ctx, req.userId, file.bytes.length + (idPass?.length ?? 0) + (passes?.depth?.length ?? 0) + (passes?.normal?.length ?? 0));
      const source = uploadSourceSchema.safeParse(fields[UPLOAD_INPUT_FIELDS.uploadSource] || 'CREATE_MODULE');
      if (!source.success)
        throw new AppError(400, 'VALIDATION_ERROR', IMAGE_MESSAGES.uploadSource, { field: UPLOAD_INPUT_FIELDS.uploadSource });
      const materials = fields[UPLOAD_INPUT_FIELDS.materials];
      if (materials !== undefined && !idPass)
        throw new AppError(400, 'VALIDATION_ERROR', MASK_MESSAGES.materialsWithoutIdPass, { field: UPLOAD_INPUT_FIELDS.materials });
      const row = await uploadInputImage(ctx, {
        userId: req.userId,
        bytes: file.bytes,
        fileName: file.filename,
        uploadSource: source.data,
        regions: idPass ? { idPass, materials } : undefined,
        passes,
      });
      return reply.code(201).send(presentInputImage(ctx, row));
    },
  );
}

async function imageRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };

  app.get(
    '/input-images',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's input images, newest first",
        querystring: inputImagesQuerySchema,
        response: { 200: inputImagesResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { rows, pagination } = await listInputImages(ctx.db, req.userId, req.query);
      return { inputImages: rows.map((r) => presentInputImage(ctx, r)), pagination };
    },
  );

  app.get(
    '/input-images/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'One of your input images by id (404 when it is not yours or was deleted)',
        params: inputImageIdParamsSchema,
        response: { 200: inputImageSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => presentInputImage(ctx, await getOwnedInputImage(ctx.db, req.userId, req.params.id)),
  );

  app.get(
    '/generated-images/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'One of your generated images by id, of any module and status (404 when it is not yours or was deleted)',
        params: generatedImageIdParamsSchema,
        response: { 200: generatedImageSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => presentGeneratedImage(ctx, await getOwnedGeneratedImage(ctx.db, req.userId, req.params.id)),
  );

  app.get(
    '/input-images-by-source/:uploadSource',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's input images of one upload source, newest first",
        params: inputImagesBySourceParamsSchema,
        querystring: inputImagesBySourceQuerySchema,
        response: { 200: inputImagesResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { rows, pagination } = await listInputImages(ctx.db, req.userId, {
        ...req.query,
        uploadSource: req.params.uploadSource,
      });
      return { inputImages: rows.map((r) => presentInputImage(ctx, r)), pagination };
    },
  );

  app.post(
    '/convert-generated-to-input',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Copy one of your generated images into a new input image',
        description: '`url` is a generated image id or a file URL this server signed for you; it is never fetched.',
        body: convertGeneratedToInputRequestSchema,
        response: { 201: inputImageSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const row = await convertGeneratedToInput(ctx, req.userId, req.body);
      return reply.code(201).send(presentInputImage(ctx, row));
    },
  );

  app.post(
    '/create-input-from-generated',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'A new input image from a generated one, continuing from the original input (masks copied)',
        body: createInputFromGeneratedRequestSchema,
        response: { 201: inputImageSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const row = await createInputFromGenerated(ctx, req.userId, req.body);
      return reply.code(201).send(presentInputImage(ctx, row));
    },
  );

  app.get(
    '/input-and-create',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's input images and completed CREATE images, newest first",
        querystring: inputAndCreateQuerySchema,
        response: { 200: inputAndCreateResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { page, limit, uploadSource } = req.query;
      const [inputs, creates] = await Promise.all([
        listInputImages(ctx.db, req.userId, { page, limit, uploadSource }),
        listCompletedGeneratedImages(ctx.db, req.userId, { page, limit, moduleType: 'CREATE' }),
      ]);
      return {
        inputImages: inputs.rows.map((r) => presentInputImage(ctx, r)),
        createImages: creates.rows.map((r) => presentGeneratedImage(ctx, r)),
        pagination: { inputImages: inputs.pagination, createImages: creates.pagination },
      };
    },
  );

  app.get(
    '/all-user-images',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's completed generated images (optionally of one module), newest first",
        querystring: allUserImagesQuerySchema,
        response: { 200: allUserImagesResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { rows, pagination } = await listCompletedGeneratedImages(ctx.db, req.userId, req.query);
      return { images: rows.map((r) => presentGeneratedImage(ctx, r)), pagination };
    },
  );

  app.get(
    '/tweak-history/:baseImageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'The tweak results made from a base image, newest first',
        params: tweakHistoryParamsSchema,
        querystring: tweakHistoryQuerySchema,
        response: { 200: tweakHistoryResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      const history = await getTweakHistory(ctx.db, req.userId, req.params.baseImageId, req.query, req.query.baseImageType);
      return {
        variations: history.rows.map((r) => presentGeneratedImage(ctx, r)),
        currentBaseImageId: history.currentBaseImageId,
        baseImageId: history.baseImageId,
        pagination: history.pagination,
      };
    },
  );

  app.delete(
    '/input-images/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Delete an input image (it leaves every list at once; its files are removed later)',
        params: inputImageIdParamsSchema,
        response: { 200: deleteInputImageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      await softDeleteInputImage(ctx.db, req.userId, req.params.id);
      return { success: true as const, id: req.params.id };
    },
  );

  app.put(
    '/input-images/:id/settings',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Save the customization settings last used with an input image (inputs made from its renders copy them)',
        params: inputImageIdParamsSchema,
        body: saveInputSettingsRequestSchema,
        response: { 200: inputImageSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => presentInputImage(ctx, await saveInputImageSettings(ctx.db, req.userId, req.params.id, req.body)),
  );

  app.get(
    '/download/:kind/:id',
    {
      preHandler: app.requireUserOrApiKey,
      schema: {
        tags: [...TAGS, PUBLIC_API_TAG],
        security: PUBLIC_API_SECURITY,
        summary: 'Download an image as a JPEG attachment (image_{id}.jpg, or atelier-<timestamp>.jpg with ?name=atelier)',
        description: withExample(
          '`kind` is `generated` (a render) or `input`.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" -o render.jpg "$ATELIER_URL/api/images/download/generated/42"',
        ),
        params: downloadParamsSchema,
        querystring: downloadQuerySchema,
        response: { 200: z.any().describe('image/jpeg'), ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const { bytes, fileName } = await prepareDownload(ctx, req.userId, req.params.kind, req.params.id, req.query.name);
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-cache')
        .send(bytes);
    },
  );
}
