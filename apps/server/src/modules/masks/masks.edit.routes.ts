import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMAGE_UPLOAD_LIMITS,
  MASK_EDIT_FIELDS,
  MASK_MESSAGES,
  maskErrorResponseSchema,
  maskIdParamsSchema,
  maskInputParamsSchema,
  maskNameSchema,
  maskRegionResponseSchema,
  maskRegionsResponseSchema,
  mergeMasksRequestSchema,
  splitMaskRequestSchema,
} from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { createRegion, deleteRegion, mergeRegions, splitRegion, updateRegion } from './masks.edit.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['masks'];
const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(maskErrorResponseSchema, statuses);

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field });

/** A region edit's input: multipart (`mask` PNG, optional `name`) or JSON ({name}). */
async function readEdit(req: FastifyRequest): Promise<{ mask?: Buffer; name?: string }> {
  let mask: Buffer | undefined;
  let name: unknown;
  if (req.isMultipart()) {
    const form = await readMultipartForm(req, {
      fileFields: [MASK_EDIT_FIELDS.mask],
      unexpectedFile: (field) => refuse(field, 'Send the region mask in the "mask" field.'),
      tooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The mask file is too large.'),
      tooManyFiles: () => refuse('mask', 'Send one mask, in the "mask" field.'),
    });
    mask = form.files[MASK_EDIT_FIELDS.mask]?.bytes;
    name = form.fields[MASK_EDIT_FIELDS.name];
  } else {
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw refuse('name', MASK_MESSAGES.editNothing);
    name = (body as Record<string, unknown>).name;
  }
  if (name === undefined) return { mask };
  const parsed = maskNameSchema.safeParse(name);
  if (!parsed.success) throw refuse('name', MASK_MESSAGES.nameInvalid);
  return { mask, name: parsed.data };
}

const editBodyDoc =
  'multipart/form-data with `mask` (a PNG of the region masks\' size, white = the region) and/or `name`; or JSON `{"name": "Brick"}` ' +
  'to rename only. The pixels the mask takes leave every other region (no overlaps); a region left with no pixel is removed.';

/** The region corrections: paint/erase/rename, merge, split, delete, and bring a region back (undo). */
export async function masksEditRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 6 }, throwFileSizeLimit: true });

  app.put(
    '/:maskId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Change a region's pixels (a painted or erased mask) and/or its name",
        description: editBodyDoc,
        consumes: ['multipart/form-data', 'application/json'],
        params: maskIdParamsSchema,
        response: { 200: maskRegionResponseSchema, ...errors(400, 401, 404, 413) },
      },
    },
    async (req) => updateRegion(ctx, req.userId, req.params.maskId, await readEdit(req)),
  );

  app.post(
    '/:inputImageId/merge',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Merge regions of an image into the first one listed (it keeps its style)',
        params: maskInputParamsSchema,
        body: mergeMasksRequestSchema,
        response: { 200: maskRegionsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => mergeRegions(ctx, req.userId, req.params.inputImageId, req.body.ids),
  );

  app.post(
    '/:maskId/split',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Split a region along a drawn line (points in image fractions 0–1)',
        description:
          'The line joins the points and is extended straight at both ends to the image edge. The side holding most of the ' +
          'region keeps its id; the rest becomes a new region with the same name and style. 400 when the line misses the region.',
        params: maskIdParamsSchema,
        body: splitMaskRequestSchema,
        response: { 200: maskRegionsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => splitRegion(ctx, req.userId, req.params.maskId, req.body),
  );

  app.delete(
    '/:maskId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Delete a region (its pixels belong to no region afterwards)',
        params: maskIdParamsSchema,
        response: { 200: maskRegionsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => deleteRegion(ctx, req.userId, req.params.maskId),
  );

  app.post(
    '/:inputImageId/regions',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Add a region from a mask (the region editor uses it to undo a delete or a merge)',
        description: editBodyDoc,
        consumes: ['multipart/form-data'],
        params: maskInputParamsSchema,
        response: { 200: maskRegionsResponseSchema, ...errors(400, 401, 404, 413) },
      },
    },
    async (req) => createRegion(ctx, req.userId, req.params.inputImageId, await readEdit(req)),
  );
}
