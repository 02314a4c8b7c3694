import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@atelier/contract';
import { billingCustomers, checkoutSessions, stripeEvents } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import {
  WebhookSignatureError,
  isStripeProvider,
  type PaymentEvent,
  type ProviderCheckoutSession,
  type StripePaymentProvider,
} from '../../providers/payments/index.js';
import { addPurchasedCredits } from '../credits/index.js';
import { findUserById } from '../auth/index.js';
import { subscriptionAndCredits, type BillingDeps } from './billing.service.js';
import { findUserByCustomer } from './customers.js';
import { activateOrSync, type SyncResult } from './subscription-sync.js';
import { getCatalog } from './catalog.js';

/**
 * Stripe → billing. Every event is answered by re-reading the subscription (or checkout session)
 * from Stripe and applying that state with activateOrSync, so replays, duplicates and events
 * arriving out of order converge on Stripe's current state.
 */

/** Stripe's subscription status → ours. */
export function mapStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
      return 'PAST_DUE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELED';
    default:
      // incomplete (first payment pending), paused
      return 'INACTIVE';
  }
}

function stripeOf(deps: BillingDeps): StripePaymentProvider {
  if (!isStripeProvider(deps.payments)) throw notFound('Stripe is not configured on this server', 'NOT_FOUND');
  return deps.payments;
}

/**
 * Reads the subscription from Stripe and applies it. null when it belonged to an account that has
 * since been deleted (its cancellation and later events are acknowledged, nothing to apply).
 */
export async function syncStripeSubscription(deps: BillingDeps, subscriptionId: string, now = new Date()): Promise<SyncResult | null> {
  const stripe = stripeOf(deps);
  const sub = await stripe.retrieveSubscription(subscriptionId);
  const ref = getCatalog().planFromLookupKey(sub.lookupKey);
  if (!ref) {
    throw new Error(`Stripe subscription ${sub.id} uses price lookup key ${sub.lookupKey ?? '(none)'}, which is not in the catalog`);
  }
  let userId = await findUserByCustomer(deps.db, 'stripe', sub.customerId);
  if (!userId) {
    // A customer we did not create ourselves: trust the metadata our checkout puts on the subscription.
    const fromMetadata = Number(sub.metadata.userId);
    if (!Number.isInteger(fromMetadata) || fromMetadata <= 0) {
      throw new Error(`Stripe subscription ${sub.id}: customer ${sub.customerId} belongs to no user`);
    }
    userId = fromMetadata;
    if (!(await findUserById(deps.db, userId))) {
      deps.log.info({ subscriptionId: sub.id, userId }, 'Stripe subscription of a deleted account; acknowledged');
      return null;
    }
    await deps.db.insert(billingCustomers).values({ userId, provider: 'stripe', customerId: sub.customerId }).onConflictDoNothing();
  }
  return activateOrSync(
    deps.db,
    {
      userId,
      provider: 'stripe',
      providerSubscriptionId: sub.id,
      providerCustomerId: sub.customerId,
      planType: ref.planType,
      billingCycle: ref.billingCycle,
      isEducational: ref.isEducational,
      status: mapStripeStatus(sub.status),
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      // A studio plan is priced per seat: the subscription's quantity is its seats.
      seats: ref.team ? sub.quantity : null,
    },
    now,
  );
}

