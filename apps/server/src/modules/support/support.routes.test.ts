import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { nextOutboxMail } from '../../../test/helpers/mail.js';
import { bearer, createVerifiedUser, tokenFor } from '../../../test/helpers/factories.js';
import { multipartBody } from '../images/images.test-helpers.js';

// The /support contact form: a message reaches SUPPORT_EMAIL (reply-to the user, attachment
// attached) and the user gets a receipt; a student verification request names its approval command.

describe('POST /api/support/requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@studio-example.com' } });
  });
  afterAll(() => t.close());

  const send = async (token: string | null, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/support/requests', payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  };

  it('e-mails support with the attachment and the user a receipt', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, user);
    const screenshot = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } }).png().toBuffer();
    const res = await send(token, [
      { name: 'topic', value: 'bug' },
      { name: 'message', value: 'The Upscale button does nothing on my render from yesterday.' },
      { name: 'attachment', filename: 'screen shot.png', contentType: 'image/png', data: screenshot },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thanks, your message is on its way. We answer by e-mail.' });
    const toSupport = await nextOutboxMail(t.dataDir, 'help@studio-example.com', /Something is broken/);
    expect(toSupport.headers['reply-to']).toContain(user.email);
    expect(toSupport.raw).toContain('The Upscale button does nothing');
    expect(toSupport.raw).toMatch(/filename="?screen shot\.png"?/);
    const receipt = await nextOutboxMail(t.dataDir, user.email, /We received your message/);
    expect(receipt.parts['text/plain']).toContain('answer by e-mail');
  });

  it('sends a student verification request to the admin with the e-mail and the approval command', async () => {
    const user = await createVerifiedUser(t.app);
    const res = await send(await tokenFor(t.app, user), [
      { name: 'topic', value: 'student_verification' },
      { name: 'message', value: 'I study architecture at TU Delft, student number 4512345.' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await nextOutboxMail(t.dataDir, 'help@studio-example.com', new RegExp(`Student verification request: ${user.email}`));
    expect(mail.parts['text/plain']).toContain(`npm run admin -- student ${user.email}`);
  });

  it('refuses a bad form with a 400 naming the field, and visitors with a 401', async () => {
    const user = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, user);
    const badTopic = await send(token, [{ name: 'topic', value: 'refund' }, { name: 'message', value: 'Please give me my money back.' }]);
    expect(badTopic.statusCode).toBe(400);
    expect(badTopic.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'topic' });
    const short = await send(token, [{ name: 'topic', value: 'other' }, { name: 'message', value: 'hi' }]);
    expect(short.json()).toMatchObject({ message: 'Please describe it in at least 10 characters', field: 'message' });
    const exe = await send(token, [
      { name: 'topic', value: 'other' },
      { name: 'message', value: 'Here is the program that crashes.' },
      { name: 'attachment', filename: 'tool.exe', contentType: 'application/octet-stream', data: Buffer.from('MZ') },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ message: 'The attachment must be a JPG, PNG, WEBP image or a PDF', field: 'attachment' });
    expect((await send(null, [{ name: 'topic', value: 'other' }, { name: 'message', value: 'Anonymous message here' }])).statusCode).toBe(401);
  });
});
