import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TWEAK_NEGATIVE_PROMPT, type GeneratedImage, type TweakOperationResponse, type TweakSnapshot } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { generatedImages } from '../../db/schema/index.js';
import { getBalance } from '../credits/index.js';
import { presentGeneratedImage, presentInputImage } from '../images/index.js';
import {
  addImage,
  call,
  createGeneratedImage,
  createInput,
  createPlainUser,
  createSubscribedUser,
  makePng,
  maskPng,
  uploadMask,
  type GenUser,
} from './tweak.test-helpers.js';

/**
 * The /api/tweak calls through the real app on a real database, with the job workers off (the
 * jobs' pixels are tested in tweak.job.test.ts): what each call charges and records, and that
 * every call refuses another user's ids with 404 and bad input with 400 naming the field.
 */

let t: TestApp;
let ada: GenUser;
let bob: GenUser;
let adaInput: Awaited<ReturnType<typeof createInput>>;
let adaRender: Awaited<ReturnType<typeof createGeneratedImage>>;
let bobInput: Awaited<ReturnType<typeof createInput>>;
let bobRender: Awaited<ReturnType<typeof createGeneratedImage>>;
let adaMaskUrl: string;
let bobMaskUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createSubscribedUser(t.app, { credits: 40 });
  bob = await createSubscribedUser(t.app, { credits: 40 });
  adaInput = await createInput(t.app, ada.id, await makePng(320, 240, '#8a7a6a'));
  adaRender = await createGeneratedImage(t.app, ada.id, { moduleType: 'CREATE', inputImageId: adaInput.id, bytes: await makePng(320, 240, '#a08060') });
  bobInput = await createInput(t.app, bob.id, await makePng(320, 240, '#6a7a8a'));
  bobRender = await createGeneratedImage(t.app, bob.id, { moduleType: 'CREATE', inputImageId: bobInput.id });
  adaMaskUrl = (await uploadMask(t.app, ada, await maskPng(320, 240, { x0: 100, y0: 80, x1: 180, y1: 160 }))).json().url;
  bobMaskUrl = (await uploadMask(t.app, bob, await maskPng(320, 240, { x0: 10, y0: 10, x1: 50, y1: 50 }))).json().url;
}, 60_000);
afterAll(() => t?.close());

const inputUrl = () => presentInputImage(t.app.ctx, adaInput).imageUrl;
const renderUrl = () => presentGeneratedImage(t.app.ctx, adaRender).imageUrl as string;

function outpaintBody(over: Record<string, unknown> = {}) {
  return {
    baseImageUrl: renderUrl(),
    originalBaseImageId: adaRender.id,
    selectedBaseImageId: adaRender.id,
    selectedBaseImageType: 'generated',
    canvasBounds: { x: -100, y: 0, width: 900, height: 600 },
    originalImageBounds: { x: 0, y: 0, width: 800, height: 600 },
    variations: 1,
    ...over,
  };
}

function inpaintBody(over: Record<string, unknown> = {}) {
  return {
    baseImageUrl: renderUrl(),
    maskImageUrl: adaMaskUrl,
    prompt: 'a bronze sculpture on a plinth',
    originalBaseImageId: adaRender.id,
    selectedBaseImageId: adaRender.id,
    variations: 1,
    ...over,
  };
}

async function rowsOf(batchId: number) {
  return t.app.ctx.db.select().from(generatedImages).where(and(eq(generatedImages.batchId, batchId), eq(generatedImages.userId, ada.id)));
}

function expectRefused(res: { statusCode: number; body: string; json(): { message: string; code: string; field?: string } }, status: number, field?: string, text?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
  if (field) {
    expect(body.field).toBe(field);
    expect(body.message).toContain(field.split('.')[0]);
  }
  if (text) expect(body.message).toMatch(text);
}

