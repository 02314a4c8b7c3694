import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TweakOperationResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { generatedImages } from '../../db/schema/index.js';
import type { Engine } from '../../engines/engine.js';
import { createEngine } from '../../engines/index.js';
import { AppError } from '../../lib/errors.js';
import { getBalance } from '../credits/index.js';
import { eventually } from '../generation/generation.test-helpers.js';
import { presentInputImage, readGeneratedImageBytes } from '../images/index.js';
import {
  addImage,
  call,
  createInput,
  createSubscribedUser,
  landscape,
  makePng,
  maskPng,
  regionStats,
  rgb,
  texturedScene,
  uploadMask,
  type GenUser,
} from './tweak.test-helpers.js';

/**
 * Tweak requests through the real jobs and the local CPU engine: what the results look like
 * (the content-aware fill of an inpaint, the seamless extension of an outpaint, the composite of
 * add image), and refunds when the engine fails.
 */

let t: TestApp;
let user: GenUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createSubscribedUser(t.app, { credits: 20 });
}, 60_000);
afterAll(() => t?.close());

async function finished(batchId: number, userId = user.id) {
  return eventually(
    async () => {
      const rows = await t.app.ctx.db.select().from(generatedImages).where(and(eq(generatedImages.batchId, batchId), eq(generatedImages.userId, userId)));
      return rows.length > 0 && rows.every((r) => r.status !== 'PROCESSING') ? rows : undefined;
    },
    `batch ${batchId} to finish`,
    60_000,
  );
}

function sessionFields(input: Awaited<ReturnType<typeof createInput>>) {
  return {
    baseImageUrl: presentInputImage(t.app.ctx, input).imageUrl,
    originalBaseImageId: input.id,
    selectedBaseImageId: input.id,
    selectedBaseImageType: 'input',
  };
}

