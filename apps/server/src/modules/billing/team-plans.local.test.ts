import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type PricingResponse, type TeamListItem } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { addMember, createPerson, createTeamVia, inTeam, invite, type TestTeam } from '../teams/teams.test-helpers.js';
import { debitCredits } from '../credits/index.js';
import { grantDueAllowances } from './subscription-sync.js';

// Studio (team) plans in demo mode: the local test-mode checkout and portal, per seat (issue 32, billing).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const sessionIdOf = (url: string) => new URL(url, 'http://x').searchParams.get('session') as string;
const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

async function teamListed(team: TestTeam): Promise<TeamListItem> {
  const list = (await call('GET', '/teams', team.owner.headers)).json() as TeamListItem[];
  return list.find((x) => x.id === team.id)!;
}

/** The owner's path in the team workspace: checkout → the test-mode page → Complete test payment. */
async function buyTeamPlan(team: TestTeam, body: object) {
  const res = await call('POST', '/subscription/checkout', inTeam(team.owner, team.id), body);
  expect(res.statusCode, res.body).toBe(200);
  const id = sessionIdOf(res.json().url);
  const session = await call('GET', `/billing/local/sessions/${id}`, inTeam(team.owner, team.id));
  expect(session.statusCode, session.body).toBe(200);
  const done = await call('POST', `/billing/local/sessions/${id}/complete`, inTeam(team.owner, team.id));
  expect(done.statusCode, done.body).toBe(200);
  return { id, session: session.json(), done: done.json() };
}

describe('studio plans in the catalog', () => {
  it('offers the studio plans per seat in a team workspace, and only the personal plans in the personal one', async () => {
    const team = await createTeamVia(t.app, 'Pricing Studio');
    const teamPricing = (await call('GET', '/subscription/plans', inTeam(team.owner, team.id))).json() as PricingResponse;
    expect(teamPricing.regularPlans).toEqual([]);
    expect(teamPricing.educationalPlans).toEqual([]);
    expect(teamPricing.teamPlans!.map((p) => [p.planType, p.name, p.creditsPerSeat, p.pricesPerSeat.monthly, p.pricesPerSeat.yearly])).toEqual([
      ['STARTER', 'Studio Starter', 50, 1900, 18200],
      ['EXPLORER', 'Studio Explorer', 150, 4900, 47000],
      ['PRO', 'Studio Pro', 1000, 9900, 95000],
    ]);
    const personal = (await call('GET', '/subscription/plans', team.owner.headers)).json() as PricingResponse;
    expect(personal.regularPlans).toHaveLength(3);
    expect(personal).not.toHaveProperty('teamPlans');
  });
});

