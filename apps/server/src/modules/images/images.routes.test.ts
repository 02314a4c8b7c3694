import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedImage, InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { onInputImageCopied, type InputImageCopiedEvent } from './index.js';
import {
  createGeneratedImage,
  createImagesUser,
  makeJpeg,
  makePng,
  makeWebp,
  storedFiles,
  uploadInput,
  type ImagesTestUser,
} from './images.test-helpers.js';

describe('images endpoints', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;
  let adaInput: InputImage;
  let bobInput: InputImage;
  let bobGenerated: Awaited<ReturnType<typeof createGeneratedImage>>;

  const get = (user: ImagesTestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
  const post = (user: ImagesTestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload });

  async function upload(user: ImagesTestUser, data: Buffer, fields: Record<string, string> = {}, filename = 'a.png') {
    const res = await uploadInput(t.app, user, { data, filename }, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as InputImage;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada');
    bob = await createImagesUser(t.app, 'Bob');
    adaInput = await upload(ada, await makePng(120, 90, '#aa3333'), {}, 'ada.png');
    bobInput = await upload(bob, await makePng(100, 100, '#3333aa'), {}, 'bob.png');
    bobGenerated = await createGeneratedImage(t.app, bob.id, { inputImageId: bobInput.id });
  });
  afterAll(() => t.close());

  describe('signed file URLs', () => {
    it('serve the file with its content type and cache headers', async () => {
      const res = await t.app.inject({ method: 'GET', url: adaInput.thumbnailUrl! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
      expect(maxAge).toBeGreaterThanOrEqual(3500);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
      const again = await t.app.inject({ method: 'GET', url: adaInput.thumbnailUrl!, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('need no bearer token, but a valid signature: tampered → 403', async () => {
      const url = new URL(adaInput.originalUrl, 'http://x');
      const sig = url.searchParams.get('sig')!;
      url.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
      const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This link is not valid.', code: 'INVALID_SIGNATURE' });
      const noSig = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(noSig.statusCode).toBe(403);
      const laterExp = new URL(adaInput.originalUrl, 'http://x');
      laterExp.searchParams.set('exp', String(Number(laterExp.searchParams.get('exp')) + 86400));
      expect((await t.app.inject({ method: 'GET', url: laterExp.pathname + laterExp.search })).statusCode).toBe(403);
    });

    it('expired → 403 LINK_EXPIRED', async () => {
      const key = new URL(adaInput.originalUrl, 'http://x').pathname.replace('/api/files/', '');
      const expired = t.app.ctx.urls.sign(key, { now: Date.now() - 3 * 3600 * 1000 });
      const res = await t.app.inject({ method: 'GET', url: expired });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('LINK_EXPIRED');
    });

    it("cannot be turned into another user's file: swapping the key keeps the old signature", async () => {
      const adaUrl = new URL(adaInput.originalUrl, 'http://x');
      const bobPath = new URL(bobInput.originalUrl, 'http://x').pathname;
      const res = await t.app.inject({ method: 'GET', url: bobPath + adaUrl.search });
      expect(res.statusCode).toBe(403);
      const traversal = await t.app.inject({ method: 'GET', url: `/api/files/u/${ada.id}/../${bob.id}/x.jpg${adaUrl.search}` });
      expect([403, 404]).toContain(traversal.statusCode);
    });

    it('a signed URL for a file that is gone is 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: t.app.ctx.urls.sign(`u/${ada.id}/inputs/none/original.jpg`) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });
  });

  describe('lists', () => {
    let pager: ImagesTestUser;
    const ids: number[] = [];
    beforeAll(async () => {
      pager = await createImagesUser(t.app, 'Pager');
      const small = await makeJpeg(24, 16);
      for (let i = 0; i < 7; i++) ids.push((await upload(pager, small, { uploadSource: i % 2 ? 'TWEAK_MODULE' : 'CREATE_MODULE' }, `p${i}.jpg`)).id);
    });

    it('input-images pages do not overlap and the total is right', async () => {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get(pager, `/api/images/input-images?page=${page}&limit=3`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.pagination).toEqual({ page, limit: 3, total: 7, totalPages: 3 });
        seen.push(...body.inputImages.map((i: InputImage) => i.id));
      }
      expect(seen).toEqual([...ids].reverse());
      expect(new Set(seen).size).toBe(7);
    });

    it('input-images defaults to page 1 of 50, newest first, and holds only the caller’s images', async () => {
      const body = (await get(pager, '/api/images/input-images')).json();
      expect(body.pagination).toEqual({ page: 1, limit: 50, total: 7, totalPages: 1 });
      expect(body.inputImages[0].id).toBe(ids[6]);
      const adas = (await get(ada, '/api/images/input-images')).json();
      expect(adas.inputImages.map((i: InputImage) => i.id)).toEqual([adaInput.id]);
    });

    it('input-images-by-source filters by source and paginates', async () => {
      const res = await get(pager, '/api/images/input-images-by-source/TWEAK_MODULE?page=1&limit=2');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
      expect(body.inputImages.map((i: InputImage) => i.id)).toEqual([ids[5], ids[3]]);
      expect(body.inputImages.every((i: InputImage) => i.uploadSource === 'TWEAK_MODULE')).toBe(true);
      const page2 = (await get(pager, '/api/images/input-images-by-source/TWEAK_MODULE?page=2&limit=2')).json();
      expect(page2.inputImages.map((i: InputImage) => i.id)).toEqual([ids[1]]);
    });

    it('an unknown upload source or bad paging is 400 naming the field', async () => {
      const res = await get(pager, '/api/images/input-images-by-source/GALLERY');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('uploadSource must be one of CREATE_MODULE, TWEAK_MODULE, REFINE_MODULE');
      const bad = await get(pager, '/api/images/input-images?limit=1000');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/limit/);
      expect((await get(pager, '/api/images/input-images?page=0')).statusCode).toBe(400);
      expect((await get(pager, '/api/images/input-images?page=abc')).statusCode).toBe(400);
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/images/input-images' })).statusCode).toBe(401);
    });

    it('input-and-create gives inputs and completed CREATE images', async () => {
      const created = await createGeneratedImage(t.app, pager.id, { moduleType: 'CREATE', inputImageId: ids[0] });
      await createGeneratedImage(t.app, pager.id, { moduleType: 'CREATE', status: 'PROCESSING' });
      await createGeneratedImage(t.app, pager.id, { moduleType: 'TWEAK' });
      const res = await get(pager, '/api/images/input-and-create?page=1&limit=5&uploadSource=CREATE_MODULE');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.inputImages.map((i: InputImage) => i.id)).toEqual([ids[6], ids[4], ids[2], ids[0]]);
      expect(body.createImages.map((g: GeneratedImage) => g.id)).toEqual([created.id]);
      expect(body.pagination.inputImages.total).toBe(4);
      expect(body.pagination.createImages.total).toBe(1);
      const g = body.createImages[0] as GeneratedImage;
      expect(g).toMatchObject({ status: 'COMPLETED', moduleType: 'CREATE', inputImageId: ids[0], width: 640, height: 480 });
      expect(g.imageUrl).toMatch(new RegExp(`^/api/files/u/${pager.id}/generated/${created.id}/`));
      expect(g.processedImageUrl).toBe(g.imageUrl);
      expect((await t.app.inject({ method: 'GET', url: g.thumbnailUrl! })).headers['content-type']).toBe('image/webp');
    });

    it('all-user-images lists completed images of a module, limit 100 by default', async () => {
      const res = await get(pager, '/api/images/all-user-images?moduleType=TWEAK');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.images).toHaveLength(1);
      expect(body.images[0].moduleType).toBe('TWEAK');
      expect(body.pagination).toMatchObject({ limit: 100, total: 1 });
      const all = (await get(pager, '/api/images/all-user-images')).json();
      expect(all.images.map((g: GeneratedImage) => g.moduleType).sort()).toEqual(['CREATE', 'TWEAK']);
      const bad = await get(pager, '/api/images/all-user-images?moduleType=PAINT');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('moduleType must be one of CREATE, TWEAK, REFINE');
    });
  });

  describe('tweak history', () => {
    it('lists the tweak results of a base image, also when asked from one of them', async () => {
      const u = await createImagesUser(t.app, 'Tweaker');
      const base = await createGeneratedImage(t.app, u.id, { moduleType: 'CREATE' });
      const v1 = await createGeneratedImage(t.app, u.id, { moduleType: 'TWEAK', baseImageId: base.id, operationType: 'inpaint' });
      const v2 = await createGeneratedImage(t.app, u.id, { moduleType: 'TWEAK', baseImageId: base.id, operationType: 'outpaint' });
      await createGeneratedImage(t.app, u.id, { moduleType: 'CREATE' });
      const res = await get(u, `/api/images/tweak-history/${base.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.variations.map((g: GeneratedImage) => g.id)).toEqual([v2.id, v1.id]);
      expect(body.variations[0].operationType).toBe('outpaint');
      expect(body).toMatchObject({ currentBaseImageId: base.id, baseImageId: base.id });
      const fromResult = (await get(u, `/api/images/tweak-history/${v1.id}`)).json();
      expect(fromResult).toMatchObject({ currentBaseImageId: v1.id, baseImageId: base.id });
      expect(fromResult.variations).toHaveLength(2);
    });

    it('lists running and completed tweak results but never a failed one (the batch status carries it)', async () => {
      const u = await createImagesUser(t.app, 'Failed tweak');
      const base = await createGeneratedImage(t.app, u.id, { moduleType: 'CREATE' });
      const done = await createGeneratedImage(t.app, u.id, { moduleType: 'TWEAK', baseImageId: base.id, operationType: 'inpaint' });
      const failed = await createGeneratedImage(t.app, u.id, { moduleType: 'TWEAK', baseImageId: base.id, operationType: 'inpaint', status: 'FAILED' });
      const running = await createGeneratedImage(t.app, u.id, { moduleType: 'TWEAK', baseImageId: base.id, operationType: 'outpaint', status: 'PROCESSING' });
      const body = (await get(u, `/api/images/tweak-history/${base.id}`)).json();
      expect(body.variations.map((g: GeneratedImage) => g.id)).toEqual([running.id, done.id]);
      expect(body.pagination.total).toBe(2);
      const status = (await get(u, `/api/runpod/status/${failed.batchId}`)).json();
      expect(status.images.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([[failed.id, 'FAILED']]);
    });

    it('an input image as base with no results yet is an empty history', async () => {
      const body = (await get(ada, `/api/images/tweak-history/${adaInput.id}`)).json();
      expect(body).toMatchObject({ variations: [], currentBaseImageId: adaInput.id, baseImageId: adaInput.id });
    });
  });

  describe('one image by id', () => {
    it("returns the caller's generated image of any module, with a signed URL that serves it", async () => {
      const u = await createImagesUser(t.app, 'Looker');
      const refined = await createGeneratedImage(t.app, u.id, { moduleType: 'REFINE', operationType: 'upscale' });
      const create = await createGeneratedImage(t.app, u.id, { moduleType: 'CREATE' });
      const res = await get(u, `/api/images/generated-images/${refined.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as GeneratedImage;
      expect(body).toMatchObject({ id: refined.id, moduleType: 'REFINE', status: 'COMPLETED', operationType: 'upscale' });
      // The URL it carries serves the image's bytes.
      const file = await t.app.inject({ method: 'GET', url: new URL(body.imageUrl!, 'http://x').pathname + new URL(body.imageUrl!, 'http://x').search });
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBeGreaterThan(0);
      expect((await get(u, `/api/images/generated-images/${create.id}`)).json().id).toBe(create.id);
    });

    it("returns the caller's input image, and 404 once it is deleted", async () => {
      const u = await createImagesUser(t.app, 'InputLooker');
      const input = await upload(u, await makePng(64, 48, '#228844'), {}, 'view.png');
      const res = await get(u, `/api/images/input-images/${input.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: input.id, fileName: 'view.png', dimensions: { width: 64, height: 48 } });
      await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${input.id}`, headers: u.headers });
      const gone = await get(u, `/api/images/input-images/${input.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Input image not found' });
    });

    it('a missing id is 404 and a malformed id is 400 naming the field', async () => {
      const missing = await get(ada, '/api/images/generated-images/2147483000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Generated image not found' });
      const bad = await get(ada, '/api/images/generated-images/abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('id');
    });
  });

  describe('convert-generated-to-input and create-input-from-generated', () => {
    it('copies a generated image (by its signed URL) into a new input image, without fetching anything', async () => {
      const u = await createImagesUser(t.app, 'Converter');
      const gen = await createGeneratedImage(t.app, u.id, { bytes: await makeWebp(500, 250) });
      const presented = (await get(u, '/api/images/all-user-images')).json().images[0] as GeneratedImage;
      const res = await post(u, '/api/images/convert-generated-to-input', { url: `https://atelier.example${presented.imageUrl}`, fileName: 'from-render.jpg' });
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as InputImage;
      expect(img).toMatchObject({ fileName: 'from-render.jpg', sourceGeneratedImageId: gen.id, dimensions: { width: 500, height: 250 }, uploadSource: 'CREATE_MODULE' });
      expect(img.originalUrl).toMatch(new RegExp(`^/api/files/u/${u.id}/inputs/`));
      expect((await t.app.inject({ method: 'GET', url: img.originalUrl })).statusCode).toBe(200);
      // By id too.
      const byId = await post(u, '/api/images/convert-generated-to-input', { url: String(gen.id), fileName: 'again.jpg' });
      expect(byId.statusCode, byId.body).toBe(201);
    });

    it('refuses URLs it did not sign and images still processing', async () => {
      const u = await createImagesUser(t.app, 'Converter 2');
      const processing = await createGeneratedImage(t.app, u.id, { status: 'PROCESSING' });
      for (const url of ['https://example.com/cat.jpg', `/api/files/u/${u.id}/generated/1/x/image.jpg?exp=99999999999&sig=${'0'.repeat(64)}`, 'file:///etc/passwd']) {
        const res = await post(u, '/api/images/convert-generated-to-input', { url, fileName: 'x.jpg' });
        expect(res.statusCode, url).toBe(404);
      }
      const res = await post(u, '/api/images/convert-generated-to-input', { url: processing.id, fileName: 'x.jpg' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IMAGE_NOT_READY');
      expect((await post(u, '/api/images/convert-generated-to-input', { fileName: 'x.jpg' })).statusCode).toBe(400);
    });

    it('create-input-from-generated makes a new input continuing the original (prompts carried, masks hook called)', async () => {
      const events: InputImageCopiedEvent[] = [];
      const off = onInputImageCopied((e) => {
        events.push(e);
      });
      try {
        const u = await createImagesUser(t.app, 'Continuer');
        const original = await upload(u, await makePng(200, 150), {}, 'house.png');
        const gen = await createGeneratedImage(t.app, u.id, { inputImageId: original.id });
        const presented = (await get(u, '/api/images/all-user-images')).json().images[0] as GeneratedImage;
        const res = await post(u, '/api/images/create-input-from-generated', {
          generatedImageUrl: presented.imageUrl,
          generatedThumbnailUrl: presented.thumbnailUrl,
          originalInputImageId: original.id,
          fileName: 'continued.jpg',
          uploadSource: 'CREATE_MODULE',
        });
        expect(res.statusCode, res.body).toBe(201);
        const img = res.json() as InputImage;
        expect(img).toMatchObject({ fileName: 'continued.jpg', sourceGeneratedImageId: gen.id, sourceInputImageId: original.id, uploadSource: 'CREATE_MODULE' });
        expect(events).toEqual([{ userId: u.id, fromInputImageId: original.id, toInputImageId: img.id, sourceGeneratedImageId: gen.id }]);
        const list = (await get(u, '/api/images/input-images')).json().inputImages.map((i: InputImage) => i.id);
        expect(list).toEqual([img.id, original.id]);
      } finally {
        off();
      }
    });
  });

  describe('delete', () => {
    it('soft-deletes: the image leaves every list, its files stay, a second delete is 404', async () => {
      const u = await createImagesUser(t.app, 'Deleter');
      const keep = await upload(u, await makePng(40, 40), {}, 'keep.png');
      const gone = await upload(u, await makePng(40, 40), { uploadSource: 'REFINE_MODULE' }, 'gone.png');
      const filesBefore = storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${u.id}/`));
      expect(filesBefore).toHaveLength(6);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${gone.id}`, headers: u.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, id: gone.id });
      expect((await get(u, '/api/images/input-images')).json().inputImages.map((i: InputImage) => i.id)).toEqual([keep.id]);
      expect((await get(u, '/api/images/input-images-by-source/REFINE_MODULE')).json().pagination.total).toBe(0);
      expect((await get(u, '/api/images/input-and-create')).json().inputImages).toHaveLength(1);
      expect((await get(u, `/api/images/download/input/${gone.id}`)).statusCode).toBe(404);
      expect(storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${u.id}/`))).toEqual(filesBefore);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${gone.id}`, headers: u.headers });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('download', () => {
    it('serves an input image as a JPEG attachment named image_{id}.jpg, converting PNG', async () => {
      const res = await get(ada, `/api/images/download/input/${adaInput.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="image_${adaInput.id}.jpg"`);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 90]);
    });

    it('gives the canvas download a branded, timestamped name', async () => {
      const res = await get(bob, `/api/images/download/generated/${bobGenerated.id}?name=atelier`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="atelier-\d{8}-\d{6}\.jpg"$/);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    });

    it('refuses an unknown kind', async () => {
      expect((await get(ada, `/api/images/download/mask/${adaInput.id}`)).statusCode).toBe(400);
    });
  });

  describe("another user's ids are 404 on every endpoint", () => {
    type Call = { method: 'GET' | 'POST' | 'DELETE'; url: () => string; payload?: () => Record<string, unknown> };
    const calls: Record<string, Call> = {
      'download an input image': { method: 'GET', url: () => `/api/images/download/input/${bobInput.id}` },
      'download a generated image': { method: 'GET', url: () => `/api/images/download/generated/${bobGenerated.id}` },
      'look up a generated image by id': { method: 'GET', url: () => `/api/images/generated-images/${bobGenerated.id}` },
      'look up an input image by id': { method: 'GET', url: () => `/api/images/input-images/${bobInput.id}` },
      'tweak history of an unknown id': { method: 'GET', url: () => `/api/images/tweak-history/${bobInput.id + 100000}` },
      'delete an input image': { method: 'DELETE', url: () => `/api/images/input-images/${bobInput.id}` },
      'convert a generated image': {
        method: 'POST',
        url: () => '/api/images/convert-generated-to-input',
        payload: () => ({ url: bobGenerated.id, fileName: 'x.jpg' }),
      },
      'create an input from a generated image': {
        method: 'POST',
        url: () => '/api/images/create-input-from-generated',
        payload: () => ({ generatedImageUrl: bobGenerated.id, fileName: 'x.jpg' }),
      },
    };
    it.each(Object.keys(calls))('%s', async (name) => {
      const call = calls[name];
      const res = await t.app.inject({ method: call.method, url: call.url(), headers: ada.headers, payload: call.payload?.() });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });

    it("tweak history of another user's image is 404 and never lists their results", async () => {
      // Bob tweaks his render; Ada has no image with that id (input or generated).
      const adaIds = new Set((await get(ada, '/api/images/input-images?limit=100')).json().inputImages.map((i: InputImage) => i.id));
      let base = await createGeneratedImage(t.app, bob.id);
      while (adaIds.has(base.id)) base = await createGeneratedImage(t.app, bob.id);
      const variation = await createGeneratedImage(t.app, bob.id, { moduleType: 'TWEAK', baseImageId: base.id });
      expect((await get(bob, `/api/images/tweak-history/${base.id}`)).json().variations).toHaveLength(1);
      const res = await get(ada, `/api/images/tweak-history/${base.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      const fromVariation = await get(ada, `/api/images/tweak-history/${variation.id}`);
      if (fromVariation.statusCode === 200) expect(fromVariation.json().variations).toEqual([]);
      else expect(fromVariation.statusCode).toBe(404);
    });

    it("a signed URL of another user's generated image does not convert", async () => {
      const bobUrl = t.app.ctx.urls.sign(bobGenerated.imageKey!);
      const res = await post(ada, '/api/images/convert-generated-to-input', { url: bobUrl, fileName: 'x.jpg' });
      expect(res.statusCode).toBe(404);
    });

    it('create-input-from-generated with another user’s original input is 404', async () => {
      const mine = await createGeneratedImage(t.app, ada.id);
      const res = await post(ada, '/api/images/create-input-from-generated', {
        generatedImageUrl: mine.id,
        originalInputImageId: bobInput.id,
        fileName: 'x.jpg',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Input image not found');
    });

    it('and nothing of theirs shows in lists', async () => {
      const all = (await get(ada, '/api/images/all-user-images')).json().images.map((g: GeneratedImage) => g.id);
      expect(all).not.toContain(bobGenerated.id);
      const inputs = (await get(ada, '/api/images/input-and-create')).json();
      expect(inputs.inputImages.map((i: InputImage) => i.id)).not.toContain(bobInput.id);
      // Bob's image is untouched.
      expect((await get(bob, `/api/images/download/input/${bobInput.id}`)).statusCode).toBe(200);
    });

    it('ids beyond the integer range are 400, not 500', async () => {
      expect((await get(ada, '/api/images/download/input/99999999999')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/images/input-images/-1', headers: ada.headers })).statusCode).toBe(400);
    });
  });

  it('declares its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/images/input-images',
      '/api/images/upload-input',
      '/api/images/input-images-by-source/{uploadSource}',
      '/api/images/convert-generated-to-input',
      '/api/images/create-input-from-generated',
      '/api/images/input-and-create',
      '/api/images/all-user-images',
      '/api/images/tweak-history/{baseImageId}',
      '/api/images/input-images/{id}',
      '/api/images/generated-images/{id}',
      '/api/images/download/{kind}/{id}',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(doc.paths['/api/images/input-images'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('inputImages');
  });
});
