import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from '@atelier/contract';
import { createTestApp, type TestApp } from './helpers/app.js';
import { bearer, createVerifiedUser, tokenFor } from './helpers/factories.js';
import { connectLive, listen } from '../src/modules/generation/generation.test-helpers.js';

/** Issue 17 parts 1, 2 (billing routes) and 7: what differs between demo and production, CSP, /ws and names. */
const PRODUCTION = {
  ATELIER_MODE: 'production',
  STRIPE_SECRET_KEY: 'sk_test_production_like',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_like',
  SMTP_URL: 'smtp://127.0.0.1:41179',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
  PUBLIC_URL: 'https://atelier.example.com',
};

describe('demo mode (the default)', { timeout: 90_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('says so on /api/auth/config, serves the test checkout and has no Stripe webhook', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ googleEnabled: false, mode: 'demo' });
    const portal = await t.app.inject({ method: 'POST', url: '/api/billing/local/portal', payload: {} });
    expect(portal.statusCode).not.toBe(404);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(webhook.statusCode).toBe(404);
  });

  it('sends a CSP without inline scripts or foreign sockets', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://localhost:3000;");
    expect(csp).toContain("form-action 'self';");
  });

  it('refuses names with control characters with 400, on register and on profile change', async () => {
    const name = 'Eve\nYour account is locked: call +1 555 0100';
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { fullName: name, email: 'eve@example.com', password: 'secret-12' } });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toMatchObject({ message: 'Name contains invalid characters', code: 'VALIDATION_ERROR' });
    const user = await createVerifiedUser(t.app);
    const headers = bearer(await tokenFor(t.app, user));
    for (const fullName of [name, 'Eve\u2028Line', 'Eve\u0085x']) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { fullName } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Name contains invalid characters');
    }
    // A NUL is refused by the request-wide rule, before the name's own check.
    const nul = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { fullName: 'Eve\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: 'fullName must not contain a NUL character', code: 'NUL_CHARACTER' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { fullName: 'Eve Ödegård-Ñúñez' } })).statusCode).toBe(200);
  });

  it('/ws accepts its own origin and localhost, and closes another origin with 1008', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, user);
    for (const origin of ['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:3117']) {
      const ok = await connectLive(baseUrl, token, { origin });
      await ok.waitFor('connected');
      await ok.close();
    }
    const evil = await connectLive(baseUrl, token, { origin: 'https://evil.example' });
    expect(await evil.closed).toEqual({ code: 1008, reason: 'Origin not allowed' });
    expect(evil.messages).toEqual([]);
  });

  it('/ws closes a socket that floods messages with 1008', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await connectLive(baseUrl, await tokenFor(t.app, user));
    await client.waitFor('connected');
    for (let i = 0; i < LIVE_LIMITS.messagesPerSecond * 3; i++) client.send({ type: 'ping' });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Too many messages' });
  });

  it('/ws closes a socket that subscribes to too many channels with 1008', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await connectLive(baseUrl, await tokenFor(t.app, user));
    await client.waitFor('connected');
    let next = 1;
    // Within the message rate: bursts below it, each after the previous one's answers.
    while (next <= LIVE_LIMITS.subscriptions) {
      const burstEnd = Math.min(next + LIVE_LIMITS.messagesPerSecond - 2, LIVE_LIMITS.subscriptions);
      for (; next <= burstEnd; next++) client.send({ type: 'subscribe_generation', inputImageId: next });
      await client.waitFor('subscribed', (m) => m.inputImageId === burstEnd);
      // The server's one-second window began at the latest when it read this burst's first
      // message, before it answered the last one: a second after that answer, a new one begins
      // however slowly the machine delivered the burst.
      await new Promise((r) => setTimeout(r, 1010));
    }
    client.send({ type: 'subscribe_masks', inputImageId: 1 });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Too many subscriptions' });
  });

  it('/ws closes an oversized frame with 1009 and keeps serving', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, user);
    const client = await connectLive(baseUrl, token);
    await client.waitFor('connected');
    client.ws.send('x'.repeat(65 * 1024));
    expect((await client.closed).code).toBe(1009);
    const after = await connectLive(baseUrl, token);
    await after.waitFor('connected');
    await after.close();
  });
});

describe('production mode', { timeout: 90_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: PRODUCTION });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('has no test checkout or portal routes, and says production on /api/auth/config', async () => {
    const user = await createVerifiedUser(t.app);
    const headers = bearer(await tokenFor(t.app, user));
    for (const [method, url] of [
      ['GET', '/api/billing/local/sessions/chk_1'],
      ['POST', '/api/billing/local/sessions/chk_1/complete'],
      ['POST', '/api/billing/local/sessions/chk_1/cancel'],
      ['POST', '/api/billing/local/portal'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: {} });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json().mode).toBe('production');
  });

  it("allows the Stripe checkout as a form target and only the app's own wss origin", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' wss://atelier.example.com;");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com https://billing.stripe.com;");
    expect(csp).toContain("script-src 'self';");
  });

  it('/ws accepts only PUBLIC_URL as Origin (no localhost)', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, user);
    const own = await connectLive(baseUrl, token, { origin: 'https://atelier.example.com' });
    await own.waitFor('connected');
    await own.close();
    const local = await connectLive(baseUrl, token, { origin: 'http://localhost:3000' });
    expect(await local.closed).toEqual({ code: 1008, reason: 'Origin not allowed' });
  });
});
