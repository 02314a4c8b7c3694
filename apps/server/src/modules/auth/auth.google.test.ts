import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createUser, createVerifiedUser, uniqueEmail } from '../../../test/helpers/factories.js';
import { oauthStates, users } from '../../db/schema/index.js';

const CLIENT_ID = 'atelier-test-client.apps.example.com';
const CLIENT_SECRET = 'atelier-test-secret';

interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

describe('Google sign-in against an OIDC server (oauth2-mock-server)', () => {
  let oidc: OAuth2Server;
  let t: TestApp;
  /** Who the mock says signed in when it issues tokens from its token endpoint. */
  let person: Person;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, person);
    });
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_ISSUER: oidc.issuer.url!,
        AUTH_RATE_LIMIT: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });
  beforeEach(() => {
    person = { sub: `google-${Math.random().toString(36).slice(2)}`, email: uniqueEmail('g'), email_verified: true, name: 'Frank Gehry' };
  });

  /** An ID token as Google's button would hand the browser. */
  const idToken = (claims: Record<string, unknown> = {}, expiresIn?: number) =>
    oidc.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID, ...person, ...claims }),
    });
  const postGoogle = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });

  it('says Google sign-in is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ googleEnabled: true, mode: 'demo' });
  });

  describe('POST /api/auth/google (ID token)', () => {
    it('creates a verified FREE account for a new Google user and signs in', async () => {
      const res = await postGoogle(await idToken({ picture: 'https://lh3.example.com/photo.jpg' }));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        email: person.email,
        fullName: 'Frank Gehry',
        emailVerified: true,
        hasPassword: false,
        profilePicture: 'https://lh3.example.com/photo.jpg',
      });
      expect(body.subscription.planType).toBe('FREE');
      expect(body.credits).toBe(0);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
      expect(me.json().user.id).toBe(body.user.id);

      // The same Google account later signs into the same Atelier account.
      const again = await postGoogle(await idToken());
      expect(again.json().user.id).toBe(body.user.id);
    });

    it('signs into the existing account with the same e-mail and links it', async () => {
      const existing = await createVerifiedUser(t.app, { email: uniqueEmail('Existing') });
      person.email = existing.email.toLowerCase();
      const res = await postGoogle(await idToken());
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: existing.id, hasPassword: true, fullName: existing.fullName });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, existing.id));
      expect(row.googleSub).toBe(person.sub);
      // The password still works.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: existing.email, password: existing.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('verifies an unverified account it links, and drops the password nobody had proven', async () => {
      const squatter = await createUser(t.app);
      person.email = squatter.email;
      const res = await postGoogle(await idToken());
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: squatter.id, emailVerified: true, hasPassword: false });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: squatter.email, password: squatter.password },
      });
      expect(login.statusCode).toBe(401);
    });

    it('refuses a Google account whose e-mail is not verified', async () => {
      const res = await postGoogle(await idToken({ email_verified: false }));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('GOOGLE_EMAIL_NOT_VERIFIED');
    });

    it('refuses a token for another audience', async () => {
      const res = await postGoogle(await idToken({ aud: 'someone-elses-client' }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'GOOGLE_AUTH_FAILED' });
    });

    it('refuses a token from another issuer', async () => {
      const res = await postGoogle(await idToken({ iss: 'https://evil.example.com' }));
      expect(res.statusCode).toBe(401);
    });

    it('refuses an expired token', async () => {
      const res = await postGoogle(await idToken({}, -120));
      expect(res.statusCode).toBe(401);
    });

    it('refuses a token with a forged signature', async () => {
      const [h, p] = (await idToken()).split('.');
      const res = await postGoogle(`${h}.${p}.${Buffer.from('forged').toString('base64url')}`);
      expect(res.statusCode).toBe(401);
    });

    it('refuses garbage and an empty credential', async () => {
      expect((await postGoogle('not-a-jwt')).statusCode).toBe(401);
      const empty = await postGoogle('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/Google credential is required/);
    });
  });

  describe('GET /api/auth/google (redirect flow with PKCE)', () => {
    /** The state cookie the last /api/auth/google set (the browser that started the sign-in). */
    let browserCookie = '';
    /** Follows the app's redirect to the issuer, which redirects back with code and state. */
    async function authorize(): Promise<URL> {
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.statusCode).toBe(302);
      const setCookie = String(start.headers['set-cookie']);
      expect(setCookie).toMatch(/^atelier_google_state=[^;]+; Path=\/api\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/);
      browserCookie = setCookie.split(';')[0];
      const authUrl = new URL(start.headers.location as string);
      expect(authUrl.origin).toBe(oidc.issuer.url);
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(authUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
      expect(authUrl.searchParams.get('state')).toBeTruthy();
      expect(authUrl.searchParams.get('nonce')).toBeTruthy();
      const res = await fetch(authUrl, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!);
    }
    const callback = (url: URL, cookie = browserCookie) =>
      t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

    it("refuses a callback opened in a browser that did not start the sign-in (login CSRF)", async () => {
      // The attacker starts a sign-in and has the victim's browser open the callback URL.
      const back = await authorize();
      for (const cookie of ['', 'atelier_google_state=the-victims-own-earlier-state', 'other=1']) {
        const res = await callback(back, cookie);
        const done = new URL(res.headers.location as string);
        expect(done.pathname).toBe('/auth/callback');
        expect(done.searchParams.get('error')).toBe('google_auth_failed');
        expect(done.searchParams.has('token')).toBe(false);
      }
      // The browser that started it still signs in, and the cookie is cleared on the way.
      const res = await callback(back);
      expect(new URL(res.headers.location as string).searchParams.has('token')).toBe(true);
      expect(String(res.headers['set-cookie'])).toMatch(/^atelier_google_state=; .*Max-Age=0/);
    });

    it('signs in and hands the browser a token at /auth/callback', async () => {
      const back = await authorize();
      expect(back.pathname).toBe('/api/auth/google/callback');
      const res = await callback(back);
      expect(res.statusCode).toBe(302);
      const done = new URL(res.headers.location as string);
      expect(`${done.origin}${done.pathname}`).toBe('http://localhost:3000/auth/callback');
      const token = done.searchParams.get('token')!;
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email: person.email, emailVerified: true });
    });

    it('links an existing account with the same e-mail', async () => {
      const existing = await createVerifiedUser(t.app);
      person.email = existing.email;
      const res = await callback(await authorize());
      const token = new URL(res.headers.location as string).searchParams.get('token')!;
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.json().user.id).toBe(existing.id);
    });

    it('refuses a wrong state', async () => {
      const back = await authorize();
      back.searchParams.set('state', 'not-the-state');
      const res = await callback(back, 'atelier_google_state=not-the-state');
      expect(res.statusCode).toBe(302);
      const done = new URL(res.headers.location as string);
      expect(done.pathname).toBe('/auth/callback');
      expect(done.searchParams.get('error')).toBe('invalid_state');
      expect(done.searchParams.has('token')).toBe(false);
    });

    it('refuses a state used twice', async () => {
      const back = await authorize();
      expect(new URL((await callback(back)).headers.location as string).searchParams.has('token')).toBe(true);
      const replay = new URL((await callback(back)).headers.location as string);
      expect(replay.searchParams.get('error')).toBe('invalid_state');
    });

    it('refuses an expired state', async () => {
      const back = await authorize();
      await t.app.ctx.db
        .update(oauthStates)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oauthStates.state, back.searchParams.get('state')!));
      const done = new URL((await callback(back)).headers.location as string);
      expect(done.searchParams.get('error')).toBe('invalid_state');
    });

    it('refuses a callback without state, and one where the user said no', async () => {
      const none = new URL((await callback(new URL('http://localhost/api/auth/google/callback?code=abc'))).headers.location as string);
      expect(none.searchParams.get('error')).toBe('invalid_state');

      const back = await authorize();
      const denied = new URL(back);
      denied.search = new URLSearchParams({ state: back.searchParams.get('state')!, error: 'access_denied' }).toString();
      const done = new URL((await callback(denied)).headers.location as string);
      expect(done.searchParams.get('error')).toBe('access_denied');
    });

    it('refuses a code that the issuer does not know', async () => {
      const back = await authorize();
      back.searchParams.set('code', 'made-up-code');
      const done = new URL((await callback(back)).headers.location as string);
      expect(done.searchParams.get('error')).toBe('google_auth_failed');
    });
  });
});
