import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../../db/schema/index.js';
import { createStripePaymentProvider } from '../../providers/payments/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor, type TestUser } from '../../../test/helpers/factories.js';
import { signedEvent, startStripeFake, type StripeFake } from '../../../test/helpers/stripe-fake.js';
import { runAdmin } from '../../admin.js';
import { debitCredits } from '../credits/index.js';
import { getCatalog } from './catalog.js';
import Stripe from 'stripe';
import type { TeamListItem } from '@atelier/contract';
import { addMember, createTeamVia, inTeam, type TestTeam } from '../teams/teams.test-helpers.js';

const SECRET_KEY = 'sk_test_atelier_fake';
const WEBHOOK_SECRET = 'whsec_atelier_fake_secret';

let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startStripeFake();
  // Every price of the catalog exists in "Stripe" under its lookup key.
  const catalog = getCatalog();
  for (const plan of catalog.plans) {
    for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
      for (const isEducational of [false, true]) {
        const ref = { planType: plan.planType, billingCycle, isEducational };
        fake.addPrice(catalog.planLookupKey(ref), catalog.price(ref), billingCycle === 'YEARLY' ? 'year' : 'month');
      }
    }
  }
  for (const plan of catalog.teamPlans) {
    for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
      const ref = { planType: plan.planType, billingCycle, isEducational: false, team: true };
      fake.addPrice(catalog.planLookupKey(ref), catalog.price(ref), billingCycle === 'YEARLY' ? 'year' : 'month');
    }
  }
  for (const pack of catalog.packs) fake.addPrice(catalog.packLookupKey(pack.id), pack.price, null);
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    overrides: {
      payments: createStripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, client: fake.client() }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Caller {
  user: TestUser;
  headers: Record<string, string>;
}
async function signedIn(): Promise<Caller> {
  const user = await createVerifiedUser(t.app);
  return { user, headers: bearer(await tokenFor(t.app, user)) };
}
const api = (c: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: c.headers, ...(payload ? { payload } : {}) });

async function me(c: Caller) {
  return (await api(c, 'GET', '/auth/me')).json() as {
    subscription: { planType: string; billingCycle: string; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };
    credits: number;
  };
}

/** Delivers an event to the webhook endpoint, signed as Stripe signs it. */
async function deliver(type: string, object: object, id?: string) {
  const ev = signedEvent(WEBHOOK_SECRET, type, object as Record<string, unknown>, id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': ev.header },
    payload: ev.payload,
  });
  return { res, id: ev.id };
}

/** Checkout started through the API, then paid on "Stripe". Returns the session and subscription. */
async function payForPlan(c: Caller, planType: string, billingCycle: string) {
  const res = await api(c, 'POST', '/subscription/checkout', { planType, billingCycle });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json().url.split('/').pop();
  const session = fake.completeCheckout(sessionId);
  return { session, subscription: fake.subscriptions.get(session.subscription as string)! };
}

