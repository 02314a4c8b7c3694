import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_CODES } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor, type TestUser } from '../../../test/helpers/factories.js';
import { nextOutboxMail, linkIn } from '../../../test/helpers/mail.js';
import { connectLive, listen } from '../generation/generation.test-helpers.js';

/**
 * Issue 17 part 3 and issue 28 item 9: logout ends this session only; "Sign out of all devices",
 * a password change or reset, and deletion end every earlier session.
 */
describe('revocable sessions', { timeout: 90_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t?.close());

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const login = async (user: TestUser): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it('POST /api/auth/logout ends this session only: the same account signed in elsewhere stays signed in', async () => {
    const user = await createVerifiedUser(t.app);
    const laptop = await login(user);
    const phone = await login(user);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been logged out successfully' });
    const after = await me(laptop);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'INVALID_TOKEN' });
    expect((await me(phone)).statusCode).toBe(200);
    // A second logout on the phone ends it too, and the first stays ended.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(phone) })).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(await login(user))).statusCode).toBe(200);
  });

  it('POST /api/auth/logout-all ends every session of the account (401) and closes its sockets with 4003', async () => {
    const user = await createVerifiedUser(t.app);
    const laptop = await login(user);
    const phone = await login(user);
    const other = await createVerifiedUser(t.app);
    const otherToken = await tokenFor(t.app, other);
    const socket = await connectLive(baseUrl, phone);
    const otherSocket = await connectLive(baseUrl, otherToken);
    await Promise.all([socket.waitFor('connected'), otherSocket.waitFor('connected')]);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out on every device.' });

    for (const token of [laptop, phone]) {
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'INVALID_TOKEN' });
    }
    await socket.waitFor('session_revoked');
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODES.sessionRevoked, reason: 'Session ended' });
    // A revoked token cannot open a new socket either.
    const again = await connectLive(baseUrl, phone);
    expect(await again.closed).toEqual({ code: 4001, reason: 'Invalid token' });
    // Someone else's session is untouched; signing in again works.
    expect((await me(otherToken)).statusCode).toBe(200);
    expect(otherSocket.ws.readyState).toBe(otherSocket.ws.OPEN);
    expect((await me(await login(user))).statusCode).toBe(200);
    await otherSocket.close();
  });

  it('logout and logout-all without a valid token are 401', async () => {
    for (const url of ['/api/auth/logout', '/api/auth/logout-all']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(401);
    }
  });

  it('a password change ends earlier sessions and hands this browser a new token', async () => {
    const user = await createVerifiedUser(t.app);
    const here = await login(user);
    const elsewhere = await login(user);
    const socket = await connectLive(baseUrl, elsewhere);
    await socket.waitFor('connected');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/password',
      headers: bearer(here),
      payload: { currentPassword: user.password, newPassword: 'a-new-drafting-pen-5' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.sessionRevoked);
  });

  it('a password reset ends every earlier session', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await login(user);
    const mail = nextOutboxMail(t.dataDir, user.email, /Reset/);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const resetToken = linkIn(await mail, '/reset-password').searchParams.get('token');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'reset-and-new-3' } });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("deleting the account closes its sockets with 4003 and its tokens are refused", async () => {
    const user = await createVerifiedUser(t.app);
    const token = await login(user);
    const socket = await connectLive(baseUrl, token);
    await socket.waitFor('connected');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(token), payload: { password: user.password, confirm: 'DELETE' } });
    expect(res.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.sessionRevoked);
    expect((await me(token)).statusCode).toBe(401);
  });
});

