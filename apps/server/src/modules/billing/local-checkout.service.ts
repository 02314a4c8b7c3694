import { and, eq } from 'drizzle-orm';
import {
  BILLING_ERROR_CODES,
  BILLING_MESSAGES,
  type BillingCycle,
  type LocalCheckoutCompleteResponse,
  type LocalCheckoutSession,
  type LocalPortalAction,
  type LocalPortalResponse,
  type PaidPlanType,
} from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { checkoutSessions, subscriptions } from '../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/index.js';
import { addPurchasedCredits } from '../credits/index.js';
import { newId, subscriptionAndCredits, type BillingDeps } from './billing.service.js';
import { checkPlanAudience } from './checkout.service.js';
import { ensureCustomer } from './customers.js';
import { activateOrSync, type SubscriptionState } from './subscription-sync.js';
import { getCatalog } from './catalog.js';
import { periodEndFrom } from './periods.js';
import type { SubscriptionRow } from './subscription.service.js';

/**
 * The local (test-mode) provider's pages: /checkout/test reads and completes a checkout session,
 * /billing/portal-test changes, cancels or resumes the plan. Completion goes through
 * activateOrSync, the same path a Stripe webhook takes. Only available with the local provider.
 */

type CheckoutRow = typeof checkoutSessions.$inferSelect;

const sessionNotFound = () => notFound('Checkout session not found', 'CHECKOUT_NOT_FOUND');

function requireLocal(deps: BillingDeps): void {
  // With Stripe configured these pages do not exist.
  if (deps.payments.kind !== 'local') throw notFound('Test-mode checkout is not enabled on this server', 'NOT_FOUND');
}

async function findSession(ex: Db | Tx, userId: number, id: string, lock = false): Promise<CheckoutRow | undefined> {
  const q = ex
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'local')))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
}

function effectiveStatus(row: CheckoutRow, now: Date): CheckoutRow['status'] {
  return row.status === 'OPEN' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

const returnPathOf = (row: Pick<CheckoutRow, 'kind'>) => (row.kind === 'CREDITS' ? '/credits' : '/subscription');

/** GET /billing/local/sessions/:id */
export async function getLocalCheckout(deps: BillingDeps, userId: number, id: string, now = new Date()): Promise<LocalCheckoutSession> {
  requireLocal(deps);
  const row = await findSession(deps.db, userId, id);
  if (!row) throw sessionNotFound();
  const user = await findUserById(deps.db, userId);
  return {
    id: row.id,
    kind: row.kind,
    status: effectiveStatus(row, now),
    planType: row.planType,
    planName: row.planType ? getCatalog().planName(row.planType, row.seats) : null,
    billingCycle: row.billingCycle,
    isEducational: row.isEducational,
    isChange: row.isChange,
    seats: row.seats,
    packId: row.packId,
    credits: row.credits,
    amount: row.amount,
    currency: 'EUR',
    description: row.description,
    customerEmail: (await deps.teamBillingEmail(userId)) ?? user?.email ?? '',
    returnPath: returnPathOf(row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The local subscription after buying (or switching to) a plan: the live one keeps its id, and
 * its period when the cycle stays; a new cycle starts a new period today (as Stripe does).
 */
export function localStateAfter(
  row: SubscriptionRow | undefined,
  userId: number,
  customerId: string,
  want: { planType: PaidPlanType; billingCycle: BillingCycle; isEducational: boolean; seats: number | null },
  now: Date,
): SubscriptionState {
  const live =
    row && row.provider === 'local' && row.planType !== 'FREE' && (row.status === 'ACTIVE' || row.status === 'PAST_DUE');
  const base = {
    userId,
    provider: 'local' as const,
    providerCustomerId: customerId,
    planType: want.planType,
    billingCycle: want.billingCycle,
    isEducational: want.isEducational,
    seats: want.seats,
    status: 'ACTIVE' as const,
    cancelAtPeriodEnd: false,
  };
  if (live && row.providerSubscriptionId && row.currentPeriodStart && row.currentPeriodEnd) {
    if (row.billingCycle === want.billingCycle) {
      return {
        ...base,
        providerSubscriptionId: row.providerSubscriptionId,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
      };
    }
    return {
      ...base,
      providerSubscriptionId: row.providerSubscriptionId,
      currentPeriodStart: now,
      currentPeriodEnd: periodEndFrom(now, want.billingCycle),
    };
  }
  return {
    ...base,
    providerSubscriptionId: newId('sub_local'),
    currentPeriodStart: now,
    currentPeriodEnd: periodEndFrom(now, want.billingCycle),
  };
}

async function lockedSubscriptionRow(tx: Tx, userId: number): Promise<SubscriptionRow | undefined> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return rows[0];
}

/** POST /billing/local/sessions/:id/complete — the "Complete test payment" button. Idempotent. */
export async function completeLocalCheckout(
  deps: BillingDeps,
  userId: number,
  id: string,
  now = new Date(),
): Promise<LocalCheckoutCompleteResponse> {
  requireLocal(deps);
  const customerId = await ensureCustomer(deps, userId);
  const kind = await deps.db.transaction(async (tx) => {
    const row = await findSession(tx, userId, id, true);
    if (!row) throw sessionNotFound();
    const status = effectiveStatus(row, now);
    if (status === 'COMPLETED') return row.kind;
    if (status === 'EXPIRED') throw new AppError(409, 'CHECKOUT_EXPIRED', 'This checkout session has expired. Please start again.');
    if (status === 'CANCELED') throw new AppError(409, 'CHECKOUT_CANCELED', 'This checkout session was canceled. Please start again.');

    await tx.update(checkoutSessions).set({ status: 'COMPLETED', completedAt: now }).where(eq(checkoutSessions.id, row.id));
    if (row.kind === 'CREDITS') {
      await addPurchasedCredits(tx, {
        userId,
        amount: row.credits,
        idempotencyKey: `purchase:${row.id}`,
        description: `Purchased ${row.credits} extra credits`,
        refType: 'checkout',
        refId: row.id,
      });
    } else {
      const sub = await lockedSubscriptionRow(tx, userId);
      const want = { planType: row.planType!, billingCycle: row.billingCycle!, isEducational: row.isEducational, seats: row.seats };
      await activateOrSync(tx, localStateAfter(sub, userId, customerId, want, now), now);
    }
    return row.kind;
  });
  return { redirectTo: `${returnPathOf({ kind })}?checkout=success`, ...(await subscriptionAndCredits(deps.db, userId)) };
}

/** POST /billing/local/sessions/:id/cancel — the Cancel link. */
export async function cancelLocalCheckout(deps: BillingDeps, userId: number, id: string): Promise<{ redirectTo: string }> {
  requireLocal(deps);
  const row = await findSession(deps.db, userId, id);
  if (!row) throw sessionNotFound();
  if (row.status === 'OPEN') {
    await deps.db
      .update(checkoutSessions)
      .set({ status: 'CANCELED' })
      .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'OPEN')));
  }
  return { redirectTo: `${returnPathOf(row)}?checkout=canceled` };
}

