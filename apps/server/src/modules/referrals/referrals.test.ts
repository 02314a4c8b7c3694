import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralSummary } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor } from '../../../test/helpers/factories.js';
import { getBalance, listTransactions } from '../credits/index.js';
import { rewardReferralOnFirstPlan } from './index.js';

// Invite links: an account registered through one and buying its first plan gives both
// accounts 25 credits, once, through the ledger; the inviter sees the invites and their state.

describe('referrals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const as = async (user: { id: number }) => bearer(await tokenFor(t.app, user));
  const summary = async (user: { id: number }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals', headers: await as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReferralSummary>();
  };
  const claim = async (user: { id: number }, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/referrals/claim', headers: await as(user), payload: { code } });
  const buyPlan = async (user: { id: number }) => {
    const headers = await as(user);
    const checkout = await t.app.inject({ method: 'POST', url: '/api/subscription/checkout', headers, payload: { planType: 'STARTER', billingCycle: 'MONTHLY' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = new URL(checkout.json<{ url: string }>().url, 'http://x').searchParams.get('session');
    const done = await t.app.inject({ method: 'POST', url: `/api/billing/local/sessions/${session}/complete`, headers });
    expect(done.statusCode, done.body).toBeLessThan(300);
  };

  it('rewards both accounts once when the invited account buys its first plan', async () => {
    const ada = await createVerifiedUser(t.app, { fullName: 'Ada Architect' });
    const bob = await createVerifiedUser(t.app, { fullName: 'Bob Builder Jones' });
    const mine = await summary(ada);
    expect(mine).toMatchObject({ rewardCredits: 25, creditsEarned: 0, invites: [] });
    expect(mine.link).toMatch(new RegExp(`/register\\?ref=${mine.code}$`));
    expect((await summary(ada)).code).toBe(mine.code);

    expect((await claim(bob, mine.code)).statusCode).toBe(200);
    expect((await claim(bob, mine.code)).statusCode).toBe(200);
    expect((await summary(ada)).invites).toEqual([{ firstName: 'Bob', joinedAt: expect.any(String), state: 'joined' }]);

    await buyPlan(bob);
    expect(await getBalance(t.app.ctx.db, ada.id)).toBe(25);
    expect(await getBalance(t.app.ctx.db, bob.id)).toBe(50 + 25);
    expect((await summary(ada))).toMatchObject({ creditsEarned: 25, invites: [{ firstName: 'Bob', state: 'rewarded' }] });
    const adaLedger = await listTransactions(t.app.ctx.db, ada.id, { limit: 10, page: 1 });
    expect(adaLedger.items.map((r) => [r.amount, r.description])).toEqual([[25, 'Referral bonus: a colleague you invited chose a plan']]);

    // Another activation (a renewal, a retried webhook) never pays again.
    await t.app.ctx.db.transaction((tx) => rewardReferralOnFirstPlan(tx, bob.id));
    expect(await getBalance(t.app.ctx.db, ada.id)).toBe(25);
  });

  it('refuses an unknown code, your own code, a second inviter, and accounts that already have a plan', async () => {
    const ada = await createVerifiedUser(t.app);
    const cy = await createVerifiedUser(t.app);
    const dan = await createVerifiedUser(t.app);
    const adaCode = (await summary(ada)).code;
    const cyCode = (await summary(cy)).code;
    expect((await claim(dan, 'no-such-code')).json()).toMatchObject({ code: 'REFERRAL_NOT_FOUND', message: 'This invite link is not valid' });
    expect((await claim(dan, 'x')).statusCode).toBe(400);
    expect((await claim(ada, adaCode)).json()).toMatchObject({ message: 'You cannot use your own invite link' });
    expect((await claim(dan, adaCode)).statusCode).toBe(200);
    expect((await claim(dan, cyCode)).statusCode).toBe(409);
    await buyPlan(cy);
    expect((await claim(cy, adaCode)).json()).toMatchObject({ message: 'Invite links count only before the first plan' });
  });
});
