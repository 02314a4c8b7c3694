import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  generateMasksRequestSchema,
  generateMasksResponseSchema,
  getMasksResponseSchema,
  maskErrorResponseSchema,
  maskIdParamsSchema,
  maskInputParamsSchema,
  maskRegionResponseSchema,
  updateMaskStyleRequestSchema,
  updateMaskVisibilityRequestSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { onInputImageCopied, setUploadRegionsHandler } from '../images/index.js';
import { registerMasksQueue } from './masks.job.js';
import { masksEditRoutes } from './masks.edit.routes.js';
import { idPassUploadRegions } from './masks.upload.js';
import { clearMaskStyle, copyMasks, getMasks, setMaskVisibility, startMaskGeneration, updateMaskStyle } from './masks.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['masks'];
const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(maskErrorResponseSchema, statuses);

/**
 * /api/masks/* (spec §7 the /masks calls): start a generation of an input image's regions, read
 * them with the mask status, and set a region's style or visibility. Also declares the masks
 * queue (and with it the mask reader renders use), and copies an input image's regions to the
 * input images continued from its renders.
 */
export async function registerMasksRoutes(api: App): Promise<void> {
  registerMasksQueue(api.ctx);
  onInputImageCopied(copyMasks);
  setUploadRegionsHandler(idPassUploadRegions);
  await api.register(masksPlugin, { prefix: '/masks' });
  await api.register(masksEditRoutes, { prefix: '/masks' });
}

async function masksPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };

  app.post(
    '/generate',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Start generating an input image's regions (answers at once; masks_completed or masks_failed follow)",
        description:
          'The engine splits the stored image into at most 15 regions (sky and ground labelled), replacing any earlier ' +
          'ones. `imageUrl` and `callbackUrl` are accepted for compatibility and ignored: the server works from its own ' +
          'copy of the image and never fetches a URL it is sent. A generation already running for the image is not started twice.',
        body: generateMasksRequestSchema,
        response: { 200: generateMasksResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => startMaskGeneration(ctx, req.userId, req.body.inputImageId, req.body.renderType ?? undefined),
  );

  app.get(
    '/:inputImageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "An input image's regions (largest first, with signed mask URLs) and its mask status",
        params: maskInputParamsSchema,
        response: { 200: getMasksResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => getMasks(ctx, req.userId, req.params.inputImageId),
  );

  app.put(
    '/:maskId/style',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Set a region's material, customization option, category or text",
        description:
          'Option ids are those of GET /customization/options. Fields left out keep their value; null clears one. A ' +
          "material brings its own category when `subCategoryId` is left out; a category that is not the material's is refused.",
        params: maskIdParamsSchema,
        body: updateMaskStyleRequestSchema,
        response: { 200: maskRegionResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => updateMaskStyle(ctx, req.userId, req.params.maskId, req.body),
  );

  app.delete(
    '/:maskId/style',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Clear a region's style",
        params: maskIdParamsSchema,
        response: { 200: maskRegionResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => clearMaskStyle(ctx, req.userId, req.params.maskId),
  );

  app.put(
    '/:maskId/visibility',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Show or hide a region (a hidden region leaves the overlay and the renders)',
        params: maskIdParamsSchema,
        body: updateMaskVisibilityRequestSchema,
        response: { 200: maskRegionResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => setMaskVisibility(ctx, req.userId, req.params.maskId, req.body.isVisible),
  );
}
