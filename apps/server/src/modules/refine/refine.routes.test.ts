import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  REFINE_DEFAULT_SETTINGS,
  type RefineGenerateResponse,
  type RefineOperationsResponse,
  type RefineSettingsResponse,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { creditTransactions } from '../../db/schema/index.js';
import { createEngine, type Engine } from '../../engines/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import {
  balanceOf,
  batchRow,
  connectLive,
  createPlainUser,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
} from '../generation/generation.test-helpers.js';
import { createGeneratedImage } from '../images/images.test-helpers.js';
import { createRefineInput, fetchFile, laplacianEnergy, meanAbsDiff, meanRgb, rawPixels } from './refine.test-helpers.js';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

const post = (app: App, url: string, headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: body as object });
const get = (app: App, url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

/** Waits for the batch to finish and answers its operations as the list shows them. */
async function finished(app: App, headers: Record<string, string>, userId: number, batchId: number, imageId: number, imageType = 'uploaded') {
  await eventually(async () => (await batchRow(app, userId, batchId)).status === 'COMPLETED', `refine batch ${batchId}`, 60_000);
  const res = await get(app, `/api/refine/operations/${imageId}?imageType=${imageType}`, headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as RefineOperationsResponse).operations.filter((o) => o.batchId === batchId);
}

describe('refine settings', () => {
  it('answers 404 before anything is saved, then round-trips saved settings, merging partial saves', async () => {
    const user = await createSubscribedUser(t.app);
    const imageId = await createRefineInput(t.app, user.id);

    const missing = await get(t.app, `/api/refine/settings/${imageId}`, user.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });

    const saved = await post(t.app, '/api/refine/settings', user.headers, {
      imageId,
      resolution: { width: 2400, height: 1600 },
      scaleFactor: 2,
      aiStrength: 30,
      resemblance: 20,
      clarity: 8,
      sharpness: 40,
      matchColor: false,
    });
    expect(saved.statusCode).toBe(200);
    const expected = { resolution: { width: 2400, height: 1600 }, scaleFactor: 2, aiStrength: 30, resemblance: 20, clarity: 8, sharpness: 40, matchColor: false };
    expect((saved.json() as RefineSettingsResponse).settings).toEqual(expected);

    const read = await get(t.app, `/api/refine/settings/${imageId}`, user.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ imageId, imageType: 'uploaded', settings: expected });

    // A partial save keeps the other fields.
    await post(t.app, '/api/refine/settings', user.headers, { imageId, clarity: 33 });
    const again = (await get(t.app, `/api/refine/settings/${imageId}`, user.headers)).json() as RefineSettingsResponse;
    expect(again.settings).toEqual({ ...expected, clarity: 33 });

    // The same id as a generated image is another image: nothing saved there.
    expect((await get(t.app, `/api/refine/settings/${imageId}?imageType=generated`, user.headers)).statusCode).toBe(404);
    // A first partial save starts from the spec defaults.
    const other = await createRefineInput(t.app, user.id);
    const first = (await post(t.app, '/api/refine/settings', user.headers, { imageId: other, sharpness: 5 })).json() as RefineSettingsResponse;
    expect(first.settings).toEqual({ ...REFINE_DEFAULT_SETTINGS, sharpness: 5 });
  });

  it("keeps another user's images out of reach (404) and needs a token (401)", async () => {
    const owner = await createSubscribedUser(t.app);
    const stranger = await createSubscribedUser(t.app);
    const imageId = await createRefineInput(t.app, owner.id);
    await post(t.app, '/api/refine/settings', owner.headers, { imageId, clarity: 20 });

    expect((await get(t.app, `/api/refine/settings/${imageId}`, stranger.headers)).statusCode).toBe(404);
    expect((await post(t.app, '/api/refine/settings', stranger.headers, { imageId, clarity: 20 })).statusCode).toBe(404);
    expect((await get(t.app, `/api/refine/operations/${imageId}`, stranger.headers)).statusCode).toBe(404);
    const gen = await post(t.app, '/api/refine/generate', stranger.headers, { imageId });
    expect(gen.statusCode).toBe(404);
    expect(await balanceOf(t.app, stranger.id)).toBe(50);
    expect((await get(t.app, `/api/refine/settings/${imageId}`, {})).statusCode).toBe(401);
    expect((await post(t.app, '/api/refine/generate', {}, { imageId })).statusCode).toBe(401);
  });
});

