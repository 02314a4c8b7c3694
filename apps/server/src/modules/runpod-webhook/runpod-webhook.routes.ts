import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../types.js';
import type { EngineJobRow } from '../../engines/runpod/engine-jobs.js';
import { RUNPOD_BASE64_MAX_BYTES } from '../../engines/runpod/runpod-engine.js';
import { applyWebhook, authenticateWebhook } from './runpod-webhook.service.js';

/**
 * The largest delivery: a result as base64 (the engine refuses larger ones before the charge;
 * larger results go through S3) with the job object around it. A larger body is answered 413
 * from its Content-Length, before it is read.
 */
export const WEBHOOK_BODY_LIMIT = RUNPOD_BASE64_MAX_BYTES + 5 * 1024 * 1024;

/**
 * POST /api/runpod/webhook?job&secret: RunPod's job-finished callback, registered only with
 * ENGINE=runpod. No bearer token (RunPod cannot send one): the per-job secret in the URL
 * authenticates it, checked before the body is read. Missing credentials 401; an unknown job or
 * a wrong secret 404 (the same answer for both); a body over the limit 413; a repeated delivery
 * 200 without effect. A failure to record answers 5xx, so RunPod retries the delivery.
 */
export async function registerRunPodWebhookRoutes(api: App): Promise<void> {
  if (api.ctx.config.ENGINE !== 'runpod') return;
  await api.register(webhookPlugin);
}

const authenticated = new WeakMap<FastifyRequest, EngineJobRow>();

async function webhookPlugin(app: FastifyInstance): Promise<void> {
  // Runs before the body is parsed: an unauthenticated sender never gets a byte of it read.
  const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const auth = await authenticateWebhook(app.ctx.db, { job: q.job, secret: q.secret });
    if (auth.kind === 'unauthenticated') return reply.code(401).send({ message: 'Webhook authentication required', code: 'UNAUTHORIZED' });
    if (auth.kind === 'not_found') return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    authenticated.set(req, auth.row);
  };

  app.post(
    '/runpod/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: authenticate,
      // The URL carries the job's secret: keep it out of the info-level request log.
      logLevel: 'warn',
      schema: {
        tags: ['generation'],
        summary: 'RunPod job webhook (authenticated by the per-job secret in its URL)',
        hide: true,
      },
    },
    async (req, reply) => {
      const row = authenticated.get(req);
      if (!row) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      const outcome = await applyWebhook(app.ctx.db, row, req.body);
      if (outcome.kind === 'not_found') return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      return reply.code(200).send({ received: true, applied: outcome.applied });
    },
  );
}
