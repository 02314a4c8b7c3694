import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createUser, createVerifiedUser, uniqueEmail } from '../../../test/helpers/factories.js';
import { linkIn, nextOutboxMail, outboxMessages } from '../../../test/helpers/mail.js';
import { emailTokens, users } from '../../db/schema/index.js';
import { hashEmailToken, issueEmailToken } from './email-tokens.js';

describe('e-mail verification and password reset links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.close());

  const verify = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const expire = (raw: string) =>
    t.app.ctx.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.tokenHash, hashEmailToken(raw)));

  describe('GET /api/auth/verify-email', () => {
    it('verifies, signs in, and then lets the password sign in', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'verify');
      const res = await verify(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: user.id, emailVerified: true }, credits: 0 });
      expect((await login(user.email, user.password!)).statusCode).toBe(200);
    });

    it('refuses a used link', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'verify');
      expect((await verify(token)).statusCode).toBe(200);
      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: 'TOKEN_USED',
        message: 'This verification link has already been used. Please request a new verification email.',
      });
    });

    it('refuses an expired link (older than 24 hours)', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'verify');
      await expire(token);
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: expect.stringMatching(/expired/) });
      expect((await login(user.email, user.password!)).statusCode).toBe(403);
    });

    it('is valid for 24 hours', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'verify');
      const [row] = await t.app.ctx.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, hashEmailToken(token)));
      const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(24, 1);
    });

    it.each(['garbage', 'x'.repeat(43), 'A'.repeat(43)])('refuses a made-up token %s', async (token) => {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN', message: expect.stringMatching(/invalid/) });
    });

    it('refuses a missing token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('does not accept a reset token as a verification token', async () => {
      const user = await createUser(t.app);
      const reset = await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      expect((await verify(reset)).json().code).toBe('INVALID_TOKEN');
    });

    it('keeps only the hash of the token', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'verify');
      const rows = await t.app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
      expect(rows.map((r) => r.tokenHash)).toEqual([hashEmailToken(token)]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('POST /api/auth/resend-verification', () => {
    const resend = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });

    it('sends a new working link to an unverified account', async () => {
      const user = await createUser(t.app);
      const res = await resend(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      const mail = await nextOutboxMail(t.dataDir, user.email, /Verify/);
      expect(mail.headers.subject).toBe('Verify your email address for Atelier');
      const link = linkIn(mail, '/auth/verify-email');
      expect(link.origin).toBe('http://localhost:3000');
      expect((await verify(link.searchParams.get('token')!)).statusCode).toBe(200);
    });

    it('answers an unknown and a verified address exactly like an unverified one, and sends nothing', async () => {
      const unverified = await createUser(t.app);
      const verified = await createVerifiedUser(t.app);
      const unknown = uniqueEmail('ghost');
      const answers = await Promise.all([resend(unverified.email), resend(verified.email), resend(unknown)]);
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(answers[0].json());
      }
      expect(answers[0].json()).toMatchObject({ success: true, message: expect.any(String) });
      await nextOutboxMail(t.dataDir, unverified.email);
      await new Promise((r) => setTimeout(r, 200));
      const recipients = outboxMessages(t.dataDir).map((m) => m.headers.to);
      expect(recipients.some((to) => to.includes(verified.email))).toBe(false);
      expect(recipients.some((to) => to.includes(unknown))).toBe(false);
    });

    it('validates the e-mail', async () => {
      const res = await resend('nope');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid email address');
    });
  });

  describe('forgot and reset password', () => {
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

    async function resetLinkFor(email: string): Promise<string> {
      const mail = await nextOutboxMail(t.dataDir, email, /Reset/);
      const link = linkIn(mail, '/reset-password');
      expect(link.origin).toBe('http://localhost:3000');
      return link.searchParams.get('token')!;
    }

    it('e-mails a link that sets a new password once, and also verifies the address', async () => {
      const user = await createUser(t.app);
      const res = await forgot(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      const token = await resetLinkFor(user.email);

      const done = await reset(token, 'brand-new-secret');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ success: true, message: 'Your password has been reset. You can now sign in.' });
      expect((await login(user.email, user.password!)).statusCode).toBe(401);
      expect((await login(user.email, 'brand-new-secret')).statusCode).toBe(200);

      const again = await reset(token, 'yet-another-secret');
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('TOKEN_USED');
    });

    it('answers an unknown address like a known one and sends nothing', async () => {
      const known = await createVerifiedUser(t.app);
      const unknown = uniqueEmail('ghost');
      const a = await forgot(known.email);
      const b = await forgot(unknown);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
      await resetLinkFor(known.email);
      await new Promise((r) => setTimeout(r, 200));
      expect(outboxMessages(t.dataDir).some((m) => m.headers.to.includes(unknown))).toBe(false);
    });

    it('expires after 1 hour', async () => {
      const user = await createVerifiedUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      const [row] = await t.app.ctx.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, hashEmailToken(token)));
      expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
      await expire(token);
      const res = await reset(token, 'brand-new-secret');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: expect.stringMatching(/expired/) });
    });

    it('a newer reset e-mail replaces the older link', async () => {
      const user = await createVerifiedUser(t.app);
      const older = await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      await forgot(user.email);
      const newer = await resetLinkFor(user.email);
      expect(newer).not.toBe(older);
      expect((await reset(older, 'brand-new-secret')).json().code).toBe('INVALID_TOKEN');
      expect((await reset(newer, 'brand-new-secret')).statusCode).toBe(200);
    });

    it('refuses a made-up token and a short password', async () => {
      const garbage = await reset('garbage', 'brand-new-secret');
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json().code).toBe('INVALID_TOKEN');
      const user = await createVerifiedUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      const short = await reset(token, '123');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ message: 'Password must be at least 6 characters', code: 'VALIDATION_ERROR' });
      // The refused attempt did not use the link up.
      expect((await reset(token, 'long-enough-1')).statusCode).toBe(200);
    });

    it('marks an unverified account verified', async () => {
      const user = await createUser(t.app);
      const token = await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      expect((await reset(token, 'brand-new-secret')).statusCode).toBe(200);
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.emailVerifiedAt).not.toBeNull();
    });
  });

  it('writes each message as an RFC 822 .eml with a text and an HTML part', async () => {
    const email = uniqueEmail('outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Lina Bo Bardi', email, password: 'concrete-9' },
    });
    expect(res.json().emailSent).toBe(true);
    const mail = await nextOutboxMail(t.dataDir, email);
    expect(mail.headers.from).toBe('Atelier <no-reply@atelier.local>');
    expect(mail.headers.subject).toBe('Verify your email address for Atelier');
    expect(mail.headers['mime-version']).toBe('1.0');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.parts['text/plain']).toContain('Hi Lina Bo Bardi');
    const link = linkIn(mail, '/auth/verify-email');
    expect(mail.parts['text/html']).toContain(`href="${link.href}"`);
  });
});
