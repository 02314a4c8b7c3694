import { and, desc, eq } from 'drizzle-orm';
import {
  BILLING_ERROR_CODES,
  BILLING_MESSAGES,
  CREDITS_MESSAGES,
  PLAN_RANK,
  hasActivePlan,
  seatsBelowMembersMessage,
  type BillingCycle,
  type CreditPackId,
  type InvoicesResponse,
  type PaidPlanType,
} from '@atelier/contract';
import { checkoutSessions } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { CheckoutUnavailableError, type PaymentProviderKind } from '../../providers/payments/index.js';
import { isTeamAccount, newId, type BillingDeps } from './billing.service.js';
import { getCatalog } from './catalog.js';
import { ensureCustomer, findCustomerId } from './customers.js';
import { isStudent } from './students.js';
import { isLive } from './subscription-sync.js';
import { getSubscriptionRow, toSubscription, type SubscriptionRow } from './subscription.service.js';

export type PlanCheckoutDecision =
  | { kind: 'new' }
  | { kind: 'change'; row: SubscriptionRow }
  | { kind: 'refuse'; error: AppError };

/** A plan as a checkout asks for it: `seats` for a studio plan, absent for a personal one. */
export interface PlanWanted {
  planType: PaidPlanType;
  billingCycle: BillingCycle;
  isEducational: boolean;
  seats?: number | null;
}

/**
 * Whether a plan checkout starts a subscription, changes the live one, or is refused. Mirrors
 * the plans page's action matrix: the current plan and cycle is managed in the portal, a
 * lower-ranked plan is a downgrade made in the portal, anything else is an upgrade. A studio
 * plan's seats may change either way on the same plan and cycle.
 */
export function decidePlanCheckout(row: SubscriptionRow | undefined, want: PlanWanted, provider: PaymentProviderKind): PlanCheckoutDecision {
  if (!row || !isLive(row) || row.provider !== provider || !row.providerSubscriptionId) return { kind: 'new' };
  if (row.status === 'PAST_DUE') {
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.paymentPastDue, BILLING_MESSAGES.pastDue) };
  }
  const samePlan = row.planType === want.planType && row.billingCycle === want.billingCycle && row.isEducational === want.isEducational;
  if (samePlan && (row.seats ?? null) === (want.seats ?? null)) {
    const message = want.seats ? BILLING_MESSAGES.alreadyOnTeamPlan : BILLING_MESSAGES.alreadyOnPlan;
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.alreadySubscribed, message) };
  }
  if (PLAN_RANK[want.planType] < PLAN_RANK[row.planType]) {
    return { kind: 'refuse', error: new AppError(409, BILLING_ERROR_CODES.useBillingPortal, BILLING_MESSAGES.downgradeInPortal) };
  }
  return { kind: 'change', row };
}

export function planDescription(planType: PaidPlanType, cycle: BillingCycle, isEducational: boolean, seats?: number | null): string {
  const billed = `billed ${cycle === 'YEARLY' ? 'yearly' : 'monthly'}`;
  if (seats) return `${getCatalog().teamPlan(planType).name}, ${seats} seats, ${billed}`;
  return `${getCatalog().plan(planType).name}${isEducational ? ' (educational)' : ''}, ${billed}`;
}

/**
 * A team's account buys studio plans (with seats, never educational), a person personal plans
 * (without seats); a studio plan never has fewer seats than the team has members. Each refusal
 * names the field.
 */
