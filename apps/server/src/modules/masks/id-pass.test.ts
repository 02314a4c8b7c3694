import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_MESSAGES, type GetMasksResponse, type InputImage } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { countInputImages, createImagesUser, multipartBody, storedFiles, type ImagesTestUser, type MultipartPart } from '../images/images.test-helpers.js';
import { maskPixels } from './masks.test-helpers.js';

/**
 * POST /api/images/upload-input with an ID pass: the input image arrives with its regions made
 * from the pass's flat colours and named from the materials map; every refusal stores nothing.
 */

// A 5-material elevation: sky band, brick wall, glazing, a door, paving.
const W = 480;
const H = 320;
type Rgb = [number, number, number];
const MATERIALS: Array<{ colour: string; rgb: Rgb; name?: string; inside: (x: number, y: number) => boolean }> = [
  { colour: '#7fa7c9', rgb: [0x7f, 0xa7, 0xc9], name: 'Glazing', inside: (x, y) => y >= 0.35 && y < 0.55 && ((x >= 0.1 && x < 0.3) || (x >= 0.6 && x < 0.85)) },
  { colour: '#3d5a80', rgb: [0x3d, 0x5a, 0x80], name: 'Oak door', inside: (x, y) => y >= 0.6 && y < 0.85 && x >= 0.4 && x < 0.52 },
  { colour: '#c8553d', rgb: [0xc8, 0x55, 0x3d], name: 'Brick', inside: (_x, y) => y >= 0.25 && y < 0.85 },
  { colour: '#d9e7f2', rgb: [0xd9, 0xe7, 0xf2], name: 'Sky', inside: (_x, y) => y < 0.25 },
  { colour: '#6b6b6b', rgb: [0x6b, 0x6b, 0x6b], inside: () => true }, // paving, not in the map
];
const materialAt = (x: number, y: number) => MATERIALS.findIndex((m) => m.inside(x, y));

/** The ID pass drawn 2× larger and scaled down with a smoothing kernel, so its edges are anti-aliased blends. */
async function idPassPng(width: number, height: number): Promise<Buffer> {
  const big = Buffer.alloc(width * 2 * height * 2 * 3);
  for (let y = 0; y < height * 2; y++)
    for (let x = 0; x < width * 2; x++) big.set(MATERIALS[materialAt((x + 0.5) / (width * 2), (y + 0.5) / (height * 2))].rgb, (y * width * 2 + x) * 3);
  return sharp(big, { raw: { width: width * 2, height: height * 2, channels: 3 } }).resize(width, height, { kernel: 'lanczos3' }).png().toBuffer();
}

/** The view: a photo-like rendering of the same elevation (material colours with noise). */
async function viewJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [r, g, b] = MATERIALS[materialAt((x + 0.5) / W, (y + 0.5) / H)].rgb;
      const n = ((x * 7 + y * 13) % 21) - 10;
      raw.set([r + n, g + n, b + n].map((c) => Math.max(0, Math.min(255, c))), (y * W + x) * 3);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

function upload(t: TestApp, user: ImagesTestUser, view: Buffer, idPass: { data: Buffer; contentType?: string } | null, materials?: string) {
  const parts: MultipartPart[] = [{ name: 'file', filename: 'elevation.jpg', contentType: 'image/jpeg', data: view }];
  if (idPass) parts.push({ name: 'idPass', filename: 'elevation-id.png', contentType: idPass.contentType ?? 'image/png', data: idPass.data });
  if (materials !== undefined) parts.push({ name: 'materials', value: materials });
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/images/upload-input', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

let t: TestApp;
let ada: ImagesTestUser;
let view: Buffer;
const mapJson = JSON.stringify(Object.fromEntries(MATERIALS.filter((m) => m.name).map((m) => [m.colour, m.name])));

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createImagesUser(t.app);
  view = await viewJpeg();
}, 60_000);
afterAll(() => t?.close());

