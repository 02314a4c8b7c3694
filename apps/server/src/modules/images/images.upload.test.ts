import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, type InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import {
  countInputImages,
  createImagesUser,
  makeJpeg,
  makePng,
  makePngWithAlpha,
  makeWebp,
  multipartBody,
  storedFiles,
  uploadInput,
  type ImagesTestUser,
} from './images.test-helpers.js';

describe('POST /api/images/upload-input', () => {
  let t: TestApp;
  let user: ImagesTestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createImagesUser(t.app);
  });
  afterAll(() => t.close());

  /** Fetches a signed URL from the reply through the app, as an <img> would. */
  async function fetchFile(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res;
  }

  describe('refuses, storing nothing (no rows, no files)', () => {
    let refuser: ImagesTestUser;
    let sixtyMegapixels: Buffer;
    beforeAll(async () => {
      refuser = await createImagesUser(t.app, 'Refused Ralph');
      // A solid colour compresses to a few hundred KB even at 8000×7500.
      sixtyMegapixels = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    });

    async function expectRefused(
      res: Awaited<ReturnType<typeof uploadInput>>,
      status: number,
      code: string,
      message?: string | RegExp,
    ) {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body.code).toBe(code);
      expect(typeof body.message).toBe('string');
      if (typeof message === 'string') expect(body.message).toBe(message);
      else if (message) expect(body.message).toMatch(message);
      expect(await countInputImages(t.app, refuser.id)).toBe(0);
      expect(storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${refuser.id}/`))).toEqual([]);
    }

    it('a text file named .png (415)', async () => {
      const res = await uploadInput(t.app, refuser, { data: Buffer.from('just some notes, not a picture\n'), filename: 'notes.png' });
      await expectRefused(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type. Allowed types: JPEG, PNG, WEBP.');
    });

    it('an SVG (415)', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
      const res = await uploadInput(t.app, refuser, { data: svg, filename: 'plan.svg', contentType: 'image/svg+xml' });
      await expectRefused(res, 415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupportedType);
    });

    it('a GIF, even when it claims to be a PNG (415)', async () => {
      const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } }).gif().toBuffer();
      const res = await uploadInput(t.app, refuser, { data: gif, filename: 'sketch.png', contentType: 'image/png' });
      await expectRefused(res, 415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupportedType);
    });

    it('a truncated PNG (400, corrupt)', async () => {
      const png = await makePng(400, 300, (x, y) => [(x * 7) % 256, (y * 5) % 256, (x * y) % 256]);
      const res = await uploadInput(t.app, refuser, { data: png.subarray(0, Math.floor(png.length / 2)), filename: 'half.png' });
      await expectRefused(res, 400, 'CORRUPT_IMAGE', IMAGE_MESSAGES.corrupt);
    });

    it('a truncated JPEG (400, corrupt)', async () => {
      const jpeg = await makeJpeg(400, 300, { paint: (x, y) => [(x * 3) % 256, (y * 11) % 256, 90] });
      const res = await uploadInput(t.app, refuser, { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: 'half.jpg' });
      await expectRefused(res, 400, 'CORRUPT_IMAGE', IMAGE_MESSAGES.corrupt);
    });

    it('a 60-megapixel image, decided from its header (400)', async () => {
      const res = await uploadInput(t.app, refuser, { data: sixtyMegapixels, filename: 'huge.png' });
      await expectRefused(res, 400, 'IMAGE_TOO_LARGE', /50 megapixels.*8000×7500 \(60\.0 megapixels\)/);
    });

    it('an empty file (400)', async () => {
      const res = await uploadInput(t.app, refuser, { data: Buffer.alloc(0), filename: 'empty.png' });
      await expectRefused(res, 400, 'EMPTY_FILE', IMAGE_MESSAGES.emptyFile);
    });

    it('a form without the file field (400, naming the field)', async () => {
      const res = await uploadInput(t.app, refuser, null, { uploadSource: 'CREATE_MODULE' });
      await expectRefused(res, 400, 'NO_FILE', /^No file uploaded.*"file"/);
      expect(res.json().field).toBe('file');
    });

    it('a JSON body instead of a form (400 no file)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images/upload-input',
        headers: refuser.headers,
        payload: { file: 'data:image/png;base64,AAAA' },
      });
      await expectRefused(res, 400, 'NO_FILE');
    });

    it('the image under another field name (400, naming the field)', async () => {
      const body = multipartBody([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: await makePng(20, 20) }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images/upload-input',
        headers: { ...refuser.headers, ...body.headers },
        payload: body.payload,
      });
      await expectRefused(res, 400, 'VALIDATION_ERROR', /"image".*"file"/);
    });

    it('an unknown uploadSource (400, naming the allowed values)', async () => {
      const res = await uploadInput(t.app, refuser, { data: await makePng(50, 50) }, { uploadSource: 'GALLERY_MODULE' });
      await expectRefused(res, 400, 'VALIDATION_ERROR', 'uploadSource must be one of CREATE_MODULE, TWEAK_MODULE, REFINE_MODULE');
      expect(res.json().field).toBe('uploadSource');
    });

    it('a file over 25 MB (413), cut off rather than read whole', async () => {
      const png = await makePng(16, 16);
      const big = Buffer.concat([png, Buffer.alloc(25 * 1024 * 1024 + 1024, 7)]);
      const res = await uploadInput(t.app, refuser, { data: big, filename: 'huge.png' });
      await expectRefused(res, 413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
    });

    it('without a token (401)', async () => {
      const body = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: await makePng(20, 20) }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/images/upload-input', headers: body.headers, payload: body.payload });
      expect(res.statusCode).toBe(401);
      expect(await countInputImages(t.app, refuser.id)).toBe(0);
    });
  });

  describe('accepts', () => {
    it('a PNG: stores original, processed and a WEBP thumbnail with its dimensions', async () => {
      const res = await uploadInput(t.app, user, { data: await makePng(640, 480), filename: 'facade.png' });
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as InputImage;
      expect(img).toMatchObject({
        fileName: 'facade.png',
        status: 'COMPLETED',
        isProcessed: true,
        uploadSource: 'CREATE_MODULE',
        dimensions: { width: 640, height: 480 },
        aiMaterials: [],
        aiPrompt: null,
        generatedPrompt: null,
      });
      expect(img.imageUrl).toBe(img.processedUrl);
      for (const url of [img.originalUrl, img.processedUrl!, img.thumbnailUrl!])
        expect(url).toMatch(new RegExp(`^/api/files/u/${user.id}/inputs/[0-9a-f-]{36}/\\w+\\.\\w+\\?exp=\\d+&sig=[0-9a-f]{64}$`));

      const original = await fetchFile(img.originalUrl);
      expect(original.headers['content-type']).toBe('image/png');
      expect((await sharp(original.rawPayload).metadata()).format).toBe('png');
      const processed = await fetchFile(img.processedUrl!);
      expect(processed.headers['content-type']).toBe('image/jpeg');
      const thumb = await fetchFile(img.thumbnailUrl!);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const tm = await sharp(thumb.rawPayload).metadata();
      expect(tm.format).toBe('webp');
      expect([tm.width, tm.height]).toEqual([400, 300]);
    });

    it('a JPEG with EXIF orientation 6: rotated upright, metadata stripped', async () => {
      // Left half red, right half blue; orientation 6 means "rotate 90° clockwise to view",
      // so the upright image is 200×300 with red on top.
      const jpeg = await makeJpeg(300, 200, {
        paint: (x) => (x < 150 ? [220, 20, 20] : [20, 20, 220]),
        orientation: 6,
        exif: { Copyright: 'Studio Secret', ImageDescription: 'site at 51.5N 0.1W' },
      });
      const before = await sharp(jpeg).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif).toBeDefined();

      const res = await uploadInput(t.app, user, { data: jpeg, filename: 'site.jpg', contentType: 'image/jpeg' });
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as InputImage;
      expect(img.dimensions).toEqual({ width: 200, height: 300 });

      for (const url of [img.originalUrl, img.processedUrl!, img.thumbnailUrl!]) {
        const bytes = (await fetchFile(url)).rawPayload;
        const meta = await sharp(bytes).metadata();
        expect(meta.orientation).toBeUndefined();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.height).toBeGreaterThan(meta.width);
        expect(bytes.includes(Buffer.from('Studio Secret'))).toBe(false);
      }
      const original = (await fetchFile(img.originalUrl)).rawPayload;
      const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      const [rTop, , bTop] = at(100, 30);
      const [rBottom, , bBottom] = at(100, 270);
      expect(rTop).toBeGreaterThan(150);
      expect(bTop).toBeLessThan(80);
      expect(bBottom).toBeGreaterThan(150);
      expect(rBottom).toBeLessThan(80);
    });

    it('a WEBP with uploadSource TWEAK_MODULE, listed under that source', async () => {
      const res = await uploadInput(
        t.app,
        user,
        { data: await makeWebp(300, 500), filename: 'elevation.webp', contentType: 'image/webp' },
        { uploadSource: 'TWEAK_MODULE' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as InputImage;
      expect(img).toMatchObject({ uploadSource: 'TWEAK_MODULE', dimensions: { width: 300, height: 500 } });
      expect((await fetchFile(img.originalUrl)).headers['content-type']).toBe('image/webp');
      const thumb = await sharp((await fetchFile(img.thumbnailUrl!)).rawPayload).metadata();
      expect([thumb.width, thumb.height]).toEqual([240, 400]);

      const list = await t.app.inject({ method: 'GET', url: '/api/images/input-images-by-source/TWEAK_MODULE', headers: user.headers });
      expect(list.json().inputImages.map((i: InputImage) => i.id)).toContain(img.id);
    });

    it('the uploadSource field before the file as well as after it', async () => {
      const body = multipartBody([
        { name: 'uploadSource', value: 'REFINE_MODULE' },
        { name: 'file', filename: 'r.png', contentType: 'image/png', data: await makePng(30, 20) },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images/upload-input',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().uploadSource).toBe('REFINE_MODULE');
    });

    it('a large photo: the processed copy is at most 2048 px on its long side (and bigger than the 2 MB JSON limit)', async () => {
      const jpeg = await makeJpeg(3000, 1500, {
        paint: (x, y) => [(x * 13 + y * 7) % 256, (x * 5 + y * 17) % 256, (x * y) % 256],
        quality: 100,
      });
      expect(jpeg.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await uploadInput(t.app, user, { data: jpeg, filename: 'wide.jpg', contentType: 'image/jpeg' });
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as InputImage;
      expect(img.dimensions).toEqual({ width: 3000, height: 1500 });
      const processed = await sharp((await fetchFile(img.processedUrl!)).rawPayload).metadata();
      expect([processed.format, processed.width, processed.height]).toEqual(['jpeg', 2048, 1024]);
      const original = await sharp((await fetchFile(img.originalUrl)).rawPayload).metadata();
      expect([original.width, original.height]).toEqual([3000, 1500]);
    });

    it('a PNG with transparency keeps it in the processed copy (PNG, not JPEG)', async () => {
      const res = await uploadInput(t.app, user, { data: await makePngWithAlpha(100, 80), filename: 'cutout.png' });
      expect(res.statusCode, res.body).toBe(201);
      const processed = await fetchFile(res.json().processedUrl);
      expect(processed.headers['content-type']).toBe('image/png');
      expect((await sharp(processed.rawPayload).metadata()).hasAlpha).toBe(true);
    });

    it('keeps only the base name of a file name with folders', async () => {
      const res = await uploadInput(t.app, user, { data: await makePng(20, 20), filename: '../../etc/plan.png' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().fileName).toBe('plan.png');
    });
  });
});
