import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor, type TestUser } from '../../../test/helpers/factories.js';
import { emailTokens, users } from '../../db/schema/index.js';
import { issueEmailToken } from './email-tokens.js';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const makeImage = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();

describe('account management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.close());

  async function signedIn(opts: Parameters<typeof createVerifiedUser>[1] = {}): Promise<TestUser & { headers: Record<string, string> }> {
    const user = await createVerifiedUser(t.app, opts);
    return { ...user, headers: bearer(await tokenFor(t.app, user)) };
  }
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('PATCH /api/auth/me', () => {
    it('changes the full name', async () => {
      const user = await signedIn();
      const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: user.headers, payload: { fullName: '  Renzo Piano ' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.fullName).toBe('Renzo Piano');
      expect(res.json()).toHaveProperty('subscription');
      expect(res.json()).toHaveProperty('credits');
    });

    it('refuses a short name and requires a token', async () => {
      const user = await signedIn();
      const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: user.headers, payload: { fullName: 'R' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Name must be at least 2 characters');
      const anon = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { fullName: 'Renzo Piano' } });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/me/password', () => {
    const change = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/me/password', headers, payload });

    it('changes the password when the current one is right', async () => {
      const user = await signedIn();
      const res = await change(user.headers, { currentPassword: user.password, newPassword: 'new-secret-9' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.', token: expect.any(String) });
      expect((await login(user.email, user.password!)).statusCode).toBe(401);
      expect((await login(user.email, 'new-secret-9')).statusCode).toBe(200);
    });

    it('refuses a wrong or missing current password', async () => {
      const user = await signedIn();
      const wrong = await change(user.headers, { currentPassword: 'not-it', newPassword: 'new-secret-9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
      const missing = await change(user.headers, { newPassword: 'new-secret-9' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
      expect((await login(user.email, user.password!)).statusCode).toBe(200);
    });

    it('refuses a short new password', async () => {
      const user = await signedIn();
      const res = await change(user.headers, { currentPassword: user.password, newPassword: '123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password must be at least 6 characters');
    });

    it('lets a Google-only account set its first password', async () => {
      const user = await signedIn({ password: null, googleSub: 'google-sets-password' });
      const res = await change(user.headers, { newPassword: 'first-password-1' });
      expect(res.statusCode).toBe(200);
      expect((await login(user.email, 'first-password-1')).statusCode).toBe(200);
    });
  });

  describe('profile picture', () => {
    const upload = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/me/profile-picture', headers: { ...headers, ...body.headers }, payload: body.payload });

    it.each(['png', 'jpeg', 'webp'] as const)('stores a %s as a 256×256 WEBP served at its URL', async (format) => {
      const user = await signedIn();
      const res = await upload(user.headers, multipart('file', `me.${format}`, `image/${format}`, await makeImage(640, 480, format)));
      expect(res.statusCode).toBe(200);
      const url: string = res.json().user.profilePicture;
      expect(url).toMatch(/^\/api\/auth\/avatars\/[A-Za-z0-9_-]{32}\.webp$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      // In the storage (DATA_DIR/files on disk), like every other file the product writes.
      expect(fs.existsSync(path.join(t.dataDir, 'files', 'avatars', `avatar-${url.split('/').pop()!}`))).toBe(true);
    });

    it('replaces the old picture file and removes it on DELETE', async () => {
      const user = await signedIn();
      const first = (await upload(user.headers, multipart('file', 'a.png', 'image/png', await makeImage(64, 64, 'png')))).json().user.profilePicture;
      const second = (await upload(user.headers, multipart('file', 'b.png', 'image/png', await makeImage(64, 64, 'png')))).json().user.profilePicture;
      expect(second).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

      const del = await t.app.inject({ method: 'DELETE', url: '/api/auth/me/profile-picture', headers: user.headers });
      expect(del.statusCode).toBe(200);
      expect(del.json().user.profilePicture).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    });

    it('still serves and removes a picture kept in DATA_DIR/avatars by an older installation', async () => {
      const user = await signedIn();
      const name = `-${'a'.repeat(31)}.webp`;
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).webp().toBuffer();
      fs.mkdirSync(path.join(t.dataDir, 'avatars'), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, 'avatars', name), webp);
      const served = await t.app.inject({ method: 'GET', url: `/api/auth/avatars/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(webp);
      await t.app.ctx.db.update(users).set({ profilePicture: `/api/auth/avatars/${name}` }).where(eq(users.id, user.id));
      expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me/profile-picture', headers: user.headers })).statusCode).toBe(200);
      expect(fs.existsSync(path.join(t.dataDir, 'avatars', name))).toBe(false);
    });

    it('refuses a text file named .png with 415 and a clear message', async () => {
      const user = await signedIn();
      const res = await upload(user.headers, multipart('file', 'evil.png', 'image/png', Buffer.from('this is not an image at all')));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: 'The profile picture must be a JPEG, PNG or WEBP image.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('refuses an image type outside JPEG, PNG and WEBP (GIF)', async () => {
      const user = await signedIn();
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer();
      const res = await upload(user.headers, multipart('file', 'a.gif', 'image/gif', gif));
      expect(res.statusCode).toBe(415);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const user = await signedIn();
      const res = await upload(user.headers, multipart('file', 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The profile picture must be 5 MB or smaller.', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a request with no file, or not multipart', async () => {
      const user = await signedIn();
      const wrongField = await upload(user.headers, multipart('picture', 'a.png', 'image/png', await makeImage(8, 8, 'png')));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().code).toBe('FILE_REQUIRED');
      const empty = await upload(user.headers, multipart('file', 'a.png', 'image/png', Buffer.alloc(0)));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('FILE_REQUIRED');
      const json = await t.app.inject({ method: 'POST', url: '/api/auth/me/profile-picture', headers: user.headers, payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
    });

    it('requires a signed-in user to upload', async () => {
      const res = await upload({}, multipart('file', 'a.png', 'image/png', await makeImage(8, 8, 'png')));
      expect(res.statusCode).toBe(401);
    });

    it.each([
      '/api/auth/avatars/..%2F..%2Fjwt-secret',
      '/api/auth/avatars/..%2Fpglite',
      '/api/auth/avatars/notthere.webp',
      '/api/auth/avatars/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp',
    ])('answers 404 for %s', async (url) => {
      fs.writeFileSync(path.join(t.dataDir, 'jwt-secret'), 'secret');
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });
  });

  describe('DELETE /api/auth/me', () => {
    const remove = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers, payload });

    it('deletes the account, its tokens and its picture', async () => {
      const user = await signedIn();
      await issueEmailToken(t.app.ctx.db, user.id, 'reset');
      const up = multipart('file', 'a.png', 'image/png', await makeImage(32, 32, 'png'));
      const url = (
        await t.app.inject({ method: 'POST', url: '/api/auth/me/profile-picture', headers: { ...user.headers, ...up.headers }, payload: up.payload })
      ).json().user.profilePicture;

      const res = await remove(user.headers, { password: user.password, confirm: 'DELETE' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted.' });
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await t.app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await login(user.email, user.password!)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(401);
    });

    it('requires the word DELETE and the right password', async () => {
      const user = await signedIn();
      const noConfirm = await remove(user.headers, { password: user.password, confirm: 'yes' });
      expect(noConfirm.statusCode).toBe(400);
      expect(noConfirm.json().message).toBe('Type DELETE to confirm');
      const wrong = await remove(user.headers, { password: 'not-it', confirm: 'DELETE' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
      const missing = await remove(user.headers, { confirm: 'DELETE' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('PASSWORD_REQUIRED');
      expect((await login(user.email, user.password!)).statusCode).toBe(200);
    });

    it('deletes a Google-only account without a password', async () => {
      const user = await signedIn({ password: null, googleSub: 'google-deletes' });
      const res = await remove(user.headers, { confirm: 'DELETE' });
      expect(res.statusCode).toBe(200);
    });
  });
});
