import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { generatedImages, inputImages } from '../../db/schema/index.js';
import { cleanupDeletedFiles } from './index.js';
import { createGeneratedImage, createImagesUser, makePng, storedFiles, uploadInput, type ImagesTestUser } from './images.test-helpers.js';

describe('cleanupDeletedFiles', () => {
  let t: TestApp;
  let user: ImagesTestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createImagesUser(t.app);
  });
  afterAll(() => t.close());

  const filesOf = (prefix: string) => storedFiles(t.dataDir).filter((f) => f.startsWith(prefix));
  const keyDir = (url: string) => new URL(url, 'http://x').pathname.replace('/api/files/', '').replace(/[^/]+$/, '');

  async function uploadAndDelete(): Promise<InputImage> {
    const res = await uploadInput(t.app, user, { data: await makePng(60, 40) });
    const img = res.json() as InputImage;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${img.id}`, headers: user.headers });
    expect(del.statusCode).toBe(200);
    return img;
  }

  it('removes the files of images deleted before the cut-off, keeps the rest, and marks the rows', async () => {
    const old = await uploadAndDelete();
    const recent = await uploadAndDelete();
    const live = (await uploadInput(t.app, user, { data: await makePng(60, 40) })).json() as InputImage;
    await t.app.ctx.db
      .update(inputImages)
      .set({ deletedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(inputImages.id, old.id));
    const oldGenerated = await createGeneratedImage(t.app, user.id);
    await t.app.ctx.db
      .update(generatedImages)
      .set({ deletedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(generatedImages.id, oldGenerated.id));
    expect(filesOf(keyDir(old.originalUrl))).toHaveLength(3);

    const result = await cleanupDeletedFiles(t.app.ctx, new Date(Date.now() - 7 * 24 * 3600 * 1000));
    expect(result).toEqual({ inputImages: 1, generatedImages: 1, files: 5 });

    expect(filesOf(keyDir(old.originalUrl))).toEqual([]);
    expect(filesOf(`u/${user.id}/generated/${oldGenerated.id}/`)).toEqual([]);
    expect(filesOf(keyDir(recent.originalUrl))).toHaveLength(3);
    expect(filesOf(keyDir(live.originalUrl))).toHaveLength(3);
    const [row] = await t.app.ctx.db.select().from(inputImages).where(eq(inputImages.id, old.id));
    expect(row.filesDeletedAt).toBeInstanceOf(Date);
    const [recentRow] = await t.app.ctx.db.select().from(inputImages).where(eq(inputImages.id, recent.id));
    expect(recentRow.filesDeletedAt).toBeNull();

    // Running again finds nothing more to do.
    expect(await cleanupDeletedFiles(t.app.ctx, new Date(Date.now() - 7 * 24 * 3600 * 1000))).toEqual({
      inputImages: 0,
      generatedImages: 0,
      files: 0,
    });
  });

  it('works through more rows than one batch, and a file already gone is no obstacle', async () => {
    const deleted = [await uploadAndDelete(), await uploadAndDelete(), await uploadAndDelete()];
    await t.app.ctx.storage.delete(keyDir(deleted[1].originalUrl) + 'thumb.webp');
    const result = await cleanupDeletedFiles(t.app.ctx, new Date(Date.now() + 1000), { batchSize: 2 });
    // The "recent" image of the first test is now older than the cut-off too.
    expect(result.inputImages).toBe(4);
    for (const img of deleted) expect(filesOf(keyDir(img.originalUrl))).toEqual([]);
  });
});