describe('Stripe adapter against the API fake', () => {
  it('creates one customer per user and a subscription-mode Checkout Session for the looked-up price', async () => {
    const c = await signedIn();
    const res = await api(c, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'YEARLY' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const customerCalls = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    const customerCall = customerCalls.find((r) => r.body.email === c.user.email)!;
    expect(customerCall.body).toMatchObject({ name: c.user.fullName, metadata: { userId: String(c.user.id) } });
    expect(customerCall.headers['idempotency-key']).toBe(`atelier-customer-${c.user.id}`);

    const priceLookup = fake.requests.filter((r) => r.path === '/v1/prices').pop()!;
    expect(priceLookup.query).toMatchObject({ lookup_keys: ['atelier_explorer_yearly'], active: 'true' });

    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').pop()!;
    const price = fake.prices.find((p) => p.lookup_key === 'atelier_explorer_yearly')!;
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(create.headers['idempotency-key']).toMatch(/^atelier-checkout-chk_/);
    expect(create.body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: String(c.user.id),
      line_items: [{ price: price.id, quantity: '1' }],
      metadata: { userId: String(c.user.id), planType: 'EXPLORER', billingCycle: 'YEARLY', isEducational: 'false' },
      subscription_data: { metadata: { userId: String(c.user.id), planType: 'EXPLORER' } },
      success_url: 'http://localhost:3000/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscription?checkout=canceled',
    });

    // A second checkout reuses the customer.
    await api(c, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY' });
    expect(fake.requests.filter((r) => r.path === '/v1/customers' && r.body.email === c.user.email)).toHaveLength(1);
  });

  it('creates a payment-mode Checkout Session for a top-up pack, priced by the server', async () => {
    const c = await signedIn();
    const { session } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    const res = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_300' });
    expect(res.statusCode, res.body).toBe(200);
    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').pop()!;
    const price = fake.prices.find((p) => p.lookup_key === 'atelier_credits_300')!;
    expect(create.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price: price.id, quantity: '1' }],
      metadata: { packId: 'PACK_300', credits: '300' },
      invoice_creation: { enabled: 'true' },
      success_url: 'http://localhost:3000/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('opens a Customer Portal session returning to /subscription', async () => {
    const c = await signedIn();
    const none = await api(c, 'POST', '/subscription/portal');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_BILLING_ACCOUNT');
    const { session } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    const res = await api(c, 'POST', '/subscription/portal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const call = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(call.body).toEqual({ customer: session.customer, return_url: 'http://localhost:3000/subscription' });
  });

  it('sends an upgrade of a live subscription to the portal confirmation flow for the new price', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    const res = await api(c, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const call = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    const item = (subscription.items as { data: { id: string }[] }).data[0];
    expect(call.body.flow_data).toMatchObject({
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscription.id,
        items: [{ id: item.id, price: fake.prices.find((p) => p.lookup_key === 'atelier_pro_monthly')!.id, quantity: '1' }],
      },
      after_completion: { type: 'redirect', redirect: { return_url: 'http://localhost:3000/subscription?checkout=updated' } },
    });
  });

  it('refuses to start a checkout when Stripe\'s price does not match the catalog', async () => {
    const c = await signedIn();
    const regular = fake.prices.find((p) => p.lookup_key === 'atelier_starter_yearly')!;
    const original = regular.unit_amount;
    regular.unit_amount = original + 100;
    try {
      const res = await api(c, 'POST', '/subscription/checkout', { planType: 'STARTER', billingCycle: 'YEARLY' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('CHECKOUT_UNAVAILABLE');
    } finally {
      regular.unit_amount = original;
    }
  });
});

describe('Stripe webhooks', () => {
  it('answers 400 to a bad signature and applies nothing', async () => {
    const c = await signedIn();
    const { session } = await payForPlan(c, 'PRO', 'MONTHLY');
    const ev = signedEvent('whsec_someone_else', 'checkout.session.completed', session);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': ev.header },
      payload: ev.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid Stripe signature', code: 'INVALID_SIGNATURE' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: ev.payload });
    expect(missing.statusCode).toBe(400);
    // A body changed after signing (even re-serialised JSON) fails too.
    const good = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', session);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': good.header },
      payload: JSON.stringify(JSON.parse(good.payload), null, 2),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await me(c)).subscription.planType).toBe('FREE');
  });

  it('processes the same event once when Stripe delivers it twice', async () => {
    const c = await signedIn();
    const { session } = await payForPlan(c, 'EXPLORER', 'MONTHLY');
    const first = await deliver('checkout.session.completed', session, 'evt_twice_' + c.user.id);
    expect(first.res.statusCode).toBe(200);
    const second = await deliver('checkout.session.completed', session, 'evt_twice_' + c.user.id);
    expect(second.res.statusCode).toBe(200);
    expect(second.res.json()).toEqual({ received: true, duplicate: true });
    const after = await me(c);
    expect(after.subscription).toMatchObject({ planType: 'EXPLORER', status: 'ACTIVE' });
    expect(after.credits).toBe(150);
    const ledger = (await api(c, 'GET', '/credits/transactions')).json();
    expect(ledger.total).toBe(1);
    const [row] = await t.app.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, first.id));
    expect(row.processedAt).not.toBeNull();
  });

  it('converges when subscription.updated arrives before checkout.session.completed', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'PRO', 'YEARLY');
    const updated = await deliver('customer.subscription.updated', subscription);
    expect(updated.res.statusCode).toBe(200);
    const early = await me(c);
    expect(early.subscription).toMatchObject({ planType: 'PRO', billingCycle: 'YEARLY', status: 'ACTIVE' });
    expect(early.credits).toBe(1000);
    await deliver('customer.subscription.created', subscription);
    await deliver('checkout.session.completed', session);
    await deliver('invoice.paid', fake.invoices.find((i) => (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscription.id)!);
    const after = await me(c);
    expect(after).toEqual(early);
    expect((await api(c, 'GET', '/credits/transactions')).json().total).toBe(1);
  });

  it('applies Stripe\'s current state, not the event\'s stale copy', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'STARTER', 'MONTHLY');
    const stale = structuredClone(subscription);
    fake.updateSubscription(subscription.id as string, { cancel_at_period_end: true });
    await deliver('checkout.session.completed', session);
    await deliver('customer.subscription.updated', stale);
    expect((await me(c)).subscription.cancelAtPeriodEnd).toBe(true);
  });

  it('grants a renewal once per period, and top-ups survive it', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    // Buy 100 credits, spend 80 of the 150.
    const pack = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_100' });
    const packSession = fake.completeCheckout(pack.json().url.split('/').pop());
    await deliver('checkout.session.completed', packSession);
    await deliver('checkout.session.completed', packSession); // a new event id for the same session
    expect((await me(c)).credits).toBe(150);
    await debitCredits(t.app.ctx.db, { userId: c.user.id, amount: 80, idempotencyKey: `use:${c.user.id}`, description: 'renders' });
    expect((await api(c, 'GET', '/credits')).json()).toMatchObject({ credits: 70, purchasedCredits: 70, planCredits: 0 });

    fake.renew(subscription.id as string);
    const invoice = { id: 'in_renewal_' + c.user.id, object: 'invoice', customer: session.customer, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } };
    await deliver('invoice.paid', invoice);
    await deliver('customer.subscription.updated', subscription);
    await deliver('invoice.paid', invoice);
    const after = (await api(c, 'GET', '/credits')).json();
    expect(after).toMatchObject({ credits: 120, purchasedCredits: 70, planCredits: 50 });
    const grants = (await api(c, 'GET', '/credits/transactions')).json().items.filter((e: { reason: string }) => e.reason === 'PLAN_GRANT');
    expect(grants).toHaveLength(2);
    const end = new Date((await me(c)).subscription.currentPeriodEnd!);
    expect(end.getTime()).toBe((subscription.items as { data: { current_period_end: number }[] }).data[0].current_period_end * 1000);
  });

  it('flags a failed payment as past due and keeps the credits; paying again restores it', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'EXPLORER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    fake.renew(subscription.id as string);
    fake.updateSubscription(subscription.id as string, { status: 'past_due' });
    const invoice = { id: 'in_failed', object: 'invoice', customer: session.customer, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } };
    const res = await deliver('invoice.payment_failed', invoice);
    expect(res.res.statusCode).toBe(200);
    const pastDue = await me(c);
    expect(pastDue.subscription.status).toBe('PAST_DUE');
    expect(pastDue.credits).toBe(150);
    // While past due, a checkout is refused (fix the payment in the portal).
    expect((await api(c, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY' })).json().code).toBe('PAYMENT_PAST_DUE');
    fake.updateSubscription(subscription.id as string, { status: 'active' });
    await deliver('invoice.paid', invoice);
    const paid = await me(c);
    expect(paid.subscription.status).toBe('ACTIVE');
    expect(paid.credits).toBe(150);
    expect((await api(c, 'GET', '/credits/transactions')).json().total).toBe(2);
  });

  it('ends the plan when the subscription is deleted, keeping purchased credits', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    const pack = await api(c, 'POST', '/credits/checkout', { pack: 'PACK_50' });
    await deliver('checkout.session.completed', fake.completeCheckout(pack.json().url.split('/').pop()));
    fake.updateSubscription(subscription.id as string, { cancel_at_period_end: true });
    await deliver('customer.subscription.updated', subscription);
    const canceling = await me(c);
    expect(canceling.subscription).toMatchObject({ planType: 'STARTER', cancelAtPeriodEnd: true });
    expect(canceling.credits).toBe(100);
    fake.updateSubscription(subscription.id as string, { status: 'canceled' });
    await deliver('customer.subscription.deleted', subscription);
    const ended = await me(c);
    expect(ended.subscription.planType).toBe('FREE');
    expect(ended.credits).toBe(50);
  });

  it('reads the period from the subscription when an older API version put it there', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'PRO', 'MONTHLY');
    fake.makeLegacy(subscription.id as string);
    await deliver('checkout.session.completed', session);
    const after = await me(c);
    expect(after.subscription.planType).toBe('PRO');
    expect(new Date(after.subscription.currentPeriodEnd!).getTime()).toBe((subscription.current_period_end as number) * 1000);
  });

  it('follows a plan change made in the portal (the price tells the plan)', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'STARTER', 'MONTHLY');
    await deliver('checkout.session.completed', session);
    fake.setPrice(subscription.id as string, 'atelier_pro_monthly');
    await deliver('customer.subscription.updated', subscription);
    const after = await me(c);
    expect(after.subscription.planType).toBe('PRO');
    expect(after.credits).toBe(1000);
  });

  it('answers 500 when processing fails, so Stripe retries, and succeeds on the retry', async () => {
    const c = await signedIn();
    const { session, subscription } = await payForPlan(c, 'EXPLORER', 'MONTHLY');
    const item = (subscription.items as { data: { price: { lookup_key: string } }[] }).data[0];
    const realKey = item.price.lookup_key;
    item.price = { ...item.price, lookup_key: 'not_in_the_catalog' };
    const first = await deliver('checkout.session.completed', session, `evt_retry_${c.user.id}`);
    expect(first.res.statusCode).toBe(500);
    expect(first.res.json()).toEqual({ message: 'Webhook processing failed', code: 'WEBHOOK_FAILED' });
    expect((await me(c)).subscription.planType).toBe('FREE');
    item.price = { ...item.price, lookup_key: realKey };
    const retry = await deliver('checkout.session.completed', session, `evt_retry_${c.user.id}`);
    expect(retry.res.statusCode).toBe(200);
    expect((await me(c)).subscription.planType).toBe('EXPLORER');
  });

  it('acknowledges events it does not handle', async () => {
    const res = await deliver('customer.created', { id: 'cus_x', object: 'customer' });
    expect(res.res.statusCode).toBe(200);
  });
});

