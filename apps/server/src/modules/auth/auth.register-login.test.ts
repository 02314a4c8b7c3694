import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SUBSCRIPTION } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createUser, createVerifiedUser, tokenFor, uniqueEmail } from '../../../test/helpers/factories.js';
import { linkIn, nextOutboxMail } from '../../../test/helpers/mail.js';

describe('registration, sign-in and the current user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('POST /api/auth/register', () => {
    it('creates an unverified FREE account with 0 credits and sends the verification e-mail', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/register', { fullName: 'Zaha Architect', email, password: 'drafting-7' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        emailSent: true,
        message: 'Account created! Please check your email to verify your account.',
      });

      const mail = await nextOutboxMail(t.dataDir, email);
      const link = linkIn(mail, '/auth/verify-email');
      const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` });
      expect(verified.statusCode).toBe(200);
      const session = verified.json();
      expect(session.user).toMatchObject({ fullName: 'Zaha Architect', email, emailVerified: true, hasPassword: true });
      expect(session.subscription).toEqual(FREE_SUBSCRIPTION);
      expect(session.credits).toBe(0);
    });

    it('refuses an e-mail already registered, in another letter case', async () => {
      const existing = await createUser(t.app, { email: uniqueEmail('Le.Corbusier') });
      const res = await post('/api/auth/register', {
        fullName: 'Someone Else',
        email: existing.email.toUpperCase(),
        password: 'another-password',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    });

    it.each([
      [{ fullName: 'Ada Lovelace', email: 'not-an-email', password: 'secret-1' }, 'Invalid email address'],
      [{ fullName: 'Ada Lovelace', password: 'secret-1' }, 'Invalid email address'],
      [{ fullName: 'Ada Lovelace', email: 'ada@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [{ fullName: 'Ada Lovelace', email: 'ada@example.com' }, 'Password must be at least 6 characters'],
      [{ fullName: 'A', email: 'ada@example.com', password: 'secret-1' }, 'Name must be at least 2 characters'],
      [{ fullName: '   A  ', email: 'ada@example.com', password: 'secret-1' }, 'Name must be at least 2 characters'],
    ])('answers 400 with the spec message for %j', async (body, message) => {
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    });

    it('answers 400, not 500, for a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"fullName": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBeTruthy();
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in a verified user with the right password, ignoring the e-mail case', async () => {
      const user = await createVerifiedUser(t.app, { credits: 42 });
      const res = await post('/api/auth/login', { email: user.email.toUpperCase(), password: user.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toEqual(expect.any(String));
      expect(body.user).toMatchObject({ id: user.id, email: user.email, fullName: user.fullName, profilePicture: null });
      expect(body.subscription).toEqual(FREE_SUBSCRIPTION);
      expect(body.credits).toBe(42);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(user.id);
    });

    it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
      const user = await createVerifiedUser(t.app);
      const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
      const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever-1' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      }
    });

    it('refuses an unverified account with 403 and tells the browser to show the e-mail dialog', async () => {
      const user = await createUser(t.app);
      const res = await post('/api/auth/login', { email: user.email, password: user.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'Please verify your email address before signing in.',
        code: 'EMAIL_NOT_VERIFIED',
        emailVerificationRequired: true,
        email: user.email,
      });
    });

    it('tells a Google-only account to use Google sign-in', async () => {
      const user = await createVerifiedUser(t.app, { password: null, googleSub: 'google-only-1' });
      const res = await post('/api/auth/login', { email: user.email, password: 'anything-1' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('USE_GOOGLE_SIGN_IN');
      expect(res.json().message).toMatch(/Google/);
    });

    it.each([
      [{ email: 'nope', password: 'x' }, 'Invalid email address'],
      [{ email: 'ada@example.com', password: '' }, 'Password is required'],
      [{ email: 'ada@example.com' }, 'Password is required'],
    ])('answers 400 with the spec message for %j', async (body, message) => {
      const res = await post('/api/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers 401 for a bad token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('not.a.jwt') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    });

    it("answers 401 for a deleted user's token", async () => {
      const user = await createVerifiedUser(t.app);
      const token = await tokenFor(t.app, user);
      const del = await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { password: user.password, confirm: 'DELETE' },
      });
      expect(del.statusCode).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    });

    it('shows the subscription given by the subscriptionOf hook', async () => {
      const user = await createVerifiedUser(t.app);
      const original = t.app.ctx.subscriptionOf;
      t.app.ctx.subscriptionOf = async () => ({ ...FREE_SUBSCRIPTION, planType: 'PRO', status: 'ACTIVE', credits: 1000 });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(await tokenFor(t.app, user)) });
        expect(res.json().subscription).toMatchObject({ planType: 'PRO', status: 'ACTIVE', credits: 1000 });
      } finally {
        t.app.ctx.subscriptionOf = original;
      }
    });
  });

  describe('GET /api/auth/config', () => {
    it('says Google sign-in is off without GOOGLE_CLIENT_ID', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(res.json()).toEqual({ googleEnabled: false, mode: 'demo' });
    });

    it('answers POST /auth/google with GOOGLE_NOT_CONFIGURED and sends GET /auth/google back with an error', async () => {
      const post = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: 'abc' } });
      expect(post.statusCode).toBe(400);
      expect(post.json()).toEqual({
        message: 'Google sign-in is not configured on this server.',
        code: 'GOOGLE_NOT_CONFIGURED',
      });
      const get = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(get.statusCode).toBe(302);
      expect(get.headers.location).toBe('http://localhost:3000/auth/callback?error=google_not_configured');
    });
  });

  it('documents every auth route in /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/verify-email',
      '/api/auth/resend-verification',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/config',
      '/api/auth/google',
      '/api/auth/google/callback',
      '/api/auth/me/password',
      '/api/auth/me/profile-picture',
      '/api/auth/avatars/{name}',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.json().paths['/api/auth/login'].post.responses['403']).toBeDefined();
  });
});

describe('rate limiting of /api/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 RATE_LIMITED once a client passes the limit', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ada@example.com', password: 'guess-1' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(/Too many requests/);
  });

  it('limits the e-mail sending routes too', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ada@example.com' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});
