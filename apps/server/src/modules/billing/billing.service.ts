import crypto from 'node:crypto';
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import {
  BILLING_ERROR_CODES,
  BILLING_MESSAGES,
  CREDITS_MESSAGES,
  PLAN_RANK,
  hasActivePlan,
  type BillingCycle,
  type CreditPackId,
  type CreditsSummary,
  type InvoicesResponse,
  type PaidPlanType,
  type PricingResponse,
  type Subscription,
  type SubscriptionStatus,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { billingCustomers, checkoutSessions, subscriptions } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { CheckoutUnavailableError, type PaymentProviderKind } from '../../providers/payments/index.js';
import { findUserById } from '../auth/index.js';
import {
  addPlanCredits,
  expirePlanAllowance,
  getBalance,
  getCreditBreakdown,
  grantPlanAllowance,
} from '../credits/index.js';
import { getCatalog } from './catalog.js';
import { currentSliceStart, monthKey, nextSliceStart, periodEndFrom } from './periods.js';
import { isStudent } from './students.js';
import { getSubscriptionRow, toSubscription, type SubscriptionRow } from './subscription.service.js';
import { rewardReferralOnFirstPlan } from '../referrals/index.js';

/** What the billing service needs from the app context. */
export type BillingDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>;

type Executor = Db | Tx;

/** A subscription as the payment provider reports it; the one input of activateOrSync. */
export interface SubscriptionState {
  userId: number;
  provider: PaymentProviderKind;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  planType: PaidPlanType;
  billingCycle: BillingCycle;
  isEducational: boolean;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface SyncResult {
  applied: boolean;
  /** Why nothing was written ('stale', 'superseded'). */
  skipped?: string;
  /** Credits added by this sync (a grant's net change, an upgrade's top-up, an expiry's removal). */
  creditChange: number;
}

const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'PAST_DUE']);
const isLive = (row: Pick<SubscriptionRow, 'status' | 'planType'> | undefined) =>
  !!row && row.planType !== 'FREE' && LIVE_STATUSES.has(row.status);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthLabel = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

export const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;

/**
 * The one path by which a subscription changes: a Stripe webhook (after re-reading Stripe's
 * state), a completed local test checkout, the local portal and the scheduler all end here.
 * It is convergent: applying the same state twice, or an older state after a newer one,
 * changes nothing. Credits:
 *   - ACTIVE: the month's allowance is granted once, keyed grant:<subscription>:<YYYY-MM>; it
 *     replaces what is left of the previous allowance, purchased credits stay. A yearly plan
 *     has twelve such months. An upgrade within a month tops the allowance up to the new plan's.
 *   - PAST_DUE: flagged only; credits stay.
 *   - CANCELED (the period is over): the plan allowance ends, purchased credits stay.
 */
