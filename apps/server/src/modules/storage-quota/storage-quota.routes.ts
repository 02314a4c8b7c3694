import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageUsageResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';
import { storageUsage } from './storage-quota.service.js';

/** GET /api/storage/usage: the account's stored bytes and its plan's quota. */
export async function registerStorageQuotaRoutes(api: App): Promise<void> {
  await api.register(async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/storage/usage',
      {
        preHandler: app.requireWorkspace,
        schema: {
          tags: ['storage'],
          summary: "The account's stored bytes and its plan's storage quota",
          security: [{ bearerAuth: [] }],
          response: { 200: storageUsageResponseSchema, 401: z.object({ message: z.string(), code: z.string() }) },
        },
      },
      async (req) => storageUsage(app.ctx, req.userId),
    );
  });
}
