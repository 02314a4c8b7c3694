import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../../providers/payments/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor } from '../../../test/helpers/factories.js';
import { nextOutboxMail } from '../../../test/helpers/mail.js';
import { signedEvent, startStripeFake, type StripeFake } from '../../../test/helpers/stripe-fake.js';
import { createGeneratedImage, makePng, uploadInput } from '../images/images.test-helpers.js';
import { getCatalog } from '../billing/catalog.js';

const SECRET_KEY = 'sk_test_atelier_fake';
const WEBHOOK_SECRET = 'whsec_atelier_fake_secret';

/** Issue 17 part 4: deleting an account deletes its files, its public images and its subscription. */
describe('account deletion deletes', { timeout: 120_000 }, () => {
  let fake: StripeFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startStripeFake();
    const catalog = getCatalog();
    for (const plan of catalog.plans) {
      const ref = { planType: plan.planType, billingCycle: 'MONTHLY' as const, isEducational: false };
      fake.addPrice(catalog.planLookupKey(ref), catalog.price(ref), 'month');
    }
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, AUTH_RATE_LIMIT: '1000' },
      overrides: {
        payments: createStripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, client: fake.client() }),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function deliver(type: string, object: object) {
    const ev = signedEvent(WEBHOOK_SECRET, type, object as Record<string, unknown>);
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': ev.header },
      payload: ev.payload,
    });
  }

  it('removes files, signed URLs, Explore entries and the Stripe subscription, and says so by e-mail', async () => {
    const user = await createVerifiedUser(t.app, { fullName: 'Zaha Hadid' });
    const headers = bearer(await tokenFor(t.app, user));
    // A paid plan through Stripe Checkout.
    const checkout = await t.app.inject({ method: 'POST', url: '/api/subscription/checkout', headers, payload: { planType: 'STARTER', billingCycle: 'MONTHLY' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = fake.completeCheckout(checkout.json().url.split('/').pop());
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    const subscriptionId = session.subscription as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().subscription.planType).toBe('STARTER');

    // Files: an upload, and a render shared on Explore.
    const upload = await uploadInput(t.app, { id: user.id, token: '', headers: headers as { authorization: string } }, { data: await makePng(320, 240) });
    expect(upload.statusCode, upload.body).toBe(201);
    const uploadUrl = upload.json().originalUrl as string;
    const render = await createGeneratedImage(t.app, user.id);
    const share = await t.app.inject({ method: 'PUT', url: `/api/gallery/images/${render.id}/visibility`, headers, payload: { isPublic: true } });
    expect(share.statusCode, share.body).toBe(200);
    const explore = async () => (await t.app.inject({ method: 'GET', url: '/api/explore/images' })).json().images as { id: number; imageUrl: string }[];
    const shared = (await explore()).find((i) => i.id === render.id)!;
    expect(shared).toBeDefined();
    const userDir = path.join(t.dataDir, 'files', 'u', String(user.id));
    expect(fs.readdirSync(userDir, { recursive: true }).length).toBeGreaterThan(0);
    for (const url of [uploadUrl, shared.imageUrl]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const mail = nextOutboxMail(t.dataDir, user.email, /deleted/);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers, payload: { password: user.password, confirm: 'DELETE' } });
    expect(res.statusCode, res.body).toBe(200);

    expect(fs.existsSync(userDir)).toBe(false);
    for (const url of [uploadUrl, shared.imageUrl]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await explore()).some((i) => i.id === render.id)).toBe(false);

    // Cancelled at Stripe at once, not at the period's end.
    const cancel = fake.requests.find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(cancel).toBeDefined();
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    // Stripe's events about it arrive later: acknowledged, no error, no account brought back.
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted']) {
      const ack = await deliver(type, fake.subscriptions.get(subscriptionId)!);
      expect(ack.statusCode, ack.body).toBe(200);
      expect(ack.json()).toEqual({ received: true });
    }

    const sent = await mail;
    expect(sent.headers.subject).toBe('Your Atelier account has been deleted');
    const text = sent.parts['text/plain'].replace(/\s+/g, ' ');
    expect(text).toContain('Hi Zaha Hadid,');
    expect(text).toContain('uploads, renders, masks, overlays and profile picture are removed');
    expect(text).toContain('Your subscription has been cancelled with immediate effect');
  });

  it('keeps the account when Stripe cannot cancel the subscription (502), so nobody pays for a deleted account', async () => {
    const user = await createVerifiedUser(t.app);
    const headers = bearer(await tokenFor(t.app, user));
    const checkout = await t.app.inject({ method: 'POST', url: '/api/subscription/checkout', headers, payload: { planType: 'PRO', billingCycle: 'MONTHLY' } });
    const session = fake.completeCheckout(checkout.json().url.split('/').pop());
    await deliver('checkout.session.completed', session);
    // Stripe no longer knows it (e.g. removed by hand): the cancel call fails.
    fake.subscriptions.delete(session.subscription as string);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers, payload: { password: user.password, confirm: 'DELETE' } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
  });
});