describe('Stripe checkout confirmation and invoices', () => {
  it('applies a finished checkout from the success page, for its owner only', async () => {
    const c = await signedIn();
    const other = await signedIn();
    const { session } = await payForPlan(c, 'EXPLORER', 'YEARLY');
    const stranger = await api(other, 'POST', '/subscription/checkout/confirm', { sessionId: session.id as string });
    expect(stranger.statusCode).toBe(404);
    const res = await api(c, 'POST', '/subscription/checkout/confirm', { sessionId: session.id as string });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subscription: { planType: 'EXPLORER', billingCycle: 'YEARLY' }, credits: 150 });
    // The webhook arriving afterwards changes nothing.
    await deliver('checkout.session.completed', session);
    expect((await me(c)).credits).toBe(150);
  });

  it("lists the customer's Stripe invoices with their hosted pages", async () => {
    const c = await signedIn();
    expect((await api(c, 'GET', '/billing/invoices')).json()).toEqual({ provider: 'stripe', items: [] });
    const { session } = await payForPlan(c, 'STARTER', 'YEARLY');
    await deliver('checkout.session.completed', session);
    const res = (await api(c, 'GET', '/billing/invoices')).json();
    expect(res.items).toHaveLength(1);
    expect(res.items[0]).toMatchObject({ amount: 18200, currency: 'EUR', status: 'paid', hostedUrl: expect.stringContaining('https://invoice.stripe.com/') });
  });

  it('hides the local test-mode pages when Stripe is configured', async () => {
    const c = await signedIn();
    expect((await api(c, 'GET', '/billing/local/sessions/chk_x')).statusCode).toBe(404);
    expect((await api(c, 'POST', '/billing/local/portal', { action: 'cancel' })).statusCode).toBe(404);
  });
});