export async function activateOrSync(ex: Executor, state: SubscriptionState, now = new Date()): Promise<SyncResult> {
  const catalog = getCatalog();
  return ex.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values({ userId: state.userId, planType: 'FREE', billingCycle: 'MONTHLY', status: 'INACTIVE', provider: state.provider })
      .onConflictDoNothing({ target: subscriptions.userId });
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, state.userId)).for('update');

    const sameSubscription = row.providerSubscriptionId === state.providerSubscriptionId;
    if (!sameSubscription && isLive(row) && !LIVE_STATUSES.has(state.status)) {
      // An old subscription ending (or an abandoned one) must not replace the live one.
      return { applied: false, skipped: 'superseded', creditChange: 0 };
    }
    if (
      sameSubscription &&
      row.currentPeriodStart &&
      state.currentPeriodStart.getTime() < row.currentPeriodStart.getTime()
    ) {
      return { applied: false, skipped: 'stale', creditChange: 0 };
    }

    let lastGrantAt = sameSubscription ? row.lastGrantAt : null;
    let grantedAllowance = sameSubscription ? row.grantedAllowance : 0;
    let creditChange = 0;
    const plan = catalog.plan(state.planType);
    const allowance = plan.creditsPerMonth;
    const ref = { refType: 'subscription', refId: state.providerSubscriptionId };

    if (state.status === 'ACTIVE') {
      const slice = currentSliceStart(state.currentPeriodStart, state.currentPeriodEnd, now);
      const month = monthKey(slice);
      if (lastGrantAt && monthKey(lastGrantAt) === month) {
        if (allowance > grantedAllowance) {
          const before = await getBalance(tx, state.userId);
          const r = await addPlanCredits(tx, {
            userId: state.userId,
            amount: allowance - grantedAllowance,
            idempotencyKey: `upgrade:${state.providerSubscriptionId}:${month}:${allowance}`,
            description: `Upgrade to ${plan.name}: ${allowance - grantedAllowance} more credits for ${monthLabel(slice)}`,
            ...ref,
          });
          creditChange += r.balance - before;
          grantedAllowance = allowance;
        }
      } else if (!lastGrantAt || slice.getTime() > lastGrantAt.getTime()) {
        const before = await getBalance(tx, state.userId);
        const r = await grantPlanAllowance(tx, {
          userId: state.userId,
          allowance,
          idempotencyKey: `grant:${state.providerSubscriptionId}:${month}`,
          description: `${plan.name}: ${allowance.toLocaleString('en-US')} credits for ${monthLabel(slice)}`,
          ...ref,
        });
        if (r.applied) creditChange += r.balance - before;
        lastGrantAt = slice;
        grantedAllowance = allowance;
      }
      // An account that joined through an invite: both get the referral credits, once.
      await rewardReferralOnFirstPlan(tx, state.userId);
    } else if (state.status === 'CANCELED' && sameSubscription && row.lastGrantAt) {
      const before = await getBalance(tx, state.userId);
      const r = await expirePlanAllowance(tx, {
        userId: state.userId,
        idempotencyKey: `expire:${state.providerSubscriptionId}`,
        description: `${plan.name} ended: plan credits expired (purchased credits kept)`,
        ...ref,
      });
      creditChange += r.balance - before;
      grantedAllowance = 0;
    }

    let nextGrantAt: Date | null = null;
    if (state.status === 'ACTIVE') {
      nextGrantAt =
        nextSliceStart(state.currentPeriodStart, state.currentPeriodEnd, lastGrantAt ?? state.currentPeriodStart) ??
        // Stripe renews its own subscriptions (and tells us by webhook); local ones renew here.
        (state.provider === 'local' ? state.currentPeriodEnd : null);
    }

    await tx
      .update(subscriptions)
      .set({
        planType: state.planType,
        billingCycle: state.billingCycle,
        status: state.status,
        isEducational: state.isEducational,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        provider: state.provider,
        providerCustomerId: state.providerCustomerId,
        providerSubscriptionId: state.providerSubscriptionId,
        lastGrantAt,
        grantedAllowance,
        nextGrantAt,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id));
    return { applied: true, creditChange };
  });
}

