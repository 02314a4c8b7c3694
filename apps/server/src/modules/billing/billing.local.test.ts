import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, CREDITS_MESSAGES, type BillingCycle, type PaidPlanType } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor, type TestUser } from '../../../test/helpers/factories.js';
import { debitCredits } from '../credits/index.js';
import { grantDueAllowances } from './subscription-sync.js';
import { setStudentFlag } from './students.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Caller {
  user: TestUser;
  headers: Record<string, string>;
}

async function signedIn(opts: { email?: string; student?: boolean } = {}): Promise<Caller> {
  const user = await createVerifiedUser(t.app, opts.email ? { email: opts.email } : {});
  if (opts.student) await setStudentFlag(t.app.ctx.db, user.email, true);
  return { user, headers: bearer(await tokenFor(t.app, user)) };
}

const api = (c: Caller, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: c.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const sessionIdOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

/** The user's path: checkout → the test-mode page → Complete test payment. */
async function buy(c: Caller, planType: PaidPlanType, billingCycle: BillingCycle = 'MONTHLY', isEducational = false) {
  const res = await api(c, 'POST', '/subscription/checkout', { planType, billingCycle, isEducational });
  expect(res.statusCode, res.body).toBe(200);
  const id = sessionIdOf(res.json().url);
  const done = await api(c, 'POST', `/billing/local/sessions/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

async function me(c: Caller) {
  const res = await api(c, 'GET', '/auth/me');
  expect(res.statusCode).toBe(200);
  return res.json() as { subscription: { planType: string; billingCycle: string; status: string; credits: number; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean }; credits: number };
}

async function credits(c: Caller) {
  return (await api(c, 'GET', '/credits')).json() as { credits: number; purchasedCredits: number; planCredits: number };
}

/** The scheduler's clock, `days` from now (time passing, as the timer in main.ts sees it). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

describe('plans', () => {
  it('lists regular and educational plans and whether the caller is a student', async () => {
    const c = await signedIn();
    const res = await api(c, 'GET', '/subscription/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isStudent).toBe(false);
    expect(body.regularPlans.map((p: { planType: string }) => p.planType)).toEqual(['STARTER', 'EXPLORER', 'PRO']);
    expect(body.regularPlans[1]).toMatchObject({ name: 'Explorer Plan', credits: 150, prices: { monthly: 4900, yearly: 47000 } });
    expect(body.educationalPlans[2]).toMatchObject({ planType: 'PRO', isEducational: true, prices: { monthly: 7400, yearly: 71300 } });

    const student = await signedIn({ email: `ada.${Date.now()}@arch.ucl.ac.uk` });
    expect((await api(student, 'GET', '/subscription/plans')).json().isStudent).toBe(true);
  });

  it('answers FREE for a user without a plan, and 401 without a token', async () => {
    const c = await signedIn();
    expect((await api(c, 'GET', '/subscription')).json()).toMatchObject({ planType: 'FREE', status: 'INACTIVE', credits: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });
});

describe('checkout refusals', () => {
  it('refuses educational plans to non-students with the spec text', async () => {
    const c = await signedIn();
    const res = await api(c, 'POST', '/subscription/checkout', { planType: 'STARTER', billingCycle: 'MONTHLY', isEducational: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: BILLING_MESSAGES.educationalOnlyForStudents, code: 'STUDENT_VERIFICATION_REQUIRED' });
  });

  it('validates the plan type and cycle, and defaults to MONTHLY regular', async () => {
    const c = await signedIn();
    const bad = await api(c, 'POST', '/subscription/checkout', { planType: 'FREE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await api(c, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'WEEKLY' })).statusCode).toBe(400);
    const ok = await api(c, 'POST', '/subscription/checkout', { planType: 'PRO' });
    const session = await api(c, 'GET', `/billing/local/sessions/${sessionIdOf(ok.json().url)}`);
    expect(session.json()).toMatchObject({ planType: 'PRO', billingCycle: 'MONTHLY', isEducational: false, amount: 9900, status: 'OPEN' });
  });

  it('refuses the plan the user already has, and downgrades (made in the portal)', async () => {
    const c = await signedIn();
    await buy(c, 'EXPLORER', 'YEARLY');
    const same = await api(c, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'YEARLY' });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('ALREADY_SUBSCRIBED');
    const down = await api(c, 'POST', '/subscription/checkout', { planType: 'STARTER', billingCycle: 'YEARLY' });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toEqual({ message: BILLING_MESSAGES.downgradeInPortal, code: 'USE_BILLING_PORTAL' });
  });

  it('refuses a top-up pack without an active plan, and an unknown pack', async () => {
    const c = await signedIn();
    const res = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_100' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CREDITS_MESSAGES.planRequiredForPacks, code: 'PLAN_REQUIRED' });
    expect((await api(c, 'POST', '/credits/checkout', { pack: 'PACK_7' })).statusCode).toBe(400);
  });

  it("never shows or completes another user's checkout", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await api(a, 'POST', '/subscription/checkout', { planType: 'STARTER' });
    const id = sessionIdOf(res.json().url);
    expect((await api(b, 'GET', `/billing/local/sessions/${id}`)).statusCode).toBe(404);
    expect((await api(b, 'POST', `/billing/local/sessions/${id}/complete`)).statusCode).toBe(404);
    expect((await me(b)).subscription.planType).toBe('FREE');
  });
});

describe('local test-mode checkout', () => {
  it('takes a FREE user to EXPLORER yearly with 150 credits, in the session payload too', async () => {
    const c = await signedIn();
    const start = await api(c, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'YEARLY', isEducational: false });
    expect(start.json().url).toMatch(/^\/checkout\/test\?session=chk_/);
    const id = sessionIdOf(start.json().url);
    const page = await api(c, 'GET', `/billing/local/sessions/${id}`);
    expect(page.json()).toMatchObject({
      kind: 'SUBSCRIPTION',
      planName: 'Explorer Plan',
      billingCycle: 'YEARLY',
      amount: 47000,
      currency: 'EUR',
      isChange: false,
      customerEmail: c.user.email,
      returnPath: '/subscription',
    });
    const done = await api(c, 'POST', `/billing/local/sessions/${id}/complete`);
    expect(done.json()).toMatchObject({ redirectTo: '/subscription?checkout=success', credits: 150 });
    const session = await me(c);
    expect(session.credits).toBe(150);
    expect(session.subscription).toMatchObject({ planType: 'EXPLORER', billingCycle: 'YEARLY', status: 'ACTIVE', credits: 150 });
    const end = new Date(session.subscription.currentPeriodEnd!);
    expect(end.getTime() - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    // Completing again (a double click, a reload) changes nothing.
    const again = await api(c, 'POST', `/billing/local/sessions/${id}/complete`);
    expect(again.statusCode).toBe(200);
    expect((await me(c)).credits).toBe(150);
    expect((await api(c, 'GET', `/billing/local/sessions/${id}`)).json().status).toBe('COMPLETED');
  });

  it('completes once when the button is pressed twice at the same moment', async () => {
    const c = await signedIn();
    const start = await api(c, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY' });
    const id = sessionIdOf(start.json().url);
    const results = await Promise.all([1, 2, 3].map(() => api(c, 'POST', `/billing/local/sessions/${id}/complete`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await me(c)).credits).toBe(1000);
    const ledger = (await api(c, 'GET', '/credits/transactions')).json();
    expect(ledger.total).toBe(1);
  });

  it('lets a student buy an educational plan at the educational price', async () => {
    const c = await signedIn({ student: true });
    const start = await api(c, 'POST', '/subscription/checkout', { planType: 'STARTER', billingCycle: 'YEARLY', isEducational: true });
    const page = await api(c, 'GET', `/billing/local/sessions/${sessionIdOf(start.json().url)}`);
    expect(page.json()).toMatchObject({ amount: 13700, isEducational: true });
    await api(c, 'POST', `/billing/local/sessions/${sessionIdOf(start.json().url)}/complete`);
    expect((await me(c)).subscription).toMatchObject({ planType: 'STARTER', isEducational: true });
  });

  it('cancels a checkout from its Cancel link and refuses to complete it afterwards', async () => {
    const c = await signedIn();
    const start = await api(c, 'POST', '/subscription/checkout', { planType: 'STARTER' });
    const id = sessionIdOf(start.json().url);
    expect((await api(c, 'POST', `/billing/local/sessions/${id}/cancel`)).json()).toEqual({ redirectTo: '/subscription?checkout=canceled' });
    const done = await api(c, 'POST', `/billing/local/sessions/${id}/complete`);
    expect(done.statusCode).toBe(409);
    expect((await me(c)).subscription.planType).toBe('FREE');
  });

  it('tops the month up to the new allowance on an upgrade, keeping what was used', async () => {
    const c = await signedIn();
    await buy(c, 'STARTER', 'MONTHLY');
    await debitCredits(t.app.ctx.db, { userId: c.user.id, amount: 20, idempotencyKey: `use:${c.user.id}`, description: 'renders' });
    expect((await me(c)).credits).toBe(30);
    const upgrade = await api(c, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'MONTHLY' });
    const page = await api(c, 'GET', `/billing/local/sessions/${sessionIdOf(upgrade.json().url)}`);
    expect(page.json().isChange).toBe(true);
    await api(c, 'POST', `/billing/local/sessions/${sessionIdOf(upgrade.json().url)}/complete`);
    const after = await me(c);
    expect(after.subscription.planType).toBe('EXPLORER');
    expect(after.credits).toBe(130);
  });

  it('adds a top-up pack to the purchased credits, which outlive a renewal', async () => {
    const c = await signedIn();
    await buy(c, 'STARTER', 'MONTHLY');
    const start = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_100' });
    expect(start.statusCode).toBe(200);
    const id = sessionIdOf(start.json().url);
    expect((await api(c, 'GET', `/billing/local/sessions/${id}`)).json()).toMatchObject({
      kind: 'CREDITS',
      credits: 100,
      amount: 3900,
      returnPath: '/credits',
    });
    const done = await api(c, 'POST', `/billing/local/sessions/${id}/complete`);
    expect(done.json()).toMatchObject({ redirectTo: '/credits?checkout=success', credits: 150 });
    await debitCredits(t.app.ctx.db, { userId: c.user.id, amount: 70, idempotencyKey: `use:${c.user.id}`, description: 'renders' });
    expect(await credits(c)).toMatchObject({ credits: 80, purchasedCredits: 80, planCredits: 0 });

    // A month later the local plan renews: the allowance is back, the purchased credits stay.
    await grantDueAllowances(t.app.ctx, daysFromNow(32));
    expect(await credits(c)).toMatchObject({ credits: 130, purchasedCredits: 80, planCredits: 50 });
    // The scheduler running again in the same period grants nothing more.
    await grantDueAllowances(t.app.ctx, daysFromNow(33));
    expect((await credits(c)).credits).toBe(130);

    const invoices = (await api(c, 'GET', '/billing/invoices')).json();
    expect(invoices.provider).toBe('local');
    expect(invoices.items.map((i: { amount: number }) => i.amount)).toEqual([3900, 1900]);
  });

  it("grants a yearly plan's allowance every month, once per month", async () => {
    const c = await signedIn();
    await buy(c, 'EXPLORER', 'YEARLY');
    await debitCredits(t.app.ctx.db, { userId: c.user.id, amount: 100, idempotencyKey: `use:${c.user.id}`, description: 'renders' });
    expect((await me(c)).credits).toBe(50);
    const first = await grantDueAllowances(t.app.ctx, daysFromNow(32));
    expect(first.processed).toBeGreaterThanOrEqual(1);
    expect((await me(c)).credits).toBe(150);
    await grantDueAllowances(t.app.ctx, daysFromNow(40));
    expect((await me(c)).credits).toBe(150);
    const ledger = (await api(c, 'GET', '/credits/transactions?limit=10')).json();
    expect(ledger.items.filter((e: { reason: string }) => e.reason === 'PLAN_GRANT')).toHaveLength(2);
    expect(ledger.items[0].description).toMatch(/^Explorer Plan: 150 credits for /);
  });
});

describe('local test-mode portal', () => {
  it('opens at /billing/portal-test', async () => {
    const c = await signedIn();
    expect((await api(c, 'POST', '/subscription/portal')).json()).toEqual({ url: '/billing/portal-test' });
  });

  it('cancels at period end keeping the credits, resumes, and ends the plan at period end', async () => {
    const c = await signedIn();
    await buy(c, 'PRO', 'MONTHLY');
    const pack = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_50' });
    await api(c, 'POST', `/billing/local/sessions/${sessionIdOf(pack.json().url)}/complete`);

    const canceled = await api(c, 'POST', '/billing/local/portal', { action: 'cancel' });
    expect(canceled.json()).toMatchObject({ subscription: { planType: 'PRO', status: 'ACTIVE', cancelAtPeriodEnd: true }, credits: 1050 });
    const resumed = await api(c, 'POST', '/billing/local/portal', { action: 'resume' });
    expect(resumed.json().subscription.cancelAtPeriodEnd).toBe(false);
    await api(c, 'POST', '/billing/local/portal', { action: 'cancel' });

    await grantDueAllowances(t.app.ctx, daysFromNow(32));
    const after = await me(c);
    expect(after.subscription).toMatchObject({ planType: 'FREE' });
    expect(after.credits).toBe(50);
    // A new plan starts fresh.
    await buy(c, 'STARTER', 'MONTHLY');
    expect((await me(c)).credits).toBe(100);
  });

  it('changes plan and cycle (downgrades too) without granting twice in a month', async () => {
    const c = await signedIn();
    await buy(c, 'EXPLORER', 'MONTHLY');
    const down = await api(c, 'POST', '/billing/local/portal', { action: 'change', planType: 'STARTER', billingCycle: 'MONTHLY' });
    expect(down.json()).toMatchObject({ subscription: { planType: 'STARTER' }, credits: 150 });
    const yearly = await api(c, 'POST', '/billing/local/portal', { action: 'change', planType: 'STARTER', billingCycle: 'YEARLY' });
    expect(yearly.json()).toMatchObject({ subscription: { planType: 'STARTER', billingCycle: 'YEARLY' }, credits: 150 });
    const same = await api(c, 'POST', '/billing/local/portal', { action: 'change', planType: 'STARTER', billingCycle: 'YEARLY' });
    expect(same.statusCode).toBe(409);
  });

  it('refuses portal actions without a plan', async () => {
    const c = await signedIn();
    const res = await api(c, 'POST', '/billing/local/portal', { action: 'cancel' });
    expect(res.statusCode).toBe(409);
  });
});

describe('credit ledger endpoint', () => {
  it('pages the ledger and validates the query', async () => {
    const c = await signedIn();
    await buy(c, 'STARTER');
    for (let i = 0; i < 3; i++) {
      await debitCredits(t.app.ctx.db, { userId: c.user.id, amount: 2, idempotencyKey: `p:${c.user.id}:${i}`, description: `Render ${i}` });
    }
    const page = (await api(c, 'GET', '/credits/transactions?page=1&limit=2')).json();
    expect(page).toMatchObject({ page: 1, limit: 2, total: 4, totalPages: 2, hasMore: true });
    expect(page.items[0]).toMatchObject({ amount: -2, balanceAfter: 44, reason: 'GENERATION', description: 'Render 2' });
    const last = (await api(c, 'GET', '/credits/transactions?page=2&limit=2')).json();
    expect(last.hasMore).toBe(false);
    expect(last.items[1]).toMatchObject({ amount: 50, reason: 'PLAN_GRANT' });
    expect((await api(c, 'GET', '/credits/transactions?limit=500')).statusCode).toBe(400);
  });
});