describe('studio plans: checkout in demo mode', { timeout: 120_000 }, () => {
  it('the owner buys seats: the pool gets credits per seat × seats, the seats are the seat limit, the personal plan is untouched', async () => {
    const team = await createTeamVia(t.app, 'Paying Studio');
    await addMember(t.app, t.dataDir, team, 'admin', 'Adam Admin');
    await addMember(t.app, t.dataDir, team, 'member', 'Mia Member');
    const { session, done } = await buyTeamPlan(team, { planType: 'EXPLORER', billingCycle: 'MONTHLY', seats: 5 });
    // The studio is billed to its owner (its own account's address is a placeholder).
    expect(session.customerEmail).toBe(team.owner.email);
    expect(session).toMatchObject({ kind: 'SUBSCRIPTION', planName: 'Studio Explorer', seats: 5, credits: 750, amount: 5 * 4900, description: 'Studio Explorer, 5 seats, billed monthly' });
    expect(done.subscription).toMatchObject({ planType: 'EXPLORER', status: 'ACTIVE', seats: 5, credits: 750 });
    expect(done.credits).toBe(750);

    const teamSub = (await call('GET', '/subscription', inTeam(team.owner, team.id))).json();
    expect(teamSub).toMatchObject({ planType: 'EXPLORER', seats: 5, credits: 750 });
    const personal = (await call('GET', '/subscription', team.owner.headers)).json();
    expect(personal).toMatchObject({ planType: 'FREE' });
    expect(personal).not.toHaveProperty('seats');
    expect(await teamListed(team)).toMatchObject({ planType: 'EXPLORER', planName: 'Studio Explorer', seatLimit: 5, memberCount: 3, creditBalance: 750 });
    // The test-mode receipt is the team's (the owner's personal invoices do not list it).
    const teamInvoices = (await call('GET', '/billing/invoices', inTeam(team.owner, team.id))).json();
    expect(teamInvoices.items.map((i: { amount: number }) => i.amount)).toEqual([24500]);
    expect((await call('GET', '/billing/invoices', team.owner.headers)).json().items).toEqual([]);

    // Five seats: two invitations fit beside three members, a sixth seat does not.
    await invite(t.app, t.dataDir, team, team.owner, `fourth.${Date.now()}@studio-example.com`);
    await invite(t.app, t.dataDir, team, team.owner, `fifth.${Date.now()}@studio-example.com`);
    const sixth = await call('POST', `/teams/${team.id}/invitations`, team.owner.headers, { email: `sixth.${Date.now()}@studio-example.com` });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('TEAM_SEAT_LIMIT');
  });

  it('renews the pool at credits per seat × seats each period, keeping purchased credits apart', async () => {
    const team = await createTeamVia(t.app, 'Renewing Studio');
    await addMember(t.app, t.dataDir, team);
    await buyTeamPlan(team, { planType: 'STARTER', billingCycle: 'MONTHLY', seats: 4 });
    const owner = inTeam(team.owner, team.id);
    const before = (await call('GET', '/credits', owner)).json();
    expect(before).toMatchObject({ credits: 200, planCredits: 200, allowance: 200 });
    // The pool is spent down a little and a pack is bought for it.
    const pack = await call('POST', '/credits/checkout', owner, { pack: 'PACK_50' });
    expect(pack.statusCode, pack.body).toBe(200);
    expect((await call('POST', `/billing/local/sessions/${sessionIdOf(pack.json().url)}/complete`, owner)).statusCode).toBe(200);
    await debitCredits(t.app.ctx.db, { userId: team.accountId, amount: 30, idempotencyKey: `spend:${team.id}`, description: 'renders' });
    expect((await call('GET', '/credits', owner)).json()).toMatchObject({ credits: 220, planCredits: 170, purchasedCredits: 50 });
    await grantDueAllowances(t.app.ctx, daysFromNow(32));
    const after = (await call('GET', '/credits', owner)).json();
    expect(after).toMatchObject({ credits: 250, planCredits: 200, purchasedCredits: 50, allowance: 200 });
    const ledger = (await call('GET', '/credits/transactions?limit=10', owner)).json();
    const grants = (ledger.items as Array<{ description: string }>).filter((x) => x.description.startsWith('Studio Starter (4 seats): 200 credits'));
    expect(grants).toHaveLength(2);
  });

  it('changes the seats through checkout: more seats top the pool up at once; fewer than the members are refused, naming the count', async () => {
    const team = await createTeamVia(t.app, 'Growing Studio');
    await addMember(t.app, t.dataDir, team, 'member', 'Mia Member');
    await addMember(t.app, t.dataDir, team, 'member', 'Max Member');
    await buyTeamPlan(team, { planType: 'STARTER', billingCycle: 'MONTHLY', seats: 3 });
    const owner = inTeam(team.owner, team.id);

    const same = await call('POST', '/subscription/checkout', owner, { planType: 'STARTER', billingCycle: 'MONTHLY', seats: 3 });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ code: 'ALREADY_SUBSCRIBED', message: BILLING_MESSAGES.alreadyOnTeamPlan });

    const { session } = await buyTeamPlan(team, { planType: 'STARTER', billingCycle: 'MONTHLY', seats: 6 });
    expect(session).toMatchObject({ isChange: true, seats: 6, amount: 6 * 1900 });
    expect((await call('GET', '/credits', owner)).json()).toMatchObject({ credits: 300, allowance: 300 });
    expect(await teamListed(team)).toMatchObject({ seatLimit: 6 });

    const tooFew = await call('POST', '/subscription/checkout', owner, { planType: 'STARTER', billingCycle: 'YEARLY', seats: 2 });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().code).toBe('SEATS_BELOW_MEMBERS');
    expect(tooFew.json().message).toBe(
      'seats: the studio has 3 members, so its plan needs at least 3 seats (you chose 2). Remove members first to pay for fewer seats.',
    );
    // The test-mode portal refuses it the same way, and lowers the seats to the member count.
    const portalTooFew = await call('POST', '/billing/local/portal', owner, { action: 'change', planType: 'STARTER', billingCycle: 'MONTHLY', seats: 2 });
    expect(portalTooFew.statusCode).toBe(409);
    expect(portalTooFew.json().code).toBe('SEATS_BELOW_MEMBERS');
    const fewer = await call('POST', '/billing/local/portal', owner, { action: 'change', planType: 'STARTER', billingCycle: 'MONTHLY', seats: 3 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json().subscription).toMatchObject({ seats: 3, credits: 150 });
    expect(await teamListed(team)).toMatchObject({ seatLimit: 3 });
    // The pool granted this month stays; the next period grants for three seats.
  });
});