/** The stored row as a SubscriptionState (for the scheduler). */
export function stateFromRow(row: SubscriptionRow): SubscriptionState | null {
  if (row.planType === 'FREE' || !row.providerSubscriptionId || !row.currentPeriodStart || !row.currentPeriodEnd) return null;
  return {
    userId: row.userId,
    provider: row.provider === 'stripe' ? 'stripe' : 'local',
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    planType: row.planType,
    billingCycle: row.billingCycle,
    isEducational: row.isEducational,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * The scheduler's work: each yearly plan's monthly allowance, and (local test mode only) the
 * renewal or end of a period. Stripe renewals arrive by webhook. Safe to run often and from
 * several processes: every grant is keyed and every row is locked while it changes.
 */
export async function grantDueAllowances(
  deps: Pick<BillingDeps, 'db' | 'log'>,
  now = new Date(),
  batchSize = 200,
): Promise<{ processed: number; failed: number }> {
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.nextGrantAt), lte(subscriptions.nextGrantAt, now)))
    .orderBy(asc(subscriptions.nextGrantAt))
    .limit(batchSize);
  let processed = 0;
  let failed = 0;
  for (const row of due) {
    const state = stateFromRow(row);
    if (!state) continue;
    try {
      if (state.provider === 'local' && now.getTime() >= state.currentPeriodEnd.getTime()) {
        if (state.cancelAtPeriodEnd) {
          await activateOrSync(deps.db, { ...state, status: 'CANCELED' }, now);
        } else {
          // A test-mode renewal always "pays"; a server that was down catches up to today's period.
          let start = state.currentPeriodEnd;
          let end = periodEndFrom(start, state.billingCycle);
          while (end.getTime() <= now.getTime()) {
            start = end;
            end = periodEndFrom(start, state.billingCycle);
          }
          await activateOrSync(deps.db, { ...state, status: 'ACTIVE', currentPeriodStart: start, currentPeriodEnd: end }, now);
        }
      } else {
        await activateOrSync(deps.db, state, now);
      }
      processed += 1;
    } catch (err) {
      failed += 1;
      deps.log.error({ err, userId: row.userId }, 'scheduled plan allowance failed');
    }
  }
  return { processed, failed };
}

/* ------------------------------------ catalog ------------------------------------ */

export async function getPricing(db: Executor, userId: number): Promise<PricingResponse> {
  const catalog = getCatalog();
  return {
    regularPlans: catalog.pricingPlans(false),
    educationalPlans: catalog.pricingPlans(true),
    isStudent: await isStudent(db, userId),
  };
}

export async function getCreditsSummary(db: Executor, userId: number): Promise<CreditsSummary> {
  const [breakdown, row] = await Promise.all([getCreditBreakdown(db, userId), getSubscriptionRow(db, userId)]);
  const subscription = toSubscription(row);
  return {
    credits: breakdown.balance,
    purchasedCredits: breakdown.purchased,
    planCredits: breakdown.plan,
    allowance: subscription.credits,
    packs: getCatalog().packs,
    canPurchase: hasActivePlan(subscription),
  };
}

/* ------------------------------------ customers ------------------------------------ */

export async function findCustomerId(db: Executor, userId: number, provider: PaymentProviderKind): Promise<string | null> {
  const rows = await db
    .select({ id: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findUserByCustomer(db: Executor, provider: PaymentProviderKind, customerId: string): Promise<number | null> {
  const rows = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** The provider's customer for a user, created on first use (one per user and provider). */
export async function ensureCustomer(deps: BillingDeps, userId: number): Promise<string> {
  const provider = deps.payments.kind;
  const existing = await findCustomerId(deps.db, userId, provider);
  if (existing) return existing;
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
  const customerId = await deps.payments.createCustomer({ userId, email: user.email, name: user.fullName });
  await deps.db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  return (await findCustomerId(deps.db, userId, provider)) ?? customerId;
}

/* ------------------------------------ checkout ------------------------------------ */

export type PlanCheckoutDecision =
  | { kind: 'new' }
  | { kind: 'change'; row: SubscriptionRow }
  | { kind: 'refuse'; error: AppError };

/**
 * Whether a plan checkout starts a subscription, changes the live one, or is refused. Mirrors
 * the plans page's action matrix: the current plan and cycle is managed in the portal, a
 * lower-ranked plan is a downgrade made in the portal, anything else is an upgrade.
 */
export function decidePlanCheckout(
  row: SubscriptionRow | undefined,
  want: { planType: PaidPlanType; billingCycle: BillingCycle; isEducational: boolean },
  provider: PaymentProviderKind,
): PlanCheckoutDecision {
  if (!row || !isLive(row) || row.provider !== provider || !row.providerSubscriptionId) return { kind: 'new' };
  if (row.status === 'PAST_DUE') {
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.paymentPastDue, BILLING_MESSAGES.pastDue) };
  }
  if (row.planType === want.planType && row.billingCycle === want.billingCycle && row.isEducational === want.isEducational) {
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.alreadySubscribed, BILLING_MESSAGES.alreadyOnPlan) };
  }
  if (PLAN_RANK[want.planType] < PLAN_RANK[row.planType]) {
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.useBillingPortal, BILLING_MESSAGES.downgradeInPortal) };
  }
  return { kind: 'change', row };
}

