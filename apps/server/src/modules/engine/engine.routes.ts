import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { engineInfoResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';
import { engineInfo } from './engine-info.js';

/** GET /api/engine: which image engine renders here, whether it is the CPU preview engine, and what a GPU engine's preflight found missing. */
export async function registerEngineRoutes(api: App): Promise<void> {
  await api.register(enginePlugin);
}

async function enginePlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { engine } = app.ctx;
  app.get(
    '/engine',
    {
      schema: {
        tags: ['generation'],
        summary: 'The active image engine (local = the CPU preview engine; comfyui or runpod = a GPU diffusion engine) and its status (ready, degraded: a model or node is missing, unreachable)',
        response: { 200: engineInfoResponseSchema },
      },
    },
    async () => engineInfo(engine),
  );
}
