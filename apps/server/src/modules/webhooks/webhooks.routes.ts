import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointRequestSchema,
  imageErrorResponseSchema,
  pluginDeletedResponseSchema,
  pluginIdParamsSchema,
  webhookEndpointsResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { registerWebhooksQueue } from './webhooks.job.js';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from './webhooks.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['webhooks'];
const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(imageErrorResponseSchema, statuses);

/** /api/webhooks/endpoints (a signed-in session manages them), and the delivery queue. */
export async function registerWebhookRoutes(api: App): Promise<void> {
  registerWebhooksQueue(api.ctx);
  await api.register(webhooksPlugin, { prefix: '/webhooks/endpoints' });
}

async function webhooksPlugin(scope: FastifyInstance): Promise<void> {
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
        summary: 'Add a webhook endpoint (the signing secret is in this reply only)',
        description:
          'Deliveries are POSTed as JSON with the Standard Webhooks headers: `webhook-id`, `webhook-timestamp` (Unix seconds) and ' +
          '`webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the base64 part of the ' +
          '`whsec_…` secret. A delivery that gets no 2xx is tried again with backoff, 5 tries over about an hour. Only http(s) ' +
          'URLs of public addresses are accepted.',
        body: createWebhookEndpointRequestSchema,
        response: { 201: createdWebhookEndpointSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await createWebhookEndpoint(ctx, req.userId, req.body)),
  );

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's webhook endpoints, each with its last 20 deliveries",
        response: { 200: webhookEndpointsResponseSchema, ...errors(401, 403) },
      },
    },
    async (req) => ({ endpoints: await listWebhookEndpoints(ctx, req.userId) }),
  );

  app.delete(
    '/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Remove a webhook endpoint (and its delivery log)',
        params: pluginIdParamsSchema,
        response: { 200: pluginDeletedResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteWebhookEndpoint(ctx, req.userId, req.params.id);
      return { success: true as const, id: req.params.id };
    },
  );
}