export function planDescription(planType: PaidPlanType, cycle: BillingCycle, isEducational: boolean): string {
  const plan = getCatalog().plan(planType);
  return `${plan.name}${isEducational ? ' (educational)' : ''}, billed ${cycle === 'YEARLY' ? 'yearly' : 'monthly'}`;
}

const CHECKOUT_TTL_MS = 24 * 3600 * 1000;

function providerFailure(deps: BillingDeps, err: unknown, what: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof CheckoutUnavailableError) {
    deps.log.error({ err }, `${what}: the provider's price does not match the catalog`);
    return new AppError(
      503,
      BILLING_ERROR_CODES.checkoutUnavailable,
      'This purchase is not available right now. Please try again later or contact support.',
    );
  }
  deps.log.error({ err }, `${what}: the payment provider failed`);
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached. Please try again.');
}

/** POST /subscription/checkout */
export async function startPlanCheckout(
  deps: BillingDeps,
  userId: number,
  want: { planType: PaidPlanType; billingCycle: BillingCycle; isEducational: boolean },
): Promise<{ url: string }> {
  if (want.isEducational && !(await isStudent(deps.db, userId))) {
    throw forbidden(BILLING_MESSAGES.educationalOnlyForStudents, BILLING_ERROR_CODES.studentVerificationRequired);
  }
  const catalog = getCatalog();
  const row = await getSubscriptionRow(deps.db, userId);
  const decision = decidePlanCheckout(row, want, deps.payments.kind);
  if (decision.kind === 'refuse') throw decision.error;

  const amount = catalog.price(want);
  const lookupKey = catalog.planLookupKey(want);
  const checkoutId = newId('chk');
  const description = planDescription(want.planType, want.billingCycle, want.isEducational);
  await deps.db.insert(checkoutSessions).values({
    id: checkoutId,
    userId,
    provider: deps.payments.kind,
    kind: 'SUBSCRIPTION',
    planType: want.planType,
    billingCycle: want.billingCycle,
    isEducational: want.isEducational,
    isChange: decision.kind === 'change',
    credits: catalog.allowance(want.planType),
    amount,
    description,
    expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
  });
  const base = deps.config.publicUrl;
  try {
    const customerId = await ensureCustomer(deps, userId);
    if (decision.kind === 'change') {
      const { url } = await deps.payments.createPlanChange({
        checkoutId,
        customerId,
        providerSubscriptionId: decision.row.providerSubscriptionId!,
        lookupKey,
        expectedAmount: amount,
        billingCycle: want.billingCycle,
        returnUrl: `${base}/subscription?checkout=updated`,
      });
      return { url };
    }
    const metadata = {
      userId: String(userId),
      checkoutId,
      planType: want.planType,
      billingCycle: want.billingCycle,
      isEducational: String(want.isEducational),
    };
    const started = await deps.payments.createPlanCheckout({
      checkoutId,
      userId,
      customerId,
      lookupKey,
      expectedAmount: amount,
      billingCycle: want.billingCycle,
      description,
      metadata,
      successUrl: `${base}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription?checkout=canceled`,
    });
    await deps.db
      .update(checkoutSessions)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSessions.id, checkoutId));
    return { url: started.url };
  } catch (err) {
    await deps.db.update(checkoutSessions).set({ status: 'CANCELED' }).where(eq(checkoutSessions.id, checkoutId));
    throw providerFailure(deps, err, 'plan checkout');
  }
}

