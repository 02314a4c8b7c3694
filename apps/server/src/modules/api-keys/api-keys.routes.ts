import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  errorResponseSchema,
  pluginDeletedResponseSchema,
  pluginIdParamsSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['api-keys'];
const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(errorResponseSchema, statuses);

/** /api/api-keys: a signed-in session manages its keys (a key itself is refused here with 403). */
export async function registerApiKeyRoutes(api: App): Promise<void> {
  await api.register(apiKeysPlugin, { prefix: '/api-keys' });
}

async function apiKeysPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };

  app.post(
    '/',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Create an API key (the key is in this reply only; at most 20 per account)',
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await createApiKey(ctx.db, req.userId, req.body.name, req.actorId)),
  );

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's API keys (never the keys themselves), newest first",
        response: { 200: apiKeysResponseSchema, ...errors(401, 403) },
      },
    },
    async (req) => ({ apiKeys: await listApiKeys(ctx.db, req.userId) }),
  );

  app.delete(
    '/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Revoke an API key (calls with it answer 401 from now on)',
        params: pluginIdParamsSchema,
        response: { 200: pluginDeletedResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteApiKey(ctx.db, req.userId, req.params.id);
      return { success: true as const, id: req.params.id };
    },
  );
}