describe('POST /api/refine/generate checks', () => {
  it('refuses bad values with a 400 naming the field, and spends nothing', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const imageId = await createRefineInput(t.app, user.id, 500, 500);
    const cases: Array<[object, RegExp, string]> = [
      [{ scaleFactor: 5 }, /scaleFactor must be between 1 and 4/, 'scaleFactor'],
      [{ aiStrength: 0 }, /aiStrength must be between 1 and 50/, 'aiStrength'],
      [{ clarity: 51 }, /clarity must be between 1 and 50/, 'clarity'],
      [{ sharpness: 'sharp' }, /sharpness must be a number/, 'sharpness'],
      [{ variations: 5 }, /variations must be between 1 and 4/, 'variations'],
      [{ resolution: { width: 10, height: 1969 } }, /resolution\.width must be between 64 and 16384/, 'resolution.width'],
      [{ matchColor: 'sometimes' }, /matchColor must be true or false/, 'matchColor'],
      [{ imageType: 'mask' }, /imageType must be one of uploaded, generated/, 'imageType'],
    ];
    for (const [body, message, field] of cases) {
      const res = await post(t.app, '/api/refine/generate', user.headers, { imageId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }

    // 2100 × 2100 at 4× is 8400 × 8400 = 70.6 MP: refused before any credit is spent.
    const big = await post(t.app, '/api/refine/generate', user.headers, { imageId, resolution: { width: 2100, height: 2100 }, scaleFactor: 4 });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'OUTPUT_TOO_LARGE', field: 'resolution' });
    expect(big.json().message).toMatch(/8400 × 8400 px \(70\.6 MP\).*64 megapixels/);
    // The default resolution at 4× (7876 × 7876, 62 MP) is allowed (checked without running it: no credits).
    const poor = await createSubscribedUser(t.app, { credits: 0 });
    const poorImage = await createRefineInput(t.app, poor.id, 500, 500);
    expect((await post(t.app, '/api/refine/generate', poor.headers, { imageId: poorImage, scaleFactor: 4 })).statusCode).toBe(402);

    expect(await balanceOf(t.app, user.id)).toBe(10);
    const ops = (await get(t.app, `/api/refine/operations/${imageId}`, user.headers)).json() as RefineOperationsResponse;
    expect(ops.operations).toEqual([]);
  });

  it('answers 403 without an active plan and 402 when credits do not cover the variations', async () => {
    const free = await createPlainUser(t.app);
    const freeImage = await createRefineInput(t.app, free.id);
    expect((await post(t.app, '/api/refine/generate', free.headers, { imageId: freeImage })).json()).toMatchObject({ code: 'PLAN_REQUIRED' });

    const user = await createSubscribedUser(t.app, { credits: 2 });
    const imageId = await createRefineInput(t.app, user.id);
    const res = await post(t.app, '/api/refine/generate', user.headers, { imageId, variations: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await balanceOf(t.app, user.id)).toBe(2);
  });
});

