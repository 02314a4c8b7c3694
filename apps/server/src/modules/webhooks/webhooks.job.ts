import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LiveMessage, WebhookEvent, WebhookPayload } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { JobContext } from '../../lib/jobs/index.js';
import { onEmitted } from '../generation/index.js';
import { BlockedAddressError } from './webhook-address.js';
import { sendWebhook } from './webhook-sender.js';
import { endpointsFor } from './webhooks.service.js';

const WEBHOOKS_QUEUE = 'webhook-delivery';
/** 5 tries: the first and 4 retries about 1, 2, 4 and 8 × the base delay later (jittered up to 2×). */
const RETRY_LIMIT = 4;
/** Result URLs in a delivery stay valid this long (at least 24 h, for a receiver that fetches late). */
const RESULT_URL_TTL_SECONDS = 26 * 3600;

interface DeliveryJob {
  deliveryId: number;
}

/** Declares the delivery queue and turns the work's live messages into deliveries. */
export function registerWebhooksQueue(ctx: AppContext): void {
  ctx.jobs.define<DeliveryJob>({
    name: WEBHOOKS_QUEUE,
    timeoutSeconds: 30,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: ctx.config.WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    concurrency: 2,
    handle: (job) => deliver(ctx, job),
  });
  onEmitted(enqueueDeliveries);
}

/** The webhook event and payload of a live message, or null for messages no webhook carries. */
function payloadOf(ctx: AppContext, message: LiveMessage): WebhookPayload | null {
  const timestamp = new Date().toISOString();
  /** A result URL signed again to last as long as a late receiver may need. */
  const longLived = (url: string) => {
    const key = ctx.urls.parse(url, { allowExpired: true })?.key;
    return key ? ctx.urls.signAbsolute(key, { ttlSeconds: RESULT_URL_TTL_SECONDS }) : null;
  };
  if (message.type === 'masks_completed') {
    return { type: 'masks.completed', timestamp, data: { inputImageId: message.inputImageId, status: 'completed', maskCount: message.maskCount } };
  }
  if (message.type === 'set_completed') {
    return {
      type: 'set.completed',
      timestamp,
      data: {
        setRenderId: message.setRenderId,
        set: message.set,
        status: message.status,
        views: message.views.map((v) => ({ ...v, images: v.images.flatMap((image) => { const url = longLived(image.url); return url ? [{ id: image.id, url }] : []; }) })),
      },
    };
  }
  if (message.type !== 'batch_completed') return null;
  const type: WebhookEvent = message.successfulVariations > 0 ? 'batch.completed' : 'batch.failed';
  const images = message.completedImages.flatMap((image) => {
    const url = longLived(image.url);
    return url ? [{ id: image.id, variationNumber: image.variationNumber, url }] : [];
  });
  return {
    type,
    timestamp,
    data: {
      batchId: message.batchId,
      inputImageId: message.inputImageId ?? undefined,
      moduleType: message.moduleType,
      status: type === 'batch.completed' ? 'COMPLETED' : 'FAILED',
      images,
    },
  };
}

async function enqueueDeliveries(ctx: AppContext, userId: number, message: LiveMessage): Promise<void> {
  const payload = payloadOf(ctx, message);
  if (!payload) return;
  const endpoints = await endpointsFor(ctx, userId, payload.type);
  if (endpoints.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const endpoint of endpoints) {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, userId, messageId: `msg_${crypto.randomUUID()}`, event: payload.type, payload: JSON.stringify(payload) })
        .returning({ id: webhookDeliveries.id });
      await ctx.jobs.send<DeliveryJob>(WEBHOOKS_QUEUE, { deliveryId: row.id }, { tx });
    }
  });
  ctx.jobs.notify(WEBHOOKS_QUEUE);
}

/** One try of one delivery; a failure that may pass (no reply, a non-2xx) throws so the job is retried. */
async function deliver(ctx: AppContext, job: JobContext<DeliveryJob>): Promise<void> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.userId, webhookDeliveries.userId)))
    .where(eq(webhookDeliveries.id, job.data.deliveryId))
    .limit(1);
  if (!row || row.delivery.status !== 'pending') return; // endpoint removed, or delivered already
  const { delivery } = row;
  const record = (patch: Partial<typeof webhookDeliveries.$inferInsert>) =>
    ctx.db
      .update(webhookDeliveries)
      .set({ attempts: delivery.attempts + 1, updatedAt: new Date(), ...patch })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.userId, delivery.userId)));

  let statusCode: number;
  try {
    statusCode = await sendWebhook({
      url: row.url,
      secret: row.secret,
      messageId: delivery.messageId,
      body: delivery.payload,
      allowPrivate: ctx.config.WEBHOOKS_ALLOW_PRIVATE,
      signal: job.signal,
    });
  } catch (err) {
    if (err instanceof BlockedAddressError) {
      await record({ status: 'failed', statusCode: null, error: err.message });
      return; // never retried: the address will not become public by waiting
    }
    const reason = (err as Error).message || 'no reply';
    await record({ status: job.isFinalAttempt ? 'failed' : 'pending', statusCode: null, error: `No reply: ${reason}`.slice(0, 300) });
    throw err;
  }
  if (statusCode >= 200 && statusCode < 300) {
    await record({ status: 'delivered', statusCode, error: null });
    return;
  }
  await record({ status: job.isFinalAttempt ? 'failed' : 'pending', statusCode, error: `The receiver answered ${statusCode}` });
  throw new Error(`webhook ${delivery.messageId} answered ${statusCode}`);
}
