import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  imageErrorResponseSchema,
  refineGenerateRequestSchema,
  refineGenerateResponseSchema,
  refineImageParamsSchema,
  refineImageQuerySchema,
  refineOperationsQuerySchema,
  refineOperationsResponseSchema,
  refineSettingsResponseSchema,
  saveRefineSettingsRequestSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { registerRefineQueue } from './refine.job.js';
import { getRefineSettings, listRefineOperations, saveRefineSettings, startRefine } from './refine.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];
/** Error replies: { message, code } and, for a bad field, its name. */
const errors = (...statuses: number[]) =>
  errorResponses(imageErrorResponseSchema, statuses);

/**
 * /api/refine/* (spec §7 the refine calls): start a refine/upscale, list an image's results,
 * read and save its settings. Also declares the refine queue (its workers run where
 * WORKERS_IN_PROCESS says). `imageType` (uploaded, the default, or generated) says which kind of
 * image `imageId` is.
 */
export async function registerRefineRoutes(api: App): Promise<void> {
  registerRefineQueue(api.ctx);
  await api.register(refinePlugin);
}

async function refinePlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };

  app.post(
    '/refine/generate',
    {
      ...auth,
      schema: {
        tags: ['refine'],
        summary: 'Refine or upscale an image: 1–4 variations, one credit each (refused above 64 megapixels before any credit is spent)',
        security: BEARER,
        body: refineGenerateRequestSchema,
        response: { 200: refineGenerateResponseSchema, ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => startRefine(ctx, req.userId, req.body),
  );

  app.get(
    '/refine/operations/:imageId',
    {
      ...auth,
      schema: {
        tags: ['refine'],
        summary: "An image's refine results, newest first (the first 50 unless ?limit)",
        security: BEARER,
        params: refineImageParamsSchema,
        querystring: refineOperationsQuerySchema,
        response: { 200: refineOperationsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => listRefineOperations(ctx, req.userId, req.params.imageId, req.query.imageType, req.query.limit),
  );

  app.get(
    '/refine/settings/:imageId',
    {
      ...auth,
      schema: {
        tags: ['refine'],
        summary: 'The refine settings saved for an image (404 when none are: use the defaults)',
        security: BEARER,
        params: refineImageParamsSchema,
        querystring: refineImageQuerySchema,
        response: { 200: refineSettingsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => getRefineSettings(ctx, req.userId, req.params.imageId, req.query.imageType),
  );

  app.post(
    '/refine/settings',
    {
      ...auth,
      schema: {
        tags: ['refine'],
        summary: "Save an image's refine settings (fields left out keep their saved or default value)",
        security: BEARER,
        body: saveRefineSettingsRequestSchema,
        response: { 200: refineSettingsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => saveRefineSettings(ctx, req.userId, req.body),
  );
}