describe('Stripe: studio plans per seat', { timeout: 120_000 }, () => {
  const teamCaller = (team: TestTeam): Caller => ({ user: { ...team.owner, id: team.owner.id } as unknown as TestUser, headers: inTeam(team.owner, team.id) });

  it('checks out one per-seat price with quantity = seats, syncs the seats from Stripe, and fills the pool per seat', async () => {
    const team = await createTeamVia(t.app, 'Stripe Studio');
    await addMember(t.app, t.dataDir, team);
    const owner = teamCaller(team);
    const res = await api(owner, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'YEARLY', seats: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const create = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').pop()!;
    const price = fake.prices.find((p) => p.lookup_key === 'atelier_team_explorer_yearly')!;
    // The team's Stripe customer is billed to its owner, named for the team.
    const customer = fake.customers.get(String(create.body.customer))!;
    expect(customer).toMatchObject({ email: team.owner.email, name: 'Stripe Studio', metadata: { userId: String(team.accountId) } });
    expect(create.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(team.accountId),
      line_items: [{ price: price.id, quantity: '4' }],
      metadata: { userId: String(team.accountId), planType: 'EXPLORER', billingCycle: 'YEARLY', seats: '4' },
    });
    const sessionId = res.json().url.split('/').pop();
    const session = fake.completeCheckout(sessionId);
    expect(session.amount_total).toBe(4 * 47000);
    await deliver('checkout.session.completed', session);
    expect((await api(owner, 'GET', '/subscription')).json()).toMatchObject({ planType: 'EXPLORER', billingCycle: 'YEARLY', seats: 4, credits: 600 });
    expect((await api(owner, 'GET', '/credits')).json()).toMatchObject({ credits: 600, allowance: 600 });
    const invoices = (await api(owner, 'GET', '/billing/invoices')).json();
    expect(invoices.items[0]).toMatchObject({ amount: 188000, description: '4 × atelier_team_explorer_yearly' });

    // More seats in the portal's confirmation flow: the same item, the same price, quantity 6.
    const more = await api(owner, 'POST', '/subscription/checkout', { planType: 'EXPLORER', billingCycle: 'YEARLY', seats: 6 });
    expect(more.statusCode, more.body).toBe(200);
    const sub = fake.subscriptions.get(session.subscription as string)!;
    const item = (sub.items as { data: { id: string }[] }).data[0];
    const portal = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(portal.body.flow_data).toMatchObject({
      type: 'subscription_update_confirm',
      subscription_update_confirm: { subscription: sub.id, items: [{ id: item.id, price: price.id, quantity: '6' }] },
    });
    // The customer confirms; Stripe tells us; the pool is topped up by two seats for this month.
    fake.setQuantity(sub.id as string, 6);
    await deliver('customer.subscription.updated', sub);
    expect((await api(owner, 'GET', '/subscription')).json()).toMatchObject({ seats: 6, credits: 900 });
    expect((await api(owner, 'GET', '/credits')).json()).toMatchObject({ credits: 900 });
    const listed = ((await api({ user: owner.user, headers: team.owner.headers }, 'GET', '/teams')).json() as TeamListItem[]).find((x) => x.id === team.id)!;
    expect(listed).toMatchObject({ seatLimit: 6, planName: 'Studio Explorer' });

    // A renewal grants credits per seat × seats again, replacing what is left of the allowance.
    await debitCredits(t.app.ctx.db, { userId: team.accountId, amount: 100, idempotencyKey: `use:${team.accountId}`, description: 'renders' });
    fake.renew(sub.id as string);
    await deliver('customer.subscription.updated', sub);
    expect((await api(owner, 'GET', '/credits')).json()).toMatchObject({ credits: 900, planCredits: 900 });
  });

  it('refuses fewer seats than members before calling Stripe, and a personal plan for a team', async () => {
    const team = await createTeamVia(t.app, 'Small Stripe Studio');
    await addMember(t.app, t.dataDir, team);
    await addMember(t.app, t.dataDir, team, 'member', 'Max Member');
    const owner = teamCaller(team);
    const before = fake.requests.length;
    const tooFew = await api(owner, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY', seats: 2 });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().code).toBe('SEATS_BELOW_MEMBERS');
    const personal = await api(owner, 'POST', '/subscription/checkout', { planType: 'PRO', billingCycle: 'MONTHLY' });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().code).toBe('TEAM_PLAN_MISMATCH');
    expect(fake.requests.length).toBe(before);
  });

  it('the fake refuses a line item without a quantity, as Stripe does', async () => {
    const stripe = new Stripe(SECRET_KEY, fake.client());
    const price = fake.prices.find((p) => p.lookup_key === 'atelier_team_pro_monthly')!;
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price.id }], success_url: 'http://localhost/x' }),
    ).rejects.toThrow('Missing required param: line_items[0][quantity].');
  });
});