describe('refining end to end', () => {
  it('upscales with live progress: sizes follow the scale and resolution, variations differ, one credit each', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const imageId = await createRefineInput(t.app, user.id, 320, 240);
    const live = await connectLive(baseUrl, user.token);
    await live.waitFor('connected');

    const res = await post(t.app, '/api/refine/generate', user.headers, {
      imageId,
      imageUrl: 'https://attacker.example/never-fetched.png',
      resolution: { width: 600, height: 600 },
      scaleFactor: 2,
      aiStrength: 20,
      resemblance: 12,
      clarity: 20,
      sharpness: 20,
      matchColor: true,
      variations: 2,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as RefineGenerateResponse;
    // 320 × 240 fitted inside 600 × 600 is 600 × 450; twice that is 1200 × 900.
    expect(body.output).toEqual({ width: 1200, height: 900 });
    expect(body.remainingCredits).toBe(8);
    expect(body.operations.map((o) => [o.status, o.variationNumber])).toEqual([
      ['PROCESSING', 1],
      ['PROCESSING', 2],
    ]);

    const started = await live.waitFor('generation_started', (m) => m.batchId === body.batchId);
    expect(started).toMatchObject({ moduleType: 'REFINE', operationType: 'upscale', totalVariations: 2, remainingCredits: 8, inputImageId: imageId });
    const done = await live.waitFor('batch_completed', (m) => m.batchId === body.batchId);
    expect(done).toMatchObject({ moduleType: 'REFINE', successfulVariations: 2, failedVariations: 0 });
    const completed = live.messages.filter((m) => m.type === 'variation_completed' && m.batchId === body.batchId);
    expect(completed).toHaveLength(2);
    expect(completed.every((m) => m.type === 'variation_completed' && m.moduleType === 'REFINE')).toBe(true);
    expect(live.messages.some((m) => m.type === 'variation_progress' && m.batchId === body.batchId)).toBe(true);
    await live.close();

    const ops = await finished(t.app, user.headers, user.id, body.batchId, imageId);
    expect(ops).toHaveLength(2);
    expect(ops.every((o) => o.status === 'COMPLETED' && o.width === 1200 && o.height === 900 && o.operationType === 'upscale')).toBe(true);
    expect(ops[0].settings).toMatchObject({ scaleFactor: 2, resolution: { width: 600, height: 600 }, matchColor: true });
    expect(ops[0].resultImageUrl).toMatch(/^\/api\/files\//);
    const [a, b] = await Promise.all(ops.map(async (o) => rawPixels(await fetchFile(t.app, o.resultImageUrl!))));
    expect([a.width, a.height]).toEqual([1200, 900]);
    // Seeded variations differ visibly.
    expect(meanAbsDiff(a, b)).toBeGreaterThan(1.5);

    // The settings used are the image's last used; one credit per variation went.
    const settings = (await get(t.app, `/api/refine/settings/${imageId}`, user.headers)).json() as RefineSettingsResponse;
    expect(settings.settings).toMatchObject({ scaleFactor: 2, aiStrength: 20, resolution: { width: 600, height: 600 } });
    expect(await balanceOf(t.app, user.id)).toBe(8);
    expect((await batchRow(t.app, user.id, body.batchId)).debitKey).toBe(`batch:${body.batchId}`);
  });

  it('keeps the mean colour with matchColor, and sharpness raises the high frequencies', async () => {
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const imageId = await createRefineInput(t.app, user.id, 320, 240);
    const source = await rawPixels((await createFacadeBytes()).png);
    const run = async (over: object) => {
      const res = await post(t.app, '/api/refine/generate', user.headers, { imageId, resolution: { width: 320, height: 320 }, scaleFactor: 2, aiStrength: 12, clarity: 12, ...over });
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json() as RefineGenerateResponse;
      const [op] = await finished(t.app, user.headers, user.id, batchId, imageId);
      return fetchFile(t.app, op.resultImageUrl!);
    };
    const soft = await run({ sharpness: 1, matchColor: true });
    const crisp = await run({ sharpness: 50, matchColor: true });
    const softPx = await rawPixels(soft);
    const crispPx = await rawPixels(crisp);
    expect([crispPx.width, crispPx.height]).toEqual([640, 480]);
    expect(laplacianEnergy(crispPx)).toBeGreaterThan(laplacianEnergy(softPx) * 1.3);
    const srcMean = meanRgb(source);
    for (const px of [softPx, crispPx]) {
      const m = meanRgb(px);
      for (let k = 0; k < 3; k++) expect(Math.abs(m[k] - srcMean[k])).toBeLessThan(3);
    }
  });

  it('refines a generated image (imageType generated): its results are listed under it, at scale 1 the resolution sets the size', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const generated = await createGeneratedImage(t.app, user.id);
    const res = await post(t.app, '/api/refine/generate', user.headers, { imageId: generated.id, imageType: 'generated', resolution: '800x800' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as RefineGenerateResponse;
    // 640 × 480 fitted inside 800 × 800, scale 1.
    expect(body.output).toEqual({ width: 800, height: 600 });
    const ops = await finished(t.app, user.headers, user.id, body.batchId, generated.id, 'generated');
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ status: 'COMPLETED', width: 800, height: 600, operationType: 'refine' });
    const list = (await get(t.app, `/api/refine/operations/${generated.id}?imageType=generated`, user.headers)).json() as RefineOperationsResponse;
    expect(list.source).toMatchObject({ imageId: generated.id, imageType: 'generated', width: 640, height: 480, name: `Render ${generated.batchId} · variation 1` });
    expect(list.source?.imageUrl).toMatch(/^\/api\/files\//);
    const [row] = await imagesOfBatch(t.app, user.id, body.batchId);
    expect(row).toMatchObject({ moduleType: 'REFINE', baseImageId: generated.id });
    // Not listed as results of an input image with the same id.
    expect((await get(t.app, `/api/refine/settings/${generated.id}?imageType=generated`, user.headers)).statusCode).toBe(200);
    // Someone else's generated image is 404.
    const stranger = await createSubscribedUser(t.app);
    expect((await post(t.app, '/api/refine/generate', stranger.headers, { imageId: generated.id, imageType: 'generated' })).statusCode).toBe(404);
  });
});

describe('refine failures', () => {
  // The app with the failing upscaler is built before the test, not within its time: on a
  // loaded machine a fresh database and app take as long as the retries under test.
  let failing: TestApp | undefined;
  const calls = { n: 0 };
  beforeAll(async () => {
    const real = createEngine({ ENGINE: 'local' });
    const engine: Engine = Object.assign(Object.create(real) as Engine, {
      async upscale() {
        calls.n += 1;
        throw new Error('The upscaler ran out of memory');
      },
    });
    failing = await createTestApp({ overrides: { engine } });
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('refunds each failed variation once, restoring the balance, and keeps failed variations out of the results strip', async () => {
    const { app } = failing!;
    const user = await createSubscribedUser(app, { credits: 4 });
    const imageId = await createRefineInput(app, user.id);
    const res = await post(app, '/api/refine/generate', user.headers, { imageId, variations: 2, scaleFactor: 2, resolution: { width: 400, height: 400 } });
    expect(res.statusCode).toBe(200);
    const { batchId } = res.json() as RefineGenerateResponse;
    expect(await balanceOf(app, user.id)).toBe(2);

    // The strip lists finished and running results only: the failures are the batch's status.
    const ops = await finished(app, user.headers, user.id, batchId, imageId);
    expect(ops).toEqual([]);
    expect((await imagesOfBatch(app, user.id, batchId)).map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
    expect(calls.n).toBe(6); // three attempts each
    await eventually(async () => (await balanceOf(app, user.id)) === 4, 'the refunds');
    const refunds = await app.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, user.id), eq(creditTransactions.reason, 'REFUND')));
    expect(refunds.map((r) => r.amount)).toEqual([1, 1]);
    const images = await imagesOfBatch(app, user.id, batchId);
    expect(refunds.map((r) => r.idempotencyKey).sort()).toEqual(images.map((i) => `refund:image:${i.id}`).sort());
  });
});

async function createFacadeBytes() {
  const { makeFacade } = await import('../../engines/local/test-fixtures.js');
  return makeFacade(320, 240);
}
