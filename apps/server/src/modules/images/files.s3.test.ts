import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js';
import { inputImages } from '../../db/schema/index.js';
import { cleanupDeletedFiles } from './index.js';
import { createImagesUser, makePng, multipartBody, storedFiles, uploadInput, type ImagesTestUser } from './images.test-helpers.js';

/**
 * STORAGE=s3 end to end against a real S3-protocol server: uploads land in the bucket (and
 * nothing under DATA_DIR/files), the unchanged signed /api/files URLs stream them back with
 * Range support, deletion and the cleanup job remove the objects, S3_PUBLIC_READS=presigned
 * redirects to the object itself.
 */
let s3: TestS3Server;
let t: TestApp;
let user: ImagesTestUser;

async function objectKeys(app: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of app.app.ctx.storage.list!()) keys.push(f.key);
  return keys;
}

// One hook for each thing started (each has the hook time limit to itself on a busy machine).
beforeAll(async () => {
  s3 = await startS3Server();
});
beforeAll(async () => {
  t = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'studio' } });
  user = await createImagesUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('STORAGE=s3', () => {
  it('stores an upload in the bucket and serves it through the signed URL, whole and by range', async () => {
    const res = await uploadInput(t.app, user, { data: await makePng(300, 200) });
    expect(res.statusCode).toBe(201);
    const img = res.json() as InputImage;
    expect(storedFiles(t.dataDir)).toEqual([]);
    const keys = await objectKeys(t);
    expect(keys.filter((k) => k.startsWith(`u/${user.id}/inputs/`))).toHaveLength(3);
    expect(img.originalUrl).toMatch(/^\/api\/files\/u\/\d+\/inputs\//);

    const whole = await t.app.inject({ method: 'GET', url: img.originalUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(300);

    const part = await t.app.inject({ method: 'GET', url: img.originalUrl, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 20));

    const tail = await t.app.inject({ method: 'GET', url: img.originalUrl, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 5));

    const past = await t.app.inject({ method: 'GET', url: img.originalUrl, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    // A stale If-Range validator gets the whole file.
    const stale = await t.app.inject({ method: 'GET', url: img.originalUrl, headers: { range: 'bytes=0-9', 'if-range': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
  });

  it('removes the objects of a deleted image when the cleanup job runs', async () => {
    const img = (await uploadInput(t.app, user, { data: await makePng(80, 60) })).json() as InputImage;
    const dir = new URL(img.originalUrl, 'http://x').pathname.replace('/api/files/', '').replace(/[^/]+$/, '');
    expect((await objectKeys(t)).filter((k) => k.startsWith(dir))).toHaveLength(3);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${img.id}`, headers: user.headers })).statusCode).toBe(200);
    await t.app.ctx.db.update(inputImages).set({ deletedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) }).where(eq(inputImages.id, img.id));
    const result = await cleanupDeletedFiles(t.app.ctx, new Date(Date.now() - 7 * 24 * 3600 * 1000));
    expect(result.inputImages).toBe(1);
    expect((await objectKeys(t)).filter((k) => k.startsWith(dir))).toEqual([]);
  });

  it('keeps profile pictures in the bucket too', async () => {
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } }).png().toBuffer();
    const body = multipartBody([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: webp }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me/profile-picture', headers: { ...user.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.profilePicture;
    const name = url.split('/').pop()!;
    expect(await objectKeys(t)).toContain(`avatars/avatar-${name}`);
    expect(fs.existsSync(path.join(t.dataDir, 'avatars'))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me/profile-picture', headers: user.headers })).statusCode).toBe(200);
    expect(await objectKeys(t)).not.toContain(`avatars/avatar-${name}`);
  });

  describe('with S3_PUBLIC_READS=presigned', () => {
    let presigned: TestApp;
    beforeAll(async () => {
      presigned = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'studio', S3_PUBLIC_READS: 'presigned' } });
    });
    afterAll(async () => {
      await presigned?.close();
    });

    it('with S3_PUBLIC_READS=presigned, redirects the signed URL to a short-lived URL of the object', async () => {
      const owner = await createImagesUser(presigned.app);
      const img = (await uploadInput(presigned.app, owner, { data: await makePng(120, 90) })).json() as InputImage;
      const res = await presigned.app.inject({ method: 'GET', url: img.originalUrl });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/studio/u/${owner.id}/inputs/`)).toBe(true);
      expect(location).toContain('X-Amz-Expires=');
      const object = await fetch(location);
      expect(object.status).toBe(200);
      expect((await sharp(Buffer.from(await object.arrayBuffer())).metadata()).width).toBe(120);
      // A bad signature is still refused by the API, before any redirect.
      const forged = await presigned.app.inject({ method: 'GET', url: img.originalUrl.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`) });
      expect(forged.statusCode).toBe(403);
    });
  });
});

describe('STORAGE=disk', () => {
  let disk: TestApp;
  beforeAll(async () => {
    disk = await createTestApp();
  });
  afterAll(async () => {
    await disk?.close();
  });

  it('serves byte ranges of the signed URLs as well', async () => {
    const owner = await createImagesUser(disk.app);
    const img = (await uploadInput(disk.app, owner, { data: await makePng(100, 100) })).json() as InputImage;
    const whole = await disk.app.inject({ method: 'GET', url: img.thumbnailUrl! });
    const part = await disk.app.inject({ method: 'GET', url: img.thumbnailUrl!, headers: { range: 'bytes=4-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-${whole.rawPayload.length - 1}/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(4));
  });
});
