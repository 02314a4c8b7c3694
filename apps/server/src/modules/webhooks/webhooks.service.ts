import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  PLUGIN_MESSAGES,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_LOG_SIZE,
  type CreateWebhookEndpointRequest,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { BlockedAddressError, checkWebhookHost } from './webhook-address.js';
import { newWebhookSecret } from './webhook-sender.js';

const refuseUrl = (message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field: 'url' });

/** A new endpoint; its signing secret is in this reply only. */
export async function createWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  input: CreateWebhookEndpointRequest,
): Promise<CreatedWebhookEndpoint> {
  const url = new URL(input.url);
  try {
    await checkWebhookHost(url.hostname, ctx.config.WEBHOOKS_ALLOW_PRIVATE);
  } catch (err) {
    throw refuseUrl(err instanceof BlockedAddressError ? PLUGIN_MESSAGES.webhookPrivate : PLUGIN_MESSAGES.webhookUnresolvable);
  }
  const events = [...new Set(input.events)];
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    const [{ total }] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (Number(total) >= WEBHOOK_ENDPOINT_LIMIT) throw new AppError(409, 'WEBHOOK_LIMIT', PLUGIN_MESSAGES.webhookLimit);
    const [inserted] = await tx.insert(webhookEndpoints).values({ userId, url: url.toString(), events, secret }).returning();
    return inserted;
  });
  return { id: row.id, url: row.url, events: row.events as WebhookEvent[], secret };
}

function presentDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDelivery['status'],
    statusCode: row.statusCode,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's endpoints (never their secrets), each with its last deliveries, newest first. */
export async function listWebhookEndpoints(ctx: Pick<AppContext, 'db'>, userId: number): Promise<WebhookEndpoint[]> {
  const endpoints = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINT_LIMIT);
  return Promise.all(
    endpoints.map(async (e) => {
      const deliveries = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, e.id), eq(webhookDeliveries.userId, userId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_LOG_SIZE);
      return { id: e.id, url: e.url, events: e.events as WebhookEvent[], createdAt: e.createdAt.toISOString(), deliveries: deliveries.map(presentDelivery) };
    }),
  );
}

/** Removes the endpoint and its log; pending deliveries to it are dropped. */
export async function deleteWebhookEndpoint(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound(PLUGIN_MESSAGES.webhookNotFound, 'WEBHOOK_NOT_FOUND');
}

/** The user's endpoints subscribed to the event. */
export async function endpointsFor(ctx: Pick<AppContext, 'db'>, userId: number, event: WebhookEvent) {
  return ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), sql`${event} = ANY(${webhookEndpoints.events})`));
}

