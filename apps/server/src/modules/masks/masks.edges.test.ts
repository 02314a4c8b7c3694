import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetMasksResponse, InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createEngine, type Engine } from '../../engines/index.js';
import type { SegmentedRegion } from '../../engines/engine.js';
import { boxCornerView } from '../../engines/local/geometry/box-passes.js';
import { multipartBody, type MultipartPart } from '../images/images.test-helpers.js';
import { encodePng16 } from '../passes/png16.js';
import { call, collectLive, createSubscribedUser, maskPixels, type GenUser } from './masks.test-helpers.js';

/**
 * Issue 31 part 2 through the masks queue: a view uploaded with its depth and normal passes,
 * whose picture paints the fold between the box's two faces 6 px off the model's fold. The
 * engine's segmentation (the local engine with a segmenter that returns the painted areas, as
 * a photo segmenter following the paint would) puts the fold where the paint is; the stored
 * regions follow the model's fold instead. The same picture without passes keeps the painted edge.
 */

const view = boxCornerView();
const { passes, faces } = view;
const W = passes.width;
const H = passes.height;
const NEAR = 1;
const FAR = 450;

/** The faces with the fold moved 6 px left: what the picture paints. */
const painted = Int32Array.from(faces, (f, i) => {
  if (f !== 0 && f !== 1) return f;
  const x = i % W;
  const right = faces[i - x + Math.min(W - 1, x + 6)];
  return right === 0 || right === 1 ? right : f;
});
const COLOURS: Record<number, [number, number, number]> = { [-1]: [140, 180, 230], 0: [205, 120, 85], 1: [235, 215, 70], 2: [110, 110, 110] };

const picture = () => {
  const rgb = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(COLOURS[painted[i]], i * 3);
  return sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
};
/** The stored formats: normals in Blender's camera frame (y up, z towards the viewer), depth 0 = near … 65535 = no surface. */
const normalPng = () => {
  const v = new Uint16Array(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const n = [passes.normal[i * 3], -passes.normal[i * 3 + 1], -passes.normal[i * 3 + 2]];
    for (let k = 0; k < 3; k++) v[i * 3 + k] = Math.round(((n[k] + 1) / 2) * 65535);
  }
  return encodePng16(W, H, 3, v);
};
const depthPng = () => {
  const v = new Uint16Array(W * H);
  for (let i = 0; i < W * H; i++) {
    const z = passes.depth![i];
    v[i] = Number.isFinite(z) ? Math.min(65534, Math.round(((z - NEAR) / (FAR - NEAR)) * 65535)) : 65535;
  }
  return encodePng16(W, H, 1, v);
};
const file = (name: string, data: Buffer): MultipartPart => ({ name, filename: `${name}.png`, contentType: 'image/png', data });

/** The painted areas as the engine's regions (sky, ground and the two faces). */
function paintSegmenter(): Engine {
  const real = createEngine({ ENGINE: 'local' });
  const regions: Array<[number, string]> = [[-1, 'sky'], [2, 'ground'], [0, 'facade'], [1, 'facade']];
  return Object.assign(Object.create(real) as Engine, {
    async segment(): Promise<SegmentedRegion[]> {
      return Promise.all(
        regions.map(async ([label, name]) => {
          const m = Buffer.alloc(W * H);
          for (let i = 0; i < W * H; i++) m[i] = painted[i] === label ? 255 : 0;
          const mask = await sharp(m, { raw: { width: W, height: H, channels: 1 } }).png().toBuffer();
          return { mask, label: name, area: m.filter((v) => v > 0).length / (W * H), color: COLOURS[label], confidence: 0.9 };
        }),
      );
    },
  });
}

let t: TestApp;
let ada: GenUser;

beforeAll(async () => {
  t = await createTestApp({ overrides: { engine: paintSegmenter() } });
  ada = await createSubscribedUser(t.app, { credits: 20 });
}, 60_000);
afterAll(() => t?.close());

async function upload(parts: MultipartPart[]): Promise<number> {
  const body = multipartBody(parts);
  const res = await t.app.inject({ method: 'POST', url: '/api/images/upload-input', headers: { ...ada.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InputImage>().id;
}

async function generatedMasks(inputImageId: number) {
  const live = collectLive(t.app, ada.id);
  expect((await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId })).statusCode).toBe(200);
  await live.waitFor('masks_completed', 90_000);
  live.stop();
  const { data } = (await call(t.app, ada, 'GET', `/api/masks/${inputImageId}`)).json<GetMasksResponse>();
  return Promise.all(
    data.maskRegions.map(async (r) => {
      const m = await maskPixels((await t.app.inject({ method: 'GET', url: r.maskUrl })).rawPayload);
      expect([m.width, m.height]).toEqual([W, H]);
      if (process.env.SHOTS_DIR) await sharp(m.data, { raw: { width: W, height: H, channels: 1 } }).png().toFile(`${process.env.SHOTS_DIR}/${inputImageId}-${r.position}-${r.label}.png`);
      return { area: r.area, data: m.data };
    }),
  );
}

/** The best IoU of any stored region with the face's true pixels. */
function bestIou(masks: Array<{ data: Buffer }>, face: number): number {
  return Math.max(
    ...masks.map(({ data }) => {
      let inter = 0;
      let union = 0;
      for (let i = 0; i < W * H; i++) {
        const a = data[i] > 127;
        const b = faces[i] === face;
        if (a && b) inter++;
        if (a || b) union++;
      }
      return inter / union;
    }),
  );
}

describe('mask generation with the view’s passes', () => {
  it('stores regions that follow the model’s fold (each face IoU ≥ 0.98); without passes the painted edge stays (< 0.95)', async () => {
    const img = await picture();
    const plain = await generatedMasks(await upload([file('file', img)]));
    for (const face of [0, 1]) expect(bestIou(plain, face), `without passes, face ${face}`).toBeLessThan(0.95);

    const withPasses = await generatedMasks(
      await upload([file('file', img), file('normal', normalPng()), file('depth', depthPng()), { name: 'depthNear', value: String(NEAR) }, { name: 'depthFar', value: String(FAR) }]),
    );
    for (const face of [0, 1]) expect(bestIou(withPasses, face), `with passes, face ${face}`).toBeGreaterThanOrEqual(0.98);
    expect(withPasses.length).toBe(plain.length);
    // The areas are recounted from the moved pixels: still the whole view.
    expect(withPasses.reduce((s, r) => s + r.area, 0)).toBeCloseTo(1, 2);
  }, 180_000);
});