describe('npm run admin -- stripe-check', () => {
  it('reports every catalog price found under its lookup key, and what is missing or wrong', async () => {
    const admin = () => runAdmin(['stripe-check'], { db: t.app.ctx.db, log: t.app.log, payments: t.app.ctx.payments });
    const ok = await admin();
    expect(ok.code).toBe(0);
    expect(ok.output).toContain('OK        atelier_explorer_yearly_edu');
    expect(ok.output).toContain('OK        atelier_team_pro_yearly');
    expect(ok.output).toContain('Every catalog price is in Stripe.');

    const price = fake.prices.find((p) => p.lookup_key === 'atelier_credits_50')!;
    const pro = fake.prices.find((p) => p.lookup_key === 'atelier_pro_monthly')!;
    price.active = false;
    pro.unit_amount = 9800;
    try {
      const bad = await admin();
      expect(bad.code).toBe(1);
      expect(bad.output).toMatch(/MISSING {3}atelier_credits_50 {2}\(50 credits \(one-time\): create a price of 2000 EUR cents, one-time/);
      expect(bad.output).toMatch(/MISMATCH {2}atelier_pro_monthly {2}price_\w+: amount 9800, want 9900/);
      expect(bad.output).toContain('2 price(s) need attention');
    } finally {
      price.active = true;
      pro.unit_amount = 9900;
    }
  });
});
