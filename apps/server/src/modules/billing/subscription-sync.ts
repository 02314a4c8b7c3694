import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { BillingCycle, PaidPlanType, SubscriptionStatus } from '@atelier/contract';
import { subscriptions } from '../../db/schema/index.js';
import type { PaymentProviderKind } from '../../providers/payments/index.js';
import { addPlanCredits, expirePlanAllowance, getBalance, grantPlanAllowance } from '../credits/index.js';
import { rewardReferralOnFirstPlan } from '../referrals/index.js';
import type { BillingDeps, Executor } from './billing.service.js';
import { getCatalog } from './catalog.js';
import { currentSliceStart, monthKey, nextSliceStart, periodEndFrom } from './periods.js';
import type { SubscriptionRow } from './subscription.service.js';

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
  /** A studio plan's seats (the Stripe subscription's quantity); null for a personal plan. */
  seats: number | null;
}

export interface SyncResult {
  applied: boolean;
  /** Why nothing was written ('stale', 'superseded'). */
  skipped?: string;
  /** Credits added by this sync (a grant's net change, an upgrade's top-up, an expiry's removal). */
  creditChange: number;
}

export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'PAST_DUE']);
export const isLive = (row: Pick<SubscriptionRow, 'status' | 'planType'> | undefined) =>
  !!row && row.planType !== 'FREE' && LIVE_STATUSES.has(row.status);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthLabel = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/**
 * The one path by which a subscription changes: a Stripe webhook (after re-reading Stripe's
 * state), a completed local test checkout, the local portal and the scheduler all end here.
 * It is convergent: applying the same state twice, or an older state after a newer one,
 * changes nothing. Credits:
 *   - ACTIVE: the month's allowance is granted once, keyed grant:<subscription>:<YYYY-MM>; it
 *     replaces what is left of the previous allowance, purchased credits stay. A yearly plan
 *     has twelve such months. An upgrade within a month tops the allowance up to the new plan's.
 *     A studio plan's allowance is its credits per seat × seats, so added seats top it up too.
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
    const planName = catalog.planName(state.planType, state.seats);
    const plan = { name: state.seats ? `${planName} (${state.seats} seats)` : planName };
    const allowance = catalog.allowance(state.planType, state.seats);
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
        seats: state.seats,
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
    seats: row.seats,
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
