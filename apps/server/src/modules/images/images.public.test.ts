import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import {
  createInputImageFromBytes,
  getOwnedGeneratedImage,
  getOwnedInputImage,
  presentGeneratedImage,
  presentInputImage,
  readGeneratedImageBytes,
  readInputImageBytes,
  storeGeneratedImageFiles,
} from './index.js';
import { countInputImages, createGeneratedImage, createImagesUser, makeJpeg, makePngWithAlpha, storedFiles, type ImagesTestUser } from './images.test-helpers.js';
import { AppError } from '../../lib/errors.js';

describe('the images module’s public functions', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    bob = await createImagesUser(t.app, 'Bob');
  });
  afterAll(() => t.close());

  it('createInputImageFromBytes runs the upload pipeline and returns the row', async () => {
    const row = await createInputImageFromBytes(t.app.ctx, {
      userId: ada.id,
      bytes: await makeJpeg(2600, 1300, { orientation: 8 }),
      fileName: 'engine-output.jpg',
      uploadSource: 'REFINE_MODULE',
    });
    expect(row).toMatchObject({ userId: ada.id, fileName: 'engine-output.jpg', uploadSource: 'REFINE_MODULE', width: 1300, height: 2600, mimeType: 'image/jpeg' });
    const bytes = await readInputImageBytes(t.app.ctx, row);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 2048]);
    const shape = presentInputImage(t.app.ctx, row);
    expect(shape.dimensions).toEqual({ width: 1300, height: 2600 });
    expect(shape.isProcessed).toBe(true);
  });

  it('createInputImageFromBytes refuses bad bytes with the upload errors and stores nothing', async () => {
    const before = storedFiles(t.dataDir).length;
    const err = await createInputImageFromBytes(t.app.ctx, { userId: bob.id, bytes: Buffer.from('nope'), fileName: 'x', uploadSource: 'CREATE_MODULE' }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(415);
    expect(storedFiles(t.dataDir).length).toBe(before);
    expect(await countInputImages(t.app, bob.id)).toBe(0);
  });

  it('getOwnedInputImage / getOwnedGeneratedImage: the owner gets the row, anyone else a 404', async () => {
    const row = await createInputImageFromBytes(t.app.ctx, { userId: ada.id, bytes: await makeJpeg(50, 50), fileName: 'a.jpg', uploadSource: 'CREATE_MODULE' });
    expect((await getOwnedInputImage(t.app.ctx.db, ada.id, row.id)).id).toBe(row.id);
    const err = await getOwnedInputImage(t.app.ctx.db, bob.id, row.id).catch((e) => e);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Input image not found' });
    const gen = await createGeneratedImage(t.app, ada.id);
    expect((await getOwnedGeneratedImage(t.app.ctx.db, ada.id, gen.id)).id).toBe(gen.id);
    await expect(getOwnedGeneratedImage(t.app.ctx.db, bob.id, gen.id)).rejects.toMatchObject({ status: 404 });
  });

  it('storeGeneratedImageFiles stores a JPEG q92 (alpha flattened) and a 400 px WEBP thumbnail', async () => {
    const stored = await storeGeneratedImageFiles(t.app.ctx, { userId: ada.id, generatedImageId: 4242, bytes: await makePngWithAlpha(1200, 800) });
    expect(stored).toMatchObject({ width: 1200, height: 800 });
    expect(stored.imageKey).toMatch(new RegExp(`^u/${ada.id}/generated/4242/[0-9a-f]{8}/image\\.jpg$`));
    const image = await sharp(await t.app.ctx.storage.get(stored.imageKey)).metadata();
    expect([image.format, image.hasAlpha]).toEqual(['jpeg', false]);
    const thumb = await sharp(await t.app.ctx.storage.get(stored.thumbnailKey)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 267]);
  });

  it('storeGeneratedImageFiles makes the thumbnail from the engine’s pixels when it hands them over, not from a second decode', async () => {
    const bytes = await makeJpeg(1024, 768);
    // Pixels of another picture (solid blue, at half the size): the thumbnail shows where it came from.
    const pixels = { data: new Uint8Array(512 * 384 * 3).map((_, i) => (i % 3 === 2 ? 255 : 0)), width: 512, height: 384 };
    const stored = await storeGeneratedImageFiles(t.app.ctx, { userId: ada.id, generatedImageId: 4243, bytes, pixels });
    expect(stored).toMatchObject({ width: 1024, height: 768 });
    expect(Buffer.compare(await t.app.ctx.storage.get(stored.imageKey), bytes)).toBe(0);
    const thumb = sharp(await t.app.ctx.storage.get(stored.thumbnailKey));
    expect(await thumb.metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const { channels } = await thumb.stats();
    expect(channels.map((c) => Math.round(c.mean))).toEqual([0, 0, 255]);
  });

  it('readGeneratedImageBytes reads a completed image and refuses one still processing', async () => {
    const done = await createGeneratedImage(t.app, ada.id);
    expect((await sharp(await readGeneratedImageBytes(t.app.ctx, done)).metadata()).format).toBe('jpeg');
    const processing = await createGeneratedImage(t.app, ada.id, { status: 'PROCESSING' });
    await expect(readGeneratedImageBytes(t.app.ctx, processing)).rejects.toMatchObject({ status: 409 });
    const shape = presentGeneratedImage(t.app.ctx, processing);
    expect(shape).toMatchObject({ id: processing.id, status: 'PROCESSING', runpodStatus: 'SUBMITTED', imageUrl: null, thumbnailUrl: null });
  });
});
