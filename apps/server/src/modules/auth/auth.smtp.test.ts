import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { linkIn, startSmtpCapture, waitFor, type SmtpCapture } from '../../../test/helpers/mail.js';

describe('mail through a real SMTP server', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Atelier <hello@atelier.test>', AUTH_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification e-mail over SMTP, and its link verifies and signs in', async () => {
    expect(t.app.ctx.mailer.kind).toBe('smtp');
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Tadao Ando', email, password: 'light-church-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailSent).toBe(true);

    const i = smtp.envelopes.findIndex((e) => e.to.includes(email));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(smtp.envelopes[i].from).toBe('hello@atelier.test');
    const mail = smtp.messages[i];
    expect(mail.headers.from).toBe('Atelier <hello@atelier.test>');
    expect(mail.headers.to).toBe(email);
    expect(mail.headers.subject).toBe('Verify your email address for Atelier');
    expect(mail.parts['text/plain']).toContain('Hi Tadao Ando');
    expect(mail.parts['text/html']).toContain('Verify email address');

    const link = linkIn(mail, '/auth/verify-email');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/verify-email');
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, emailVerified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'light-church-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);
  });

  it('delivers the reset e-mail over SMTP', async () => {
    const email = uniqueEmail('smtp-reset');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Tadao Ando', email, password: 'light-church-1' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const mail = await waitFor(
      () => smtp.messages.find((m) => m.headers.to === email && /Reset/.test(m.headers.subject)),
      'the reset e-mail',
    );
    const token = linkIn(mail, '/reset-password').searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'water-temple-2' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: delivery fails at once.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.close());

  it('still creates the account and says the e-mail was not sent', async () => {
    const email = uniqueEmail('nomail');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Alvar Aalto', email, password: 'paimio-chair-3' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, emailSent: false });
    expect(res.json().message).toMatch(/could not send/);
  });
});