/** A completed Checkout Session: a subscription to sync, or a pack's credits to add (once). */
export async function applyCheckoutSession(deps: BillingDeps, session: ProviderCheckoutSession, now = new Date()): Promise<void> {
  const checkoutId = session.metadata.checkoutId;
  const rows = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.provider, 'stripe'),
        checkoutId ? eq(checkoutSessions.id, checkoutId) : eq(checkoutSessions.providerSessionId, session.id),
      ),
    )
    .limit(1);
  const row = rows[0];

  if (session.mode === 'subscription') {
    if (session.subscriptionId) await syncStripeSubscription(deps, session.subscriptionId, now);
    if (row && row.status !== 'COMPLETED') {
      await deps.db
        .update(checkoutSessions)
        .set({ status: 'COMPLETED', completedAt: now, providerSessionId: session.id })
        .where(eq(checkoutSessions.id, row.id));
    }
    return;
  }
  if (session.mode !== 'payment') return;
  if (!row) {
    if (checkoutId) throw new Error(`Stripe checkout ${session.id} names checkout ${checkoutId}, which does not exist`);
    deps.log.warn({ sessionId: session.id }, 'Stripe payment checkout that is not ours; ignored');
    return;
  }
  if (session.paymentStatus !== 'paid' && session.paymentStatus !== 'no_payment_required') return; // async payment pending
  if (row.kind !== 'CREDITS') throw new Error(`Stripe payment checkout ${session.id} is for a ${row.kind} checkout`);
  await deps.db.transaction(async (tx) => {
    await addPurchasedCredits(tx, {
      userId: row.userId,
      amount: row.credits,
      idempotencyKey: `purchase:${row.id}`,
      description: `Purchased ${row.credits} extra credits`,
      refType: 'checkout',
      refId: row.id,
      metadata: { stripeSession: session.id, amountTotal: session.amountTotal },
    });
    await tx
      .update(checkoutSessions)
      .set({ status: 'COMPLETED', completedAt: now, providerSessionId: session.id })
      .where(eq(checkoutSessions.id, row.id));
  });
}

export async function applyPaymentEvent(deps: BillingDeps, action: PaymentEvent, now = new Date()): Promise<void> {
  if (action.kind === 'checkout') await applyCheckoutSession(deps, action.session, now);
  else if (action.kind === 'subscription') await syncStripeSubscription(deps, action.subscriptionId, now);
}

export interface WebhookReply {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POST /webhooks/stripe: verify the signature on the raw bytes, record the event id, apply.
 * 400 for a bad signature, 200 for an event already processed, 500 (so Stripe retries) only
 * when processing failed.
 */
export async function handleStripeWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<WebhookReply> {
  const stripe = stripeOf(deps);
  let event;
  try {
    event = stripe.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      deps.log.warn({ reason: err.message }, 'Stripe webhook with a bad signature');
      return { status: 400, body: { message: 'Invalid Stripe signature', code: 'INVALID_SIGNATURE' } };
    }
    throw err;
  }

  const inserted = await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (inserted.length === 0) {
    const [seen] = await deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
    if (seen?.processedAt) return { status: 200, body: { received: true, duplicate: true } };
    await deps.db
      .update(stripeEvents)
      .set({ attempts: sql`${stripeEvents.attempts} + 1` })
      .where(eq(stripeEvents.id, event.id));
  }

  try {
    await applyPaymentEvent(deps, event.action, now);
  } catch (err) {
    deps.log.error({ err, eventId: event.id, type: event.type }, 'Stripe webhook processing failed');
    await deps.db
      .update(stripeEvents)
      .set({ lastError: (err as Error).message?.slice(0, 2000) ?? String(err) })
      .where(eq(stripeEvents.id, event.id));
    return { status: 500, body: { message: 'Webhook processing failed', code: 'WEBHOOK_FAILED' } };
  }
  await deps.db.update(stripeEvents).set({ processedAt: new Date(), lastError: null }).where(eq(stripeEvents.id, event.id));
  return { status: 200, body: { received: true } };
}

/**
 * POST /subscription/checkout/confirm: the success page hands back Stripe's session id, so the
 * plan shows at once even when the webhook is still on its way. Same path as the webhook.
 */
export async function confirmCheckout(deps: BillingDeps, userId: number, sessionId: string, now = new Date()) {
  if (isStripeProvider(deps.payments)) {
    let session: ProviderCheckoutSession;
    try {
      session = await deps.payments.retrieveCheckoutSession(sessionId);
    } catch {
      throw notFound('Checkout session not found', 'CHECKOUT_NOT_FOUND');
    }
    if (session.clientReferenceId !== String(userId)) throw notFound('Checkout session not found', 'CHECKOUT_NOT_FOUND');
    if (session.status === 'complete') await applyCheckoutSession(deps, session, now);
  }
  return subscriptionAndCredits(deps.db, userId);
}
