import type { FastifyInstance } from 'fastify';
import type { App } from '../../app.js';
import { handleRunPodWebhook } from './runpod-webhook.service.js';

/** worker-comfyui results carry base64 images: far more than the API's usual 2 MB body limit. */
const WEBHOOK_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * POST /api/runpod/webhook?job&secret: RunPod's job-finished callback. No bearer token (RunPod
 * cannot send one): the per-job secret in the URL authenticates it. Missing credentials 401;
 * an unknown job or a wrong secret 404 (the same answer for both); a repeated delivery 200
 * without effect. A failure to record answers 5xx, so RunPod retries the delivery.
 */
export async function registerRunPodWebhookRoutes(api: App): Promise<void> {
  await api.register(webhookPlugin);
}

async function webhookPlugin(app: FastifyInstance): Promise<void> {
  app.post(
    '/runpod/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // The URL carries the job's secret: keep it out of the info-level request log.
      logLevel: 'warn',
      schema: {
        tags: ['generation'],
        summary: 'RunPod job webhook (authenticated by the per-job secret in its URL)',
        hide: true,
      },
    },
    async (req, reply) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      const outcome = await handleRunPodWebhook(app.ctx.db, { job: q.job, secret: q.secret, body: req.body });
      switch (outcome.kind) {
        case 'unauthenticated':
          return reply.code(401).send({ message: 'Webhook authentication required', code: 'UNAUTHORIZED' });
        case 'not_found':
          return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
        default:
          return reply.code(200).send({ received: true, applied: outcome.applied });
      }
    },
  );
}