describe('upload with an ID pass', () => {
  it('creates the image with one region per material colour, masks matching the pass, names from the map', async () => {
    // Half the view's size: the pass is resized to the view.
    const res = await upload(t, ada, view, { data: await idPassPng(W / 2, H / 2) }, mapJson);
    expect(res.statusCode, res.body).toBe(201);
    const input = res.json<InputImage>();
    const masks = await t.app.inject({ method: 'GET', url: `/api/masks/${input.id}`, headers: ada.headers });
    const data = masks.json<GetMasksResponse>().data;
    expect(data.maskStatus).toBe('completed');
    expect(data.maskRegions).toHaveLength(5);
    // The unnamed colour is "Material N" (by position) and has no text, so Create leaves it alone.
    const paving = data.maskRegions.find((r) => !['Brick', 'Glazing', 'Oak door', 'Sky'].includes(r.label))!;
    expect(paving.label).toBe(`Material ${paving.position + 1}`);
    expect(paving.customText).toBeNull();
    expect(data.maskRegions.map((r) => r.label).sort()).toEqual(['Brick', 'Glazing', paving.label, 'Oak door', 'Sky'].sort());
    for (const region of data.maskRegions) if (region !== paving) expect(region.customText).toBe(region.label);

    const claimed = new Uint8Array(W * H);
    for (const region of data.maskRegions) {
      const file = await t.app.inject({ method: 'GET', url: region.maskUrl });
      const { data: px, width, height } = await maskPixels(file.rawPayload);
      expect([width, height]).toEqual([W, H]);
      const m = MATERIALS.findIndex((mat) => (mat.name ?? paving.label) === region.label);
      let inter = 0;
      let union = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const want = materialAt((x + 0.5) / W, (y + 0.5) / H) === m;
          const got = px[y * W + x] > 127;
          if (got) claimed[y * W + x]++;
          if (want && got) inter++;
          if (want || got) union++;
        }
      expect(inter / union, `${region.label} IoU`).toBeGreaterThanOrEqual(0.98);
      expect(region.area).toBeCloseTo(inter / (W * H), 1);
    }
    // Every pixel in exactly one region.
    expect(claimed.every((c) => c === 1)).toBe(true);
    // The region's mean colour is the view's (brick is red), not the ID colour.
    const brick = data.maskRegions.find((r) => r.label === 'Brick')!;
    const [r, g] = [parseInt(brick.averageColor.slice(1, 3), 16), parseInt(brick.averageColor.slice(3, 5), 16)];
    expect(r - g).toBeGreaterThan(80);
  });

  it('folds a colour under 0.2 % of the image into its neighbour', async () => {
    const pass = await sharp(await idPassPng(W, H))
      .composite([{ input: { create: { width: 6, height: 6, channels: 3, background: '#00ff00' } }, left: 200, top: 150 }])
      .png()
      .toBuffer();
    const res = await upload(t, ada, view, { data: pass }, mapJson);
    expect(res.statusCode, res.body).toBe(201);
    const data = (await t.app.inject({ method: 'GET', url: `/api/masks/${res.json<InputImage>().id}`, headers: ada.headers })).json<GetMasksResponse>().data;
    expect(data.maskRegions).toHaveLength(5);
  });
});

describe('refusals store nothing', () => {
  let refused: ImagesTestUser;
  beforeAll(async () => {
    refused = await createImagesUser(t.app, 'Refused Rita');
  });

  async function expectRefused(res: Awaited<ReturnType<typeof upload>>, field: string, message: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    expect(await countInputImages(t.app, refused.id)).toBe(0);
    expect(storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${refused.id}/`))).toEqual([]);
  }

  it('an ID pass that is not a PNG', async () => {
    const jpeg = await sharp(await idPassPng(W, H)).jpeg().toBuffer();
    await expectRefused(await upload(t, refused, view, { data: jpeg, contentType: 'image/png' }, mapJson), 'idPass', MASK_MESSAGES.idPassNotPng);
  });

  it('an ID pass whose aspect differs by more than 1 %', async () => {
    const wide = await sharp(await idPassPng(W, H)).resize(W, Math.round(H * 0.97), { fit: 'fill' }).png().toBuffer();
    await expectRefused(await upload(t, refused, view, { data: wide }, mapJson), 'idPass', MASK_MESSAGES.idPassAspect);
  });

  it('a truncated PNG', async () => {
    const png = await idPassPng(W, H);
    await expectRefused(await upload(t, refused, view, { data: png.subarray(0, 200) }, mapJson), 'idPass', MASK_MESSAGES.idPassUnreadable);
  });

  it('materials that are not an object of #rrggbb → name', async () => {
    const pass = { data: await idPassPng(W, H) };
    for (const bad of ['not json', '["Brick"]', '{"c8553d": "Brick"}', '{"#c8553d": 7}', '{"#c8553d": "  "}', 'null']) {
      await expectRefused(await upload(t, refused, view, pass, bad), 'materials', MASK_MESSAGES.materialsInvalid);
    }
  });

  it('materials without an ID pass', async () => {
    await expectRefused(await upload(t, refused, view, null, mapJson), 'materials', MASK_MESSAGES.materialsWithoutIdPass);
  });
});
