import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteInfoResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';

/** GET /api/site: what the public pages show about this deployment (the sign-in page's credentials). */
export async function registerSiteRoutes(api: App): Promise<void> {
  await api.register(sitePlugin);
}

async function sitePlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Credentials shown under the sign-in card (CREDENTIALS; empty when unset)',
        response: { 200: siteInfoResponseSchema },
      },
    },
    async () => ({ credentials: config.CREDENTIALS }),
  );
}