describe('POST /api/tweak/outpaint', () => {
  it('opens a TWEAK outpaint batch: one credit per variation, PROCESSING images under the session base, the output size in pixels', async () => {
    const before = await getBalance(t.app.ctx.db, ada.id);
    const res = await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ variations: 2, prompt: 'continue the terrace' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TweakOperationResponse;
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ operationType: 'outpaint', baseImageId: adaRender.id, baseImageType: 'generated', output: { width: 360, height: 240 } });
    expect(body.data.imageIds).toHaveLength(2);
    expect(body.data.remainingCredits).toBe(before - 2);
    expect(await getBalance(t.app.ctx.db, ada.id)).toBe(before - 2);
    const rows = await rowsOf(body.data.batchId);
    expect(rows.map((r) => r.status)).toEqual(['PROCESSING', 'PROCESSING']);
    for (const r of rows) {
      expect(r).toMatchObject({ moduleType: 'TWEAK', operationType: 'outpaint', baseImageId: adaRender.id, inputImageId: adaInput.id, jobQueue: 'tweak' });
      const snap = r.settingsSnapshot as unknown as TweakSnapshot;
      expect(snap).toMatchObject({ source: { type: 'generated', id: adaRender.id }, baseImageType: 'generated', canvasBounds: { x: -100, width: 900 } });
    }
    expect(new Set(rows.map((r) => r.seed)).size).toBe(2);
  });

  it('groups results made from a tweak result under the original base', async () => {
    const result = await createGeneratedImage(t.app, ada.id, { moduleType: 'TWEAK', baseImageId: adaInput.id, operationType: 'inpaint' });
    await t.app.ctx.db
      .update(generatedImages)
      .set({ settingsSnapshot: { baseImageType: 'input', originalBaseImageId: adaInput.id } })
      .where(eq(generatedImages.id, result.id));
    const res = await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ originalBaseImageId: adaInput.id, originalBaseImageType: 'input', selectedBaseImageId: result.id, baseImageUrl: presentGeneratedImage(t.app.ctx, result).imageUrl }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ baseImageId: adaInput.id, baseImageType: 'input' });
    const history = (await call(t.app, ada, 'GET', `/api/images/tweak-history/${adaInput.id}?baseImageType=input`)).json();
    expect(history.variations.map((v: GeneratedImage) => v.id)).toContain(res.json().data.imageIds[0]);
  });

  it('tells an input image from a generated image with the same id by its url or its type', async () => {
    // Ada's input and render may share an id; the url says which one is meant.
    const res = await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ baseImageUrl: inputUrl(), selectedBaseImageId: adaInput.id, selectedBaseImageType: undefined, originalBaseImageId: adaInput.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ baseImageId: adaInput.id, baseImageType: 'input' });
  });

  it.each([
    ['canvasBounds', { canvasBounds: undefined }, 'canvasBounds'],
    ['a zero width', { canvasBounds: { x: 0, y: 0, width: 0, height: 600 } }, 'canvasBounds.width'],
    ['a coordinate that is not a number', { originalImageBounds: { x: 'left', y: 0, width: 800, height: 600 } }, 'originalImageBounds.x'],
    ['3 variations', { variations: 3 }, 'variations'],
    ['no selected base', { selectedBaseImageId: undefined }, 'selectedBaseImageId'],
    ['a bad image type', { selectedBaseImageType: 'photo' }, 'selectedBaseImageType'],
    ['no base url', { baseImageUrl: '' }, 'baseImageUrl'],
  ])('refuses %s with 400 naming the field', async (_name, over, field) => {
    const res = await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody(over));
    expectRefused(res, 400, field);
  });

  it('refuses a canvas that does not contain the image, is not expanded, or is too large (400, nothing charged)', async () => {
    const before = await getBalance(t.app.ctx.db, ada.id);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ canvasBounds: { x: 10, y: 0, width: 900, height: 600 } })), 400, 'canvasBounds', /contain/);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ canvasBounds: { x: 0, y: 0, width: 800.4, height: 600 } })), 400, 'canvasBounds', /extend beyond/);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ canvasBounds: { x: -20000, y: -20000, width: 40800, height: 40600 } })), 400, 'canvasBounds', /at most 8192/);
    expect(await getBalance(t.app.ctx.db, ada.id)).toBe(before);
  });

  it("answers 404 for another user's selected or original base, and for unknown ids", async () => {
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ selectedBaseImageId: bobRender.id, originalBaseImageId: bobRender.id, baseImageUrl: presentGeneratedImage(t.app.ctx, bobRender).imageUrl })), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ originalBaseImageId: bobInput.id, originalBaseImageType: 'input' })), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ selectedBaseImageId: 999_999, originalBaseImageId: 999_999 })), 404);
  });

  it('answers 409 while the base is still being made', async () => {
    const processing = await createGeneratedImage(t.app, ada.id, { status: 'PROCESSING' });
    const res = await call(t.app, ada, 'POST', '/api/tweak/outpaint', outpaintBody({ selectedBaseImageId: processing.id, originalBaseImageId: processing.id }));
    expectRefused(res, 409);
  });

  it('answers 401 without a token, 403 without a plan and 402 without enough credits, charging nothing', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/tweak/outpaint', payload: outpaintBody() });
    expect(anon.statusCode).toBe(401);

    const free = await createPlainUser(t.app);
    const freeRender = await createGeneratedImage(t.app, free.id);
    const noPlan = await call(t.app, free, 'POST', '/api/tweak/outpaint', outpaintBody({ selectedBaseImageId: freeRender.id, originalBaseImageId: freeRender.id, baseImageUrl: presentGeneratedImage(t.app.ctx, freeRender).imageUrl }));
    expectRefused(noPlan, 403);

    const poor = await createSubscribedUser(t.app, { credits: 1 });
    const poorRender = await createGeneratedImage(t.app, poor.id);
    const res = await call(t.app, poor, 'POST', '/api/tweak/outpaint', outpaintBody({ variations: 2, selectedBaseImageId: poorRender.id, originalBaseImageId: poorRender.id, baseImageUrl: presentGeneratedImage(t.app.ctx, poorRender).imageUrl }));
    expectRefused(res, 402);
    expect(await getBalance(t.app.ctx.db, poor.id)).toBe(1);
  });
});

