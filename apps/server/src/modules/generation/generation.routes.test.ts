import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT, ENGINE_DEFAULTS, previewNotesOf, type GenerationResponse } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { batches, generatedImages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { storedFiles } from '../images/images.test-helpers.js';
import {
  balanceOf,
  batchRow,
  connectLive,
  createInputImage,
  createPlainUser,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
} from './generation.test-helpers.js';
import type { RenderSnapshot } from './generation.settings.js';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

const generate = (headers: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers, payload: body as object });


/** Spec §3: a mask material mapping keeps the material's and the option's image URLs. */
const MAPPING_URLS = {
  materialOptionThumbnailUrl: '/api/customization/swatches/walls-brick-red.webp?v=1',
  materialOptionImageUrl: '/api/customization/swatches/walls-brick-red.large.webp?v=1',
  customizationOptionThumbnailUrl: null,
  customizationOptionImageUrl: null,
};
describe('POST /api/runpod/generate', { timeout: 90_000 }, () => {
  it('renders four variations end to end: live messages, stored files, four credits spent', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, user.id, 480, 360);
    const live = await connectLive(baseUrl, user.token);
    await live.waitFor('connected');

    const res = await generate(user.headers, {
      inputImageId,
      variations: 4,
      prompt: '',
      settings: { creativity: 3, expressivity: 2, resemblance: 4, mode: 'photorealistic', buildingType: 'villa', selections: { walls: 'walls-brick-red' } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as GenerationResponse;
    expect(body.success).toBe(true);
    expect(body.remainingCredits).toBe(6);
    expect(body.runpodJobs).toHaveLength(4);
    expect(body.runpodJobs.map((j) => j.variationNumber)).toEqual([1, 2, 3, 4]);
    expect(body.runpodJobs.every((j) => j.status === 'PROCESSING')).toBe(true);
    expect(body.runpodId).toMatch(/^local-\d+$/);

    const started = await live.waitFor('generation_started', (m) => m.batchId === body.batchId);
    expect(started).toMatchObject({ totalVariations: 4, remainingCredits: 6, inputImageId });
    expect(started.imageIds).toEqual(body.runpodJobs.map((j) => j.imageId));

    const done = await live.waitFor('batch_completed', (m) => m.batchId === body.batchId);
    expect(done).toMatchObject({ status: 'COMPLETED', totalVariations: 4, successfulVariations: 4, failedVariations: 0 });
    expect(done.completedImages).toHaveLength(4);
    const completed = live.messages.filter((m) => m.type === 'variation_completed' && m.batchId === body.batchId);
    expect(completed).toHaveLength(4);
    for (const m of completed) {
      if (m.type !== 'variation_completed') continue;
      expect(m.status).toBe('COMPLETED');
      expect(m.url).toMatch(/^\/api\/files\/u\/\d+\/generated\//);
      expect(m.thumbnailUrl).toMatch(/^\/api\/files\//);
    }
    // batch_completed comes after every variation_completed.
    const idxDone = live.messages.indexOf(done);
    expect(live.messages.findIndex((m) => m.type === 'variation_completed' && m.batchId === body.batchId)).toBeLessThan(idxDone);

    const images = await imagesOfBatch(t.app, user.id, body.batchId);
    expect(images.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(images.every((i) => i.imageKey && i.thumbnailKey && i.width === 480 && i.height === 360)).toBe(true);
    const files = storedFiles(t.dataDir).filter((f) => f.includes('/generated/'));
    for (const img of images) expect(files.some((f) => f.startsWith(`u/${user.id}/generated/${img.id}/`))).toBe(true);
    expect(await balanceOf(t.app, user.id)).toBe(6);

    const batch = await batchRow(t.app, user.id, body.batchId);
    expect(batch.status).toBe('COMPLETED');
    expect(batch.debitKey).toBe(`batch:${body.batchId}`);
    expect(batch.prompt).toBe(DEFAULT_PROMPT);

    // A file URL from the message serves the image.
    const file = await t.app.inject({ method: 'GET', url: (completed[0] as { url: string }).url });
    expect(file.statusCode).toBe(200);

    // The values sent to the engine (spec §9) are kept per image, each with its own 10-digit seed.
    const snap = images[0].settingsSnapshot as unknown as RenderSnapshot;
    expect(snap).toMatchObject({ variations: 4, creativity: 3, expressivity: 2, resemblance: 4, mode: 'photorealistic', moduleType: 'CREATE' });
    expect(snap.engine).toMatchObject({
      model: ENGINE_DEFAULTS.model,
      upscale: 'Yes',
      style: 'No',
      creativity: 7.5,
      expressivity: 3,
      resemblance: 4,
      cannyStrength: 0.4,
      loraStrength: [1, 0.2],
      cfgKsampler1: 7,
    });
    expect(snap.selections).toEqual({ walls: 'walls-brick-red', type: 'villa' });
    const seeds = images.map((i) => i.seed);
    expect(seeds.every((s) => String(s).length === 10)).toBe(true);
    expect(new Set(seeds).size).toBe(4);

    // Each render keeps what the preview changed (issue 30 part 7), also sent with its live message;
    // the four variations are four different choices of light and sky (part 6).
    const notes = images.map((i) => previewNotesOf(i.settingsSnapshot));
    for (const n of notes) expect(n.some((line) => /^(Sky: replaced|Light:) /.test(line))).toBe(true);
    expect(new Set(notes.map((n) => n.join('|'))).size).toBe(4);
    for (const m of completed) {
      if (m.type !== 'variation_completed') continue;
      expect(m.previewNotes).toEqual(notes[images.findIndex((i) => i.id === m.imageId)]);
    }
    await live.close();
  });

  it('refuses variations outside 1–4 without charging', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, user.id);
    for (const variations of [0, 5, 2.5]) {
      const res = await generate(user.headers, { inputImageId, variations });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().message).toMatch(/variations/);
    }
    expect(await balanceOf(t.app, user.id)).toBe(10);
  });

  it("answers 404 for another user's input image, and for one that does not exist", async () => {
    const owner = await createSubscribedUser(t.app);
    const other = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, owner.id);
    const res = await generate(other.headers, { inputImageId, variations: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await generate(other.headers, { inputImageId: 999999, variations: 1 })).statusCode).toBe(404);
    expect(await balanceOf(t.app, other.id)).toBe(10);
  });

  it('answers 403 PLAN_REQUIRED to a user without an active plan', async () => {
    const user = await createPlainUser(t.app);
    const inputImageId = await createInputImage(t.app, user.id);
    const res = await generate(user.headers, { inputImageId, variations: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'An active subscription is required to generate images', code: 'PLAN_REQUIRED' });
  });

  it('answers 402 when the credits do not cover the variations, and charges nothing', async () => {
    const user = await createSubscribedUser(t.app, { credits: 2 });
    const inputImageId = await createInputImage(t.app, user.id);
    const res = await generate(user.headers, { inputImageId, variations: 4 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await balanceOf(t.app, user.id)).toBe(2);
    const history = await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: user.headers });
    expect(history.json().batches).toHaveLength(0);
  });

  it('lets exactly one of two racing requests spend credits enough for one', async () => {
    const user = await createSubscribedUser(t.app, { credits: 3 });
    const inputImageId = await createInputImage(t.app, user.id);
    const [a, b] = await Promise.all([
      generate(user.headers, { inputImageId, variations: 3 }),
      generate(user.headers, { inputImageId, variations: 3 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 402]);
    expect(await balanceOf(t.app, user.id)).toBe(0);
    const history = await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: user.headers });
    expect(history.json().batches).toHaveLength(1);
    const ok = (a.statusCode === 200 ? a : b).json() as GenerationResponse;
    await eventually(async () => (await batchRow(t.app, user.id, ok.batchId)).status === 'COMPLETED', 'the batch');
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', payload: { inputImageId: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('batches: status, history, variations, settings, create-from-batch, generate-with-state, legacy create', { timeout: 90_000 }, () => {
  let user: Awaited<ReturnType<typeof createSubscribedUser>>;
  let inputImageId: number;
  let batchId: number;

  beforeAll(async () => {
    user = await createSubscribedUser(t.app, { credits: 20 });
    inputImageId = await createInputImage(t.app, user.id);
    const res = await generate(user.headers, {
      inputImageId,
      variations: 2,
      prompt: 'a timber pavilion at dusk',
      settings: { creativity: 4, expressivity: 5, resemblance: 7, mode: 'art', category: 'aquarelle' },
      maskMaterialMappings: { mask_12: { materialOptionId: 'walls-brick-red', customText: 'old brick', ...MAPPING_URLS } },
      contextSelection: { context: 'forest' },
    });
    expect(res.statusCode).toBe(200);
    batchId = res.json().batchId;
    await eventually(async () => (await batchRow(t.app, user.id, batchId)).status === 'COMPLETED', 'the batch');
  });

  it('GET /runpod/status/:batchId shows the batch and its images; 404 for someone else', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ batchId, status: 'COMPLETED', prompt: 'a timber pavilion at dusk', inputImageId });
    expect(body.images).toHaveLength(2);
    expect(body.images[0]).toMatchObject({ variationNumber: 1, status: 'COMPLETED' });
    expect(body.images[0].url).toMatch(/^\/api\/files\//);
    const other = await createPlainUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/runpod/status/abc`, headers: user.headers })).statusCode).toBe(400);
  });

  it('GET /runpod/history pages batches with a preview image (default 10)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(body.batches[0]).toMatchObject({ id: batchId, batchId, status: 'COMPLETED' });
    expect(body.batches[0].previewImage.url).toMatch(/^\/api\/files\//);
    const page2 = await t.app.inject({ method: 'GET', url: '/api/runpod/history?page=2&limit=1', headers: user.headers });
    expect(page2.json().batches).toHaveLength(0);
  });

  it('GET /runpod/variations pages the images (default 50)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runpod/variations', headers: user.headers });
    const body = res.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 50, total: 2 });
    expect(body.variations[0]).toMatchObject({ batchId, status: 'COMPLETED', moduleType: 'CREATE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/runpod/variations?limit=500', headers: user.headers })).statusCode).toBe(400);
  });

  it('restores settings from a batch (with inputImageId) and from a generated image', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/customization/batch/${batchId}/settings`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      selectedStyle: 'art',
      variations: 2,
      creativity: 4,
      expressivity: 5,
      resemblance: 7,
      inputImageId,
      batchId,
      generatedPrompt: 'a timber pavilion at dusk',
      maskMaterialMappings: { mask_12: { materialOptionId: 'walls-brick-red', customText: 'old brick', ...MAPPING_URLS } },
      contextSelection: { context: 'forest' },
    });
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    const byImage = await t.app.inject({ method: 'GET', url: `/api/customization/image/${img.id}/settings`, headers: user.headers });
    expect(byImage.statusCode).toBe(200);
    expect(byImage.json().settings).toMatchObject({ imageId: img.id, seed: img.seed, inputImageId, selectedStyle: 'art' });
    const snap = img.settingsSnapshot as unknown as RenderSnapshot;
    expect(snap.artStyle).toBe('aquarelle');
    const other = await createPlainUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/customization/image/${img.id}/settings`, headers: other.headers })).statusCode).toBe(404);
  });

  it('POST /runpod/create-from-batch makes a new batch with the given KSampler settings', async () => {
    const before = await balanceOf(t.app, user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/runpod/create-from-batch',
      headers: user.headers,
      payload: { batchId, variations: 1, settings: { stepsKsampler1: 30, cfgKsampler1: 6, denoiseKsampler1: 0.7 } },
    });
    expect(res.statusCode).toBe(200);
    const newBatch = res.json().batchId as number;
    expect(newBatch).not.toBe(batchId);
    const [img] = await imagesOfBatch(t.app, user.id, newBatch);
    const snap = img.settingsSnapshot as unknown as RenderSnapshot;
    expect(snap.engine).toMatchObject({ stepsKsampler1: 30, cfgKsampler1: 6, denoiseKsampler1: 0.7, creativity: 10 });
    expect(snap.mode).toBe('art');
    expect(img.prompt).toBe('a timber pavilion at dusk');
    expect(await balanceOf(t.app, user.id)).toBe(before - 1);
    const missing = await t.app.inject({ method: 'POST', url: '/api/runpod/create-from-batch', headers: user.headers, payload: { batchId: 999999, variations: 1 } });
    expect(missing.statusCode).toBe(404);
    await eventually(async () => (await batchRow(t.app, user.id, newBatch)).status === 'COMPLETED', 'the batch');
  });

  it('POST /runpod/generate-with-state starts a batch from the customization state', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/runpod/generate-with-state',
      headers: user.headers,
      payload: { inputImageId, selectedStyle: 'photorealistic', variations: 1, creativity: 2, selections: { weather: 'snow', lighting: 'night' } },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().batchId as number;
    const [img] = await imagesOfBatch(t.app, user.id, id);
    expect((img.settingsSnapshot as unknown as RenderSnapshot).selections).toEqual({ weather: 'snow', lighting: 'night' });
    expect(img.prompt).toBe(DEFAULT_PROMPT);
    await eventually(async () => (await batchRow(t.app, user.id, id)).status === 'COMPLETED', 'the batch');
  });

  it('POST /generation/create (legacy) renders the newest input image and answers with its URL', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generation/create', headers: user.headers, payload: { prompt: 'glass house' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.images).toHaveLength(1);
    expect(body.images[0]).toMatchObject({ status: 'COMPLETED' });
    expect(body.images[0].originalUrl).toMatch(/^\/api\/files\//);
    const fresh = await createSubscribedUser(t.app);
    const none = await t.app.inject({ method: 'POST', url: '/api/generation/create', headers: fresh.headers, payload: { prompt: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_INPUT_IMAGE');
  });

  it('adds variations to an existing batch with existingBatchId, numbering on', async () => {
    const res = await generate(user.headers, { inputImageId, variations: 1, existingBatchId: batchId });
    expect(res.statusCode).toBe(200);
    expect(res.json().batchId).toBe(batchId);
    expect(res.json().runpodJobs[0].variationNumber).toBe(3);
    await eventually(async () => (await batchRow(t.app, user.id, batchId)).status === 'COMPLETED', 'the batch');
    const images = await imagesOfBatch(t.app, user.id, batchId);
    expect(images.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
  });
});

describe('render type (exterior, interior, aerial, elevation)', { timeout: 90_000 }, () => {
  it('refuses an unknown render type with a 400 naming the field, and charges nothing', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const inputImageId = await createInputImage(t.app, user.id);
    const viaSettings = await generate(user.headers, { inputImageId, variations: 1, settings: { renderType: 'underwater' } });
    expect(viaSettings.statusCode).toBe(400);
    expect(viaSettings.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(viaSettings.json().message).toContain('settings.renderType must be one of exterior, interior, aerial, elevation');
    const viaState = await t.app.inject({
      method: 'POST',
      url: '/api/runpod/generate-with-state',
      headers: user.headers,
      payload: { inputImageId, variations: 1, renderType: 'INTERIOR' },
    });
    expect(viaState.statusCode).toBe(400);
    expect(viaState.json().message).toContain('renderType must be one of');
    expect(await balanceOf(t.app, user.id)).toBe(5);
  });

  it('keeps the chosen type at the top of every variation snapshot, restores it with the settings and renders it again from the batch', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, user.id);
    const res = await generate(user.headers, { inputImageId, variations: 2, prompt: 'a hotel', settings: { renderType: 'aerial', buildingType: 'hotel' } });
    expect(res.statusCode).toBe(200);
    const batchId = res.json().batchId as number;
    await eventually(async () => (await batchRow(t.app, user.id, batchId)).status === 'COMPLETED', 'the batch');
    const images = await imagesOfBatch(t.app, user.id, batchId);
    expect(images.map((i) => (i.settingsSnapshot as { renderType?: unknown }).renderType)).toEqual(['aerial', 'aerial']);

    const byBatch = await t.app.inject({ method: 'GET', url: `/api/customization/batch/${batchId}/settings`, headers: user.headers });
    expect(byBatch.json().settings.renderType).toBe('aerial');
    const byImage = await t.app.inject({ method: 'GET', url: `/api/customization/image/${images[1].id}/settings`, headers: user.headers });
    expect(byImage.json().settings.renderType).toBe('aerial');

    const again = await t.app.inject({ method: 'POST', url: '/api/runpod/create-from-batch', headers: user.headers, payload: { batchId, variations: 1 } });
    expect(again.statusCode).toBe(200);
    const [copy] = await imagesOfBatch(t.app, user.id, again.json().batchId as number);
    expect((copy.settingsSnapshot as { renderType?: unknown }).renderType).toBe('aerial');
    await eventually(async () => (await batchRow(t.app, user.id, again.json().batchId as number)).status === 'COMPLETED', 'the copy');
  });

  it('renders exterior when no type is sent, and reads a render made before render types as exterior', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, user.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate-with-state', headers: user.headers, payload: { inputImageId, variations: 1 } });
    expect(res.statusCode).toBe(200);
    const batchId = res.json().batchId as number;
    await eventually(async () => (await batchRow(t.app, user.id, batchId)).status === 'COMPLETED', 'the batch');
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect((img.settingsSnapshot as { renderType?: unknown }).renderType).toBe('exterior');

    // An older render: its snapshot and its batch's settings have no renderType.
    const { renderType: _dropped, ...older } = img.settingsSnapshot as Record<string, unknown>;
    await t.app.ctx.db.update(generatedImages).set({ settingsSnapshot: older }).where(eq(generatedImages.id, img.id));
    const batch = await batchRow(t.app, user.id, batchId);
    const { renderType: _gone, ...olderSettings } = (batch.settings ?? {}) as Record<string, unknown>;
    await t.app.ctx.db.update(batches).set({ settings: olderSettings }).where(eq(batches.id, batchId));
    const byImage = await t.app.inject({ method: 'GET', url: `/api/customization/image/${img.id}/settings`, headers: user.headers });
    expect(byImage.statusCode).toBe(200);
    expect(byImage.json().settings.renderType).toBe('exterior');
  });
});