export async function checkPlanAudience(deps: BillingDeps, userId: number, want: PlanWanted): Promise<void> {
  const team = await isTeamAccount(deps.db, userId);
  if (!team) {
    if (want.seats != null) throw badRequest(BILLING_MESSAGES.teamPlansOnlyInTeams, BILLING_ERROR_CODES.teamPlanMismatch);
    return;
  }
  if (want.seats == null) throw badRequest(BILLING_MESSAGES.seatsRequired, BILLING_ERROR_CODES.teamPlanMismatch);
  if (want.isEducational) {
    throw badRequest('isEducational: educational plans are personal; a studio buys a studio plan', BILLING_ERROR_CODES.teamPlanMismatch);
  }
  const members = await deps.teamMemberCount(userId);
  if (want.seats < members) {
    throw new AppError(409, BILLING_ERROR_CODES.seatsBelowMembers, seatsBelowMembersMessage(want.seats, members));
  }
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

/**
 * One checkout: records its session (PENDING, expiring in a day), then starts it with the
 * provider, keeping the provider's session id when it gives one. A failure cancels the recorded
 * session and is turned into the error the client is shown.
 */
async function runCheckout(
  deps: BillingDeps,
  session: Omit<typeof checkoutSessions.$inferInsert, 'id' | 'provider' | 'expiresAt'>,
  what: string,
  start: (ids: { checkoutId: string; customerId: string }) => Promise<{ url: string; providerSessionId?: string }>,
): Promise<{ url: string }> {
  const checkoutId = newId('chk');
  await deps.db.insert(checkoutSessions).values({
    ...session,
    id: checkoutId,
    provider: deps.payments.kind,
    expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
  });
  try {
    const customerId = await ensureCustomer(deps, session.userId);
    const started = await start({ checkoutId, customerId });
    if (started.providerSessionId) {
      await deps.db.update(checkoutSessions).set({ providerSessionId: started.providerSessionId }).where(eq(checkoutSessions.id, checkoutId));
    }
    return { url: started.url };
  } catch (err) {
    await deps.db.update(checkoutSessions).set({ status: 'CANCELED' }).where(eq(checkoutSessions.id, checkoutId));
    throw providerFailure(deps, err, what);
  }
}

/** POST /subscription/checkout */
export async function startPlanCheckout(deps: BillingDeps, userId: number, wanted: PlanWanted): Promise<{ url: string }> {
  await checkPlanAudience(deps, userId, wanted);
  const seats = wanted.seats ?? null;
  const want = { ...wanted, seats };
  if (want.isEducational && !(await isStudent(deps.db, userId))) {
    throw forbidden(BILLING_MESSAGES.educationalOnlyForStudents, BILLING_ERROR_CODES.studentVerificationRequired);
  }
  const catalog = getCatalog();
  const row = await getSubscriptionRow(deps.db, userId);
  const decision = decidePlanCheckout(row, want, deps.payments.kind);
  if (decision.kind === 'refuse') throw decision.error;

  const ref = { ...want, team: seats !== null };
  const quantity = seats ?? 1;
  // Stripe checks the price of one unit (a seat); the checkout's amount is the whole.
  const unitAmount = catalog.price(ref);
  const lookupKey = catalog.planLookupKey(ref);
  const description = planDescription(want.planType, want.billingCycle, want.isEducational, seats);
  const base = deps.config.publicUrl;
  const session = {
    userId,
    kind: 'SUBSCRIPTION' as const,
    planType: want.planType,
    billingCycle: want.billingCycle,
    isEducational: want.isEducational,
    isChange: decision.kind === 'change',
    seats,
    credits: catalog.allowance(want.planType, seats),
    amount: unitAmount * quantity,
    description,
  };
  return runCheckout(deps, session, 'plan checkout', async ({ checkoutId, customerId }) => {
    if (decision.kind === 'change') {
      const { url } = await deps.payments.createPlanChange({
        checkoutId,
        customerId,
        providerSubscriptionId: decision.row.providerSubscriptionId!,
        lookupKey,
        expectedAmount: unitAmount,
        billingCycle: want.billingCycle,
        quantity,
        returnUrl: `${base}/subscription?checkout=updated`,
      });
      return { url };
    }
    return deps.payments.createPlanCheckout({
      checkoutId,
      userId,
      customerId,
      lookupKey,
      expectedAmount: unitAmount,
      billingCycle: want.billingCycle,
      quantity,
      description,
      metadata: {
        userId: String(userId),
        checkoutId,
        planType: want.planType,
        billingCycle: want.billingCycle,
        isEducational: String(want.isEducational),
        ...(seats ? { seats: String(seats) } : {}),
      },
      successUrl: `${base}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription?checkout=canceled`,
    });
  });
}

/** POST /credits/checkout: a top-up pack, priced by the server; needs an active plan. */
export async function startPackCheckout(deps: BillingDeps, userId: number, packId: CreditPackId): Promise<{ url: string }> {
  const subscription = toSubscription(await getSubscriptionRow(deps.db, userId));
  if (!hasActivePlan(subscription)) throw forbidden(CREDITS_MESSAGES.planRequiredForPacks, BILLING_ERROR_CODES.planRequired);
  const catalog = getCatalog();
  const pack = catalog.pack(packId);
  const description = `${pack.credits} extra credits`;
  const base = deps.config.publicUrl;
  const session = { userId, kind: 'CREDITS' as const, packId, credits: pack.credits, amount: pack.price, description };
  return runCheckout(deps, session, 'credit pack checkout', ({ checkoutId, customerId }) =>
    deps.payments.createPackCheckout({
      checkoutId,
      userId,
      customerId,
      lookupKey: catalog.packLookupKey(packId),
      expectedAmount: pack.price,
      description,
      metadata: { userId: String(userId), checkoutId, packId, credits: String(pack.credits) },
      successUrl: `${base}/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/credits?checkout=canceled`,
    }),
  );
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
