import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchIdParamsSchema,
  batchStatusResponseSchema,
  createFromBatchRequestSchema,
  customizationIdParamsSchema,
  customizationSettingsResponseSchema,
  errorResponseSchema,
  generateWithStateRequestSchema,
  generationRequestSchema,
  generationResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  legacyCreateRequestSchema,
  legacyCreateResponseSchema,
  variationsQuerySchema,
  variationsResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { PUBLIC_API_SECURITY, PUBLIC_API_TAG, withExample } from '../../lib/public-api.js';
import {
  createFromBatch,
  getBatchSettings,
  getBatchStatus,
  getImageSettings,
  inputFromRequest,
  inputFromState,
  legacyCreate,
  listHistory,
  listVariations,
  startGeneration,
} from './generation.service.js';
import { registerRenderQueue } from './render.job.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(errorResponseSchema, statuses);

/**
 * /api/runpod/* (spec §7 generation calls), /api/generation/create (legacy) and the two
 * customization settings calls. Also declares the render queue (its workers run where
 * WORKERS_IN_PROCESS says).
 */
export async function registerGenerationRoutes(api: App): Promise<void> {
  registerRenderQueue(api.ctx);
  await api.register(generationPlugin);
}

async function generationPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };
  const publicApi = { preHandler: app.requireUserOrApiKey };

  app.post(
    '/runpod/generate',
    {
      ...publicApi,
      schema: {
        tags: ['generation', PUBLIC_API_TAG],
        summary: 'Render 1–4 variations of an input image (one credit each)',
        security: PUBLIC_API_SECURITY,
        description: withExample(
          'Answers at once with the batch id; follow it with GET /runpod/status/{batchId}. 403 without an active plan, 402 without enough credits.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" -H "Content-Type: application/json" -d \'{"inputImageId": 42, "prompt": "brick villa at dusk", "variations": 2}\' "$ATELIER_URL/api/runpod/generate"',
        ),
        body: generationRequestSchema,
        response: { 200: generationResponseSchema, ...errors(400, 401, 402, 403, 404) },
      },
    },
    async (req) => startGeneration(ctx, req.userId, inputFromRequest(req.body)),
  );

  app.post(
    '/runpod/generate-with-state',
    {
      ...auth,
      schema: {
        tags: ['generation'],
        summary: "Render from the Create screen's current customization state",
        security: BEARER,
        body: generateWithStateRequestSchema,
        response: { 200: generationResponseSchema, ...errors(400, 401, 402, 403, 404) },
      },
    },
    async (req) => startGeneration(ctx, req.userId, inputFromState(req.body)),
  );

  app.post(
    '/runpod/create-from-batch',
    {
      ...auth,
      schema: {
        tags: ['generation'],
        summary: "A new batch from a batch's input, prompt and settings (new seeds)",
        security: BEARER,
        body: createFromBatchRequestSchema,
        response: { 200: generationResponseSchema, ...errors(400, 401, 402, 403, 404) },
      },
    },
    async (req) => createFromBatch(ctx, req.userId, req.body),
  );

  app.get(
    '/runpod/status/:batchId',
    {
      ...publicApi,
      schema: {
        tags: ['generation', PUBLIC_API_TAG],
        summary: 'A batch and its images',
        security: PUBLIC_API_SECURITY,
        description: withExample(
          'The batch status (PROCESSING, COMPLETED) and its images with their signed URLs.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" "$ATELIER_URL/api/runpod/status/17"',
        ),
        params: batchIdParamsSchema,
        response: { 200: batchStatusResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => getBatchStatus(ctx, req.userId, req.params.batchId),
  );

  app.get(
    '/runpod/history',
    {
      ...publicApi,
      schema: {
        tags: ['generation', PUBLIC_API_TAG],
        summary: 'Create batches, newest first (page size 10)',
        security: PUBLIC_API_SECURITY,
        description: withExample(
          'The user\'s recent renders.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" "$ATELIER_URL/api/runpod/history?page=1"',
        ),
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => listHistory(ctx, req.userId, req.query),
  );

  app.get(
    '/runpod/variations',
    {
      ...auth,
      schema: {
        tags: ['generation'],
        summary: 'Create images (completed and processing), newest first (page size 50)',
        security: BEARER,
        querystring: variationsQuerySchema,
        response: { 200: variationsResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => listVariations(ctx, req.userId, req.query),
  );

  app.post(
    '/generation/create',
    {
      ...auth,
      schema: {
        tags: ['generation'],
        summary: 'Legacy: one variation of the newest input image; answers when it is done (at most a minute)',
        security: BEARER,
        body: legacyCreateRequestSchema,
        response: { 200: legacyCreateResponseSchema, ...errors(400, 401, 402, 403) },
      },
    },
    async (req) => legacyCreate(ctx, req.userId, req.body.prompt),
  );

  app.get(
    '/customization/batch/:id/settings',
    {
      ...auth,
      schema: {
        tags: ['customization'],
        summary: 'The customization settings a batch was made with (includes inputImageId)',
        security: BEARER,
        params: customizationIdParamsSchema,
        response: { 200: customizationSettingsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => ({ success: true as const, settings: await getBatchSettings(ctx, req.userId, req.params.id) }),
  );

  app.get(
    '/customization/image/:id/settings',
    {
      ...auth,
      schema: {
        tags: ['customization'],
        summary: 'The customization settings a generated image was made with (id of a generated image)',
        security: BEARER,
        params: customizationIdParamsSchema,
        response: { 200: customizationSettingsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => ({ success: true as const, settings: await getImageSettings(ctx, req.userId, req.params.id) }),
  );
}