/** POST /credits/checkout: a top-up pack, priced by the server; needs an active plan. */
export async function startPackCheckout(deps: BillingDeps, userId: number, packId: CreditPackId): Promise<{ url: string }> {
  const subscription = toSubscription(await getSubscriptionRow(deps.db, userId));
  if (!hasActivePlan(subscription)) throw forbidden(CREDITS_MESSAGES.planRequiredForPacks, BILLING_ERROR_CODES.planRequired);
  const catalog = getCatalog();
  const pack = catalog.pack(packId);
  const checkoutId = newId('chk');
  const description = `${pack.credits} extra credits`;
  await deps.db.insert(checkoutSessions).values({
    id: checkoutId,
    userId,
    provider: deps.payments.kind,
    kind: 'CREDITS',
    packId,
    credits: pack.credits,
    amount: pack.price,
    description,
    expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
  });
  const base = deps.config.publicUrl;
  try {
    const customerId = await ensureCustomer(deps, userId);
    const started = await deps.payments.createPackCheckout({
      checkoutId,
      userId,
      customerId,
      lookupKey: catalog.packLookupKey(packId),
      expectedAmount: pack.price,
      description,
      metadata: { userId: String(userId), checkoutId, packId, credits: String(pack.credits) },
      successUrl: `${base}/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/credits?checkout=canceled`,
    });
    await deps.db
      .update(checkoutSessions)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSessions.id, checkoutId));
    return { url: started.url };
  } catch (err) {
    await deps.db.update(checkoutSessions).set({ status: 'CANCELED' }).where(eq(checkoutSessions.id, checkoutId));
    throw providerFailure(deps, err, 'credit pack checkout');
  }
}

/** POST /subscription/portal */
export async function openPortal(deps: BillingDeps, userId: number): Promise<{ url: string }> {
  if (deps.payments.kind === 'local') return deps.payments.createPortalSession({ customerId: '', returnUrl: '/subscription' });
  const customerId = await findCustomerId(deps.db, userId, deps.payments.kind);
  if (!customerId) throw new AppError(409, BILLING_ERROR_CODES.noBillingAccount, BILLING_MESSAGES.noBillingAccount);
  try {
    return await deps.payments.createPortalSession({ customerId, returnUrl: `${deps.config.publicUrl}/subscription` });
  } catch (err) {
    throw providerFailure(deps, err, 'billing portal');
  }
}

/** GET /billing/invoices: Stripe's invoices, or the test-mode receipts of the local provider. */
export async function listInvoices(deps: BillingDeps, userId: number, limit = 24): Promise<InvoicesResponse> {
  if (deps.payments.kind === 'local') {
    const rows = await deps.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'COMPLETED')))
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(limit);
    return {
      provider: 'local',
      items: rows.map((r) => ({
        id: r.id,
        number: `TEST-${r.id.slice(-8).toUpperCase()}`,
        date: (r.completedAt ?? r.createdAt).toISOString(),
        description: r.description,
        amount: r.amount,
        currency: r.currency,
        status: 'paid',
        hostedUrl: null,
        pdfUrl: null,
      })),
    };
  }
  const customerId = await findCustomerId(deps.db, userId, deps.payments.kind);
  if (!customerId) return { provider: 'stripe', items: [] };
  try {
    return { provider: 'stripe', items: await deps.payments.listInvoices(customerId, limit) };
  } catch (err) {
    throw providerFailure(deps, err, 'invoices');
  }
}

/** The session payload parts billing owns: the subscription and the balance. */
export async function subscriptionAndCredits(db: Executor, userId: number): Promise<{ subscription: Subscription; credits: number }> {
  const [subscription, credits] = await Promise.all([
    getSubscriptionRow(db, userId).then(toSubscription),
    getBalance(db, userId),
  ]);
  return { subscription, credits };
}