/** POST /billing/local/portal — the test-mode portal: change plan or cycle, cancel at period end, resume. */
export async function applyLocalPortalAction(
  deps: BillingDeps,
  userId: number,
  action: LocalPortalAction,
  now = new Date(),
): Promise<LocalPortalResponse> {
  requireLocal(deps);
  // New seats: a person has none to change, a studio never fewer than its members (checked
  // before the transaction: PGlite has one connection, which the transaction holds).
  if (action.action === 'change' && action.seats != null) await checkPlanAudience(deps, userId, { ...action, isEducational: false });
  const customerId = await ensureCustomer(deps, userId);
  await deps.db.transaction(async (tx) => {
    const row = await lockedSubscriptionRow(tx, userId);
    const live = row && row.provider === 'local' && row.planType !== 'FREE' && (row.status === 'ACTIVE' || row.status === 'PAST_DUE');
    if (!row || !live || !row.providerSubscriptionId || !row.currentPeriodStart || !row.currentPeriodEnd) {
      throw new AppError(409, BILLING_ERROR_CODES.noBillingAccount, 'You have no active subscription to manage. Choose a plan first.');
    }
    const current: SubscriptionState = {
      userId,
      provider: 'local',
      providerSubscriptionId: row.providerSubscriptionId,
      providerCustomerId: customerId,
      planType: row.planType as PaidPlanType,
      billingCycle: row.billingCycle,
      isEducational: row.isEducational,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      seats: row.seats,
    };
    if (action.action === 'cancel') {
      if (row.cancelAtPeriodEnd) return;
      await activateOrSync(tx, { ...current, cancelAtPeriodEnd: true }, now);
    } else if (action.action === 'resume') {
      if (!row.cancelAtPeriodEnd) return;
      await activateOrSync(tx, { ...current, cancelAtPeriodEnd: false }, now);
    } else {
      // A studio plan keeps its seats unless the portal changes them; a personal plan has none.
      const seats = row.seats ? (action.seats ?? row.seats) : null;
      if (!row.seats && action.seats != null) throw badRequest(BILLING_MESSAGES.teamPlansOnlyInTeams, BILLING_ERROR_CODES.teamPlanMismatch);
      const want = { planType: action.planType, billingCycle: action.billingCycle, isEducational: row.isEducational, seats };
      if (want.planType === row.planType && want.billingCycle === row.billingCycle && seats === row.seats) {
        throw new AppError(409, BILLING_ERROR_CODES.alreadySubscribed, seats ? BILLING_MESSAGES.alreadyOnTeamPlan : BILLING_MESSAGES.alreadyOnPlan);
      }
      // Unlike checkout, the portal also downgrades (the plans page sends downgrades here).
      await activateOrSync(tx, localStateAfter(row, userId, customerId, want, now), now);
    }
  });
  return subscriptionAndCredits(deps.db, userId);
}