describe('tweak jobs on the CPU engine', () => {
  it('inpaint replaces a masked object on a textured background with a fill statistically like its surroundings', async () => {
    const w = 256;
    const h = 192;
    const object = { x0: 100, y0: 70, x1: 150, y1: 120 };
    const input = await createInput(t.app, user.id, await makePng(w, h, texturedScene(w, h, object)));
    const mask = (await uploadMask(t.app, user, await maskPng(w, h, { x0: 96, y0: 66, x1: 154, y1: 124 }))).json();
    const res = await call(t.app, user, 'POST', '/api/tweak/inpaint', { ...sessionFields(input), maskImageUrl: mask.url, prompt: 'clear the ground' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await finished((res.json() as TweakOperationResponse).data.batchId);
    expect(row.status, row.errorMessage ?? '').toBe('COMPLETED');
    expect([row.width, row.height]).toEqual([w, h]);
    const out = await rgb(await readGeneratedImageBytes(t.app.ctx, row));
    const inside = (x: number, y: number) => x >= object.x0 && x < object.x1 && y >= object.y0 && y < object.y1;
    const ring = (x: number, y: number) => !(x >= 96 && x < 154 && y >= 66 && y < 124) && x >= 80 && x < 170 && y >= 50 && y < 140;
    const filled = regionStats(out, inside);
    const around = regionStats(out, ring);
    for (let k = 0; k < 3; k++) expect(Math.abs(filled.mean[k] - around.mean[k])).toBeLessThan(12);
    // The red block is gone, and the fill keeps the texture instead of a flat smear.
    expect(filled.mean[0] - filled.mean[1]).toBeLessThan(40);
    expect(filled.sd).toBeGreaterThan(around.sd * 0.5);
  });

  it('outpaint gives the expanded size and continues the image across the old border without a seam', async () => {
    const w = 240;
    const h = 160;
    const input = await createInput(t.app, user.id, await makePng(w, h, landscape(w, h)));
    const before = await getBalance(t.app.ctx.db, user.id);
    // Canvas units of 2 per pixel: the image is 480 × 320 units; the canvas adds 120 units (60 px) on the left and 40 units (20 px) below.
    const res = await call(t.app, user, 'POST', '/api/tweak/outpaint', {
      ...sessionFields(input),
      originalImageBounds: { x: 0, y: 0, width: 480, height: 320 },
      canvasBounds: { x: -120, y: 0, width: 600, height: 360 },
      variations: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.output).toEqual({ width: 300, height: 180 });
    const [row] = await finished(res.json().data.batchId);
    expect(row.status, row.errorMessage ?? '').toBe('COMPLETED');
    expect([row.width, row.height]).toEqual([300, 180]);
    expect(await getBalance(t.app.ctx.db, user.id)).toBe(before - 1);

    const out = await rgb(await readGeneratedImageBytes(t.app.ctx, row));
    const ox = 60;
    const lum = (x: number, y: number) => {
      const i = (y * out.width + x) * 3;
      return 0.2126 * out.data[i] + 0.7152 * out.data[i + 1] + 0.0722 * out.data[i + 2];
    };
    const colDiff = (x: number) => {
      let s = 0;
      for (let y = 4; y < h - 4; y++) s += Math.abs(lum(x, y) - lum(x + 1, y));
      return s / (h - 8);
    };
    const across = colDiff(ox - 1);
    const insideOriginal = (colDiff(ox + 30) + colDiff(ox + 60) + colDiff(ox + 90)) / 3;
    expect(across).toBeLessThan(insideOriginal + 6);
    // The sky stays above the ground in the new area: its top is bluer and lighter than its bottom.
    const top = regionStats(out, (x, y) => x < 40 && y < 40);
    const bottom = regionStats(out, (x, y) => x < 40 && y > 120 && y < 160);
    expect(top.mean[2]).toBeGreaterThan(bottom.mean[2] + 60);
    // The original is still there, where it was.
    const original = await rgb(await makePng(w, h, landscape(w, h)));
    let d = 0;
    let n = 0;
    for (let y = 0; y < h; y += 3)
      for (let x = 0; x < w; x += 3)
        for (let k = 0; k < 3; k++) {
          d += Math.abs(original.data[(y * w + x) * 3 + k] - out.data[(y * out.width + x + ox) * 3 + k]);
          n++;
        }
    expect(d / n).toBeLessThan(8);
  });

  it('add image composites the placed picture at its position and size', async () => {
    const input = await createInput(t.app, user.id, await makePng(200, 150, '#d0c8b8'));
    const green = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#10c040' } }).png().toBuffer();
    const res = await addImage(t.app, user, green, {
      baseImageId: String(input.id),
      baseImageType: 'input',
      position: JSON.stringify({ x: 120, y: 40 }),
      size: JSON.stringify({ width: 50, height: 40 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await finished(res.json().data.batchId);
    expect(row.status, row.errorMessage ?? '').toBe('COMPLETED');
    const out = await rgb(await readGeneratedImageBytes(t.app.ctx, row));
    const inBox = regionStats(out, (x, y) => x >= 124 && x < 166 && y >= 44 && y < 76);
    const outside = regionStats(out, (x, y) => x < 100 && y < 30);
    expect(inBox.mean[1]).toBeGreaterThan(170);
    expect(inBox.mean[0]).toBeLessThan(60);
    expect(outside.mean[0]).toBeGreaterThan(190);
  });
});

describe('a tweak the engine cannot make', () => {
  let failing: TestApp;

  beforeAll(async () => {
    const real = createEngine({ ENGINE: 'local' });
    const engine: Engine = {
      name: 'local',
      isPreview: true,
      render: (r) => real.render(r),
      segment: (r) => real.segment(r),
      upscale: (r) => real.upscale(r),
      addImage: (r) => real.addImage(r),
      inpaint: (r) => real.inpaint(r),
      outpaint: async () => {
        throw new AppError(422, 'ENGINE_REFUSED', 'The engine refused the canvas');
      },
      close: () => real.close?.() ?? Promise.resolve(),
    };
    failing = await createTestApp({ overrides: { engine } });
  }, 60_000);
  afterAll(() => failing?.close());

  it('fails each variation and refunds its credit once', async () => {
    const u = await createSubscribedUser(failing.app, { credits: 5 });
    const input = await createInputImageOn(failing, u.id);
    const res = await failing.app.inject({
      method: 'POST',
      url: '/api/tweak/outpaint',
      headers: u.headers,
      payload: {
        baseImageUrl: presentInputImage(failing.app.ctx, input).imageUrl,
        originalBaseImageId: input.id,
        selectedBaseImageId: input.id,
        selectedBaseImageType: 'input',
        originalImageBounds: { x: 0, y: 0, width: 800, height: 600 },
        canvasBounds: { x: 0, y: -100, width: 800, height: 700 },
        variations: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.remainingCredits).toBe(3);
    const rows = await eventually(
      async () => {
        const r = await failing.app.ctx.db.select().from(generatedImages).where(eq(generatedImages.batchId, res.json().data.batchId));
        return r.every((i) => i.status === 'FAILED') ? r : undefined;
      },
      'both variations to fail',
      30_000,
    );
    expect(rows.every((r) => r.refundedAt !== null)).toBe(true);
    expect(await getBalance(failing.app.ctx.db, u.id)).toBe(5);
    // The results strip never lists the failures: they are the batch's status, refunded.
    const history = await failing.app.inject({ method: 'GET', url: `/api/images/tweak-history/${input.id}?baseImageType=input`, headers: u.headers });
    expect(history.json().variations).toEqual([]);
  });
});

async function createInputImageOn(app: TestApp, userId: number) {
  return createInput(app.app, userId, await makePng(160, 120, '#a0a0a0'));
}
