import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageErrorResponseSchema, inputImageIdParamsSchema, inputImagePassesResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';
import { errorResponses } from '../../lib/http-errors.js';
import { onListInputImageFiles, setUploadPassesHandler } from '../images/index.js';
import { checkUploadPasses, listPasses, passFilesOf } from './passes.service.js';

/** GET /api/images/input-images/:id/passes, and the passes an upload or a pushed view brings. */
export async function registerPassesRoutes(api: App): Promise<void> {
  setUploadPassesHandler({ check: checkUploadPasses });
  onListInputImageFiles(passFilesOf);
  await api.register(passesPlugin, { prefix: '/images' });
}

async function passesPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.get(
    '/input-images/:id/passes',
    {
      preHandler: app.requireWorkspace,
      schema: {
        tags: ['images'],
        security: [{ bearerAuth: [] }],
        summary: "An input image's depth and normal passes (sent with the view), with signed file URLs",
        params: inputImageIdParamsSchema,
        response: { 200: inputImagePassesResponseSchema, ...errorResponses(imageErrorResponseSchema, [400, 401, 404]) },
      },
    },
    async (req) => ({ passes: await listPasses(ctx, req.userId, req.params.id) }),
  );
}