describe('POST /api/tweak/upload/mask', () => {
  it('stores a greyscale PNG of the mask and answers a signed url of it', async () => {
    const res = await uploadMask(t.app, ada, await maskPng(64, 48, { x0: 10, y0: 10, x1: 30, y1: 30 }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, width: 64, height: 48 });
    expect(body.url).toMatch(new RegExp(`^/api/files/u/${ada.id}/tweak/masks/[0-9a-f-]+\\.png\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    const file = await t.app.inject({ method: 'GET', url: body.url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 64, 48, 1]);
  });

  it('checks the bytes like uploads: not an image is 415, an empty file and no file are 400', async () => {
    expectRefused(await uploadMask(t.app, ada, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { contentType: 'image/png' }), 415);
    expectRefused(await uploadMask(t.app, ada, Buffer.alloc(0)), 400);
    expectRefused(await uploadMask(t.app, ada, null), 400, 'file');
    expectRefused(await uploadMask(t.app, ada, await maskPng(10, 10), { field: 'mask' }), 400, 'mask');
    const truncated = (await makePng(200, 200, (x, y) => [x, y, (x * y) % 255])).subarray(0, 300);
    expectRefused(await uploadMask(t.app, ada, truncated), 400);
  });

  it('applies the upload limits: over 25 MB is 413, over 50 megapixels is 400, for masks and placed images alike', async () => {
    const big = Buffer.concat([await maskPng(16, 16), Buffer.alloc(25 * 1024 * 1024 + 1024, 7)]);
    expectRefused(await uploadMask(t.app, ada, big), 413);
    // A solid colour compresses to a few hundred KB even at 8000 × 7500.
    const huge = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: '#000000' } }).png().toBuffer();
    const res = await uploadMask(t.app, ada, huge);
    expectRefused(res, 400, undefined, /50 megapixels/);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
    const fields = { baseImageId: String(adaRender.id), baseImageType: 'generated', position: '{"x":0,"y":0}', size: '{"width":50,"height":50}' };
    expectRefused(await addImage(t.app, ada, huge, fields), 400, undefined, /50 megapixels/);
    expectRefused(await addImage(t.app, ada, big, fields), 413);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tweak/upload/mask' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/tweak/inpaint', () => {
  it('opens a TWEAK inpaint batch with the default negative prompt and the stored mask', async () => {
    const before = await getBalance(t.app.ctx.db, ada.id);
    const res = await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ maskKeyword: 'sculpture' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TweakOperationResponse;
    expect(body.data).toMatchObject({ operationType: 'inpaint', output: { width: 320, height: 240 }, remainingCredits: before - 1 });
    const [row] = await rowsOf(body.data.batchId);
    expect(row).toMatchObject({ operationType: 'inpaint', prompt: 'a bronze sculpture on a plinth' });
    const snap = row.settingsSnapshot as unknown as TweakSnapshot;
    expect(snap.negativePrompt).toBe(DEFAULT_TWEAK_NEGATIVE_PROMPT);
    expect(snap.maskKeyword).toBe('sculpture');
    expect(snap.maskKey).toMatch(new RegExp(`^u/${ada.id}/tweak/masks/`));
  });

  it.each([
    ['no prompt', { prompt: undefined }, 'prompt'],
    ['a blank prompt', { prompt: '   ' }, 'prompt'],
    ['no mask', { maskImageUrl: undefined }, 'maskImageUrl'],
    ['an outside mask url', { maskImageUrl: 'https://example.com/mask.png' }, 'maskImageUrl'],
    ['a forged signature', { maskImageUrl: 'MASK_WITH_BAD_SIG' }, 'maskImageUrl'],
    ["an image's url instead of a mask", { maskImageUrl: 'RENDER_URL' }, 'maskImageUrl'],
    ['2 variations as text', { variations: 'two' }, 'variations'],
  ])('refuses %s with 400 naming the field', async (_name, over, field) => {
    const o = { ...over } as Record<string, unknown>;
    if (o.maskImageUrl === 'MASK_WITH_BAD_SIG') o.maskImageUrl = adaMaskUrl.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    if (o.maskImageUrl === 'RENDER_URL') o.maskImageUrl = renderUrl();
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody(o)), 400, field);
  });

  it('refuses an empty mask and a mask of other proportions (400, nothing charged)', async () => {
    const before = await getBalance(t.app.ctx.db, ada.id);
    const empty = (await uploadMask(t.app, ada, await maskPng(320, 240))).json().url;
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ maskImageUrl: empty })), 400, 'maskImageUrl', /empty/);
    const square = (await uploadMask(t.app, ada, await maskPng(240, 240, { x0: 0, y0: 0, x1: 50, y1: 50 }))).json().url;
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ maskImageUrl: square })), 400, 'maskImageUrl', /proportions/);
    // The same proportions at another resolution are fine (the engine scales the mask).
    const half = (await uploadMask(t.app, ada, await maskPng(160, 120, { x0: 50, y0: 40, x1: 90, y1: 80 }))).json().url;
    expect((await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ maskImageUrl: half }))).statusCode).toBe(200);
    expect(await getBalance(t.app.ctx.db, ada.id)).toBe(before - 1);
  });

  it("answers 404 for another user's mask, base image or original base", async () => {
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ maskImageUrl: bobMaskUrl })), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ selectedBaseImageId: bobRender.id, originalBaseImageId: bobRender.id, selectedBaseImageType: 'generated' })), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/inpaint', inpaintBody({ originalBaseImageId: bobInput.id, originalBaseImageType: 'input' })), 404);
  });
});

describe('POST /api/tweak/add-image', () => {
  const fields = (over: Record<string, string> = {}) => ({
    baseImageId: String(adaRender.id),
    baseImageType: 'generated',
    position: JSON.stringify({ x: 40, y: 30 }),
    size: JSON.stringify({ width: 100, height: 80 }),
    ...over,
  });

  it('stores the picture and opens a one-credit add_image batch with its placement and rotation', async () => {
    const before = await getBalance(t.app.ctx.db, ada.id);
    const res = await addImage(t.app, ada, await makePng(50, 40, '#20c040'), fields({ rotation: '-22.5' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TweakOperationResponse;
    expect(body.data).toMatchObject({ operationType: 'add_image', imageIds: [expect.any(Number)], remainingCredits: before - 1 });
    const [row] = await rowsOf(body.data.batchId);
    const snap = row.settingsSnapshot as unknown as TweakSnapshot;
    expect(snap).toMatchObject({ position: { x: 40, y: 30 }, size: { width: 100, height: 80 }, rotation: -22.5 });
    expect(await t.app.ctx.storage.exists(snap.overlayKey as string)).toBe(true);
  });

  it.each([
    ['position that is not JSON', { position: '40,30' }, 'position'],
    ['no size', { size: '' }, 'size'],
    ['a negative size', { size: JSON.stringify({ width: -5, height: 80 }) }, 'size.width'],
    ['no base image id', { baseImageId: '' }, 'baseImageId'],
    ['a bad base image type', { baseImageType: 'photo' }, 'baseImageType'],
    ['a placement outside the image', { position: JSON.stringify({ x: 5000, y: 30 }) }, 'position'],
    ['a rotation that is not a number', { rotation: 'quarter' }, 'rotation'],
    ['a rotation beyond a full turn', { rotation: '720' }, 'rotation'],
  ])('refuses %s with 400 naming the field', async (_name, over, field) => {
    expectRefused(await addImage(t.app, ada, await makePng(50, 40), fields(over)), 400, field);
  });

  it('checks the picture like uploads (no file 400, not an image 415)', async () => {
    expectRefused(await addImage(t.app, ada, null, fields()), 400, 'image');
    expectRefused(await addImage(t.app, ada, Buffer.from('GIF89a not really'), fields()), 415);
  });

  it("answers 404 for another user's base image", async () => {
    expectRefused(await addImage(t.app, ada, await makePng(50, 40), fields({ baseImageId: String(bobRender.id) })), 404);
    expectRefused(await addImage(t.app, ada, await makePng(50, 40), fields({ baseImageId: String(bobInput.id), baseImageType: 'input' })), 404);
  });
});

describe('POST /api/tweak/create-input-from-generated', () => {
  it('makes a TWEAK_MODULE input image from a result and keeps its tweak settings', async () => {
    const res = await call(t.app, ada, 'POST', '/api/tweak/create-input-from-generated', {
      generatedImageUrl: renderUrl(),
      generatedThumbnailUrl: null,
      originalInputImageId: adaInput.id,
      fileName: 'tweaked.jpg',
      tweakSettings: { prompt: 'warm evening light', variations: 2 },
      uploadSource: 'TWEAK_MODULE',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: { uploadSource: 'TWEAK_MODULE', fileName: 'tweaked.jpg', sourceGeneratedImageId: adaRender.id } });
    const prompt = (await call(t.app, ada, 'GET', `/api/tweak/prompt/${body.data.id}?imageType=input`)).json();
    expect(prompt.data).toMatchObject({ prompt: 'warm evening light', source: 'saved' });
  });

  it("refuses another user's image (404) and a bad upload source or missing url (400)", async () => {
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/create-input-from-generated', { generatedImageUrl: bobRender.id }), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/create-input-from-generated', { generatedImageUrl: presentGeneratedImage(t.app.ctx, bobRender).imageUrl }), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/create-input-from-generated', { generatedImageUrl: renderUrl(), uploadSource: 'CREATE_MODULE' }), 400, 'uploadSource');
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/create-input-from-generated', { fileName: 'x.jpg' }), 400, 'generatedImageUrl');
  });
});

describe('the tweak prompt', () => {
  it('saves and reads back the prompt of an image; a tweak result falls back to its own prompt; others are empty', async () => {
    const saved = await call(t.app, ada, 'POST', '/api/tweak/prompt', { inputImageId: adaRender.id, imageType: 'generated', prompt: '  add a pergola  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ imageId: adaRender.id, imageType: 'generated', prompt: 'add a pergola', source: 'saved' });
    expect((await call(t.app, ada, 'GET', `/api/tweak/prompt/${adaRender.id}?imageType=generated`)).json().data.prompt).toBe('add a pergola');

    const result = await createGeneratedImage(t.app, ada.id, { moduleType: 'TWEAK', baseImageId: adaRender.id, operationType: 'inpaint' });
    const fromResult = (await call(t.app, ada, 'GET', `/api/tweak/prompt/${result.id}?imageType=generated`)).json();
    expect(fromResult.data).toMatchObject({ prompt: 'a brick villa at dusk', source: 'result' });

    const none = (await call(t.app, ada, 'GET', `/api/tweak/prompt/${adaInput.id}?imageType=input`)).json();
    expect(none.data).toMatchObject({ prompt: '', source: 'none' });
  });

  it("refuses another user's image (404) and bad input (400 naming the field)", async () => {
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/prompt', { inputImageId: bobInput.id, imageType: 'input', prompt: 'x' }), 404);
    expectRefused(await call(t.app, ada, 'GET', `/api/tweak/prompt/${bobRender.id}?imageType=generated`), 404);
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/prompt', { prompt: 'x' }), 400, 'inputImageId');
    expectRefused(await call(t.app, ada, 'POST', '/api/tweak/prompt', { inputImageId: adaInput.id, prompt: 'x'.repeat(2001) }), 400, 'prompt');
    expectRefused(await call(t.app, ada, 'GET', `/api/tweak/prompt/abc`), 400, 'imageId');
    expectRefused(await call(t.app, ada, 'GET', `/api/tweak/prompt/${adaInput.id}?imageType=photo`), 400, 'imageType');
  });
});

describe('GET /api/images/tweak-history/{baseImageId}?baseImageType', () => {
  it('keeps the sessions of an input image and a generated image with the same id apart', async () => {
    const u = await createSubscribedUser(t.app, { credits: 10 });
    // Make an input and a render of u's that share an id, whatever the sequences are at.
    const input = await createInput(t.app, u.id, await makePng(160, 120, '#777777'));
    let render = await createGeneratedImage(t.app, u.id, { bytes: await makePng(160, 120, '#999999') });
    while (render.id < input.id) render = await createGeneratedImage(t.app, u.id, { bytes: await makePng(160, 120, '#999999') });
    let sameIdInput = input;
    while (sameIdInput.id < render.id) sameIdInput = await createInput(t.app, u.id, await makePng(160, 120, '#777777'));
    expect(sameIdInput.id).toBe(render.id);
    const id = render.id;
    const body = (type: 'input' | 'generated', url: string) => ({
      baseImageUrl: url,
      originalBaseImageId: id,
      selectedBaseImageId: id,
      selectedBaseImageType: type,
      canvasBounds: { x: 0, y: 0, width: 900, height: 600 },
      originalImageBounds: { x: 0, y: 0, width: 800, height: 600 },
    });
    const fromInput = (await call(t.app, u, 'POST', '/api/tweak/outpaint', body('input', presentInputImage(t.app.ctx, sameIdInput).imageUrl))).json().data;
    const fromRender = (await call(t.app, u, 'POST', '/api/tweak/outpaint', body('generated', presentGeneratedImage(t.app.ctx, render).imageUrl as string))).json().data;
    const ids = async (type: string) =>
      (await call(t.app, u, 'GET', `/api/images/tweak-history/${id}?baseImageType=${type}`)).json().variations.map((v: GeneratedImage) => v.id);
    expect(await ids('input')).toEqual(fromInput.imageIds);
    expect(await ids('generated')).toEqual(fromRender.imageIds);
    expectRefused(await call(t.app, u, 'GET', `/api/images/tweak-history/${id}?baseImageType=photo`), 400, 'baseImageType');
    const stranger = await createPlainUser(t.app);
    expectRefused(await call(t.app, stranger, 'GET', `/api/images/tweak-history/${id}?baseImageType=input`), 404);
  });
});
