import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createVerifiedUser } from '../test/helpers/factories.js';
import { nextOutboxMail } from '../test/helpers/mail.js';
import { runAdmin } from './admin.js';
import { createOutboxMailer } from './providers/mail/index.js';
import { getBalance } from './modules/credits/index.js';
import { isStudent } from './modules/billing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (...args: string[]) => runAdmin(args, { db: t.app.ctx.db, log: t.app.log });

describe('admin CLI', () => {
  it('marks and unmarks a verified student by e-mail', async () => {
    const u = await createVerifiedUser(t.app);
    const on = await admin('student', u.email);
    expect(on).toEqual({ code: 0, output: `${u.email} is now a verified student.` });
    expect(await isStudent(t.app.ctx.db, u.id)).toBe(true);
    expect((await admin('student', u.email, '--off')).code).toBe(0);
    expect(await isStudent(t.app.ctx.db, u.id)).toBe(false);
    expect(await admin('student', 'nobody@example.com')).toEqual({ code: 1, output: 'No account with the e-mail nobody@example.com.' });
  });

  it('e-mails the student when the verification is approved', async () => {
    const u = await createVerifiedUser(t.app);
    const mailer = createOutboxMailer(`${t.dataDir}/outbox`, 'Atelier <no-reply@atelier.local>', t.app.log);
    expect((await runAdmin(['student', u.email], { db: t.app.ctx.db, log: t.app.log, mailer })).code).toBe(0);
    const mail = await nextOutboxMail(t.dataDir, u.email, /student status is verified/);
    expect(mail.parts['text/plain']).toContain('plans for students and educators');
  });

  it('adjusts credits through the ledger and shows the account', async () => {
    const u = await createVerifiedUser(t.app);
    expect((await admin('credits', u.email, '25', 'Goodwill', 'for', 'an', 'outage')).output).toBe(`${u.email}: balance is now 25 credits.`);
    expect((await admin('credits', u.email, '-40')).output).toBe(`${u.email}: balance is now 0 credits.`);
    expect(await getBalance(t.app.ctx.db, u.id)).toBe(0);
    const show = await admin('show', u.email);
    expect(show.output).toContain('plan: FREE');
    expect(show.output).toContain('credits: 0');
  });

  it('prints the usage for an unknown command or bad arguments', async () => {
    expect((await admin('frobnicate')).code).toBe(1);
    expect((await admin('credits', 'a@b.c', 'ten')).output).toMatch(/^Usage:/);
    expect((await admin('allowances')).code).toBe(0);
    expect((await admin('stripe-check')).output).toBe('Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  });
});