describe('studio plans: who may buy what', { timeout: 120_000 }, () => {
  it('answers 403 with the plain message to admins and members, on every billing call', async () => {
    const team = await createTeamVia(t.app, 'Owner-only Studio');
    const admin = await addMember(t.app, t.dataDir, team, 'admin', 'Adam Admin');
    const member = await addMember(t.app, t.dataDir, team, 'member', 'Mia Member');
    for (const who of [admin, member]) {
      const h = inTeam(who, team.id);
      for (const [method, url, body] of [
        ['GET', '/subscription/plans'],
        ['GET', '/subscription'],
        ['POST', '/subscription/checkout', { planType: 'STARTER', billingCycle: 'MONTHLY', seats: 3 }],
        ['POST', '/subscription/portal'],
        ['POST', '/credits/checkout', { pack: 'PACK_50' }],
        ['GET', '/billing/invoices'],
      ] as const) {
        const res = await call(method, url, h, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ code: 'TEAM_ROLE_FORBIDDEN', message: "Billing is managed by the studio's owner" });
      }
      // The pool itself (the header's credits ring) is every member's to see, not to buy for.
      const pool = await call('GET', '/credits', h);
      expect(pool.statusCode).toBe(200);
      expect(pool.json()).toMatchObject({ credits: 0, canPurchase: false });
    }
  });

  it('never sells a personal plan to a team nor a studio plan to a person, naming the field', async () => {
    const team = await createTeamVia(t.app, 'Mixing Studio');
    const owner = inTeam(team.owner, team.id);
    const personalForTeam = await call('POST', '/subscription/checkout', owner, { planType: 'PRO', billingCycle: 'MONTHLY' });
    expect(personalForTeam.statusCode).toBe(400);
    expect(personalForTeam.json()).toEqual({ code: 'TEAM_PLAN_MISMATCH', message: BILLING_MESSAGES.seatsRequired });
    const educational = await call('POST', '/subscription/checkout', owner, { planType: 'PRO', billingCycle: 'MONTHLY', isEducational: true, seats: 3 });
    expect(educational.statusCode).toBe(400);
    expect(educational.json().message).toMatch(/^isEducational: /);

    const person = await createPerson(t.app, 'Paula Person');
    const teamForPerson = await call('POST', '/subscription/checkout', person.headers, { planType: 'PRO', billingCycle: 'MONTHLY', seats: 3 });
    expect(teamForPerson.statusCode).toBe(400);
    expect(teamForPerson.json()).toEqual({ code: 'TEAM_PLAN_MISMATCH', message: BILLING_MESSAGES.teamPlansOnlyInTeams });

    for (const seats of [1, 201, 2.5, '4']) {
      const res = await call('POST', '/subscription/checkout', owner, { planType: 'PRO', billingCycle: 'MONTHLY', seats });
      expect(res.statusCode, String(seats)).toBe(400);
      expect(res.json().message, String(seats)).toMatch(/seats/);
    }
    // Nothing was bought.
    expect((await call('GET', '/subscription', owner)).json()).toMatchObject({ planType: 'FREE' });
    expect((await call('GET', '/subscription', person.headers)).json()).toMatchObject({ planType: 'FREE' });
  });
});
