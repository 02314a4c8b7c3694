import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_MESSAGES, type GetMasksResponse, type MaskRegion, type MaskRegionResponse, type MaskRegionsResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { buildRenderWorkflow } from '../../engines/workflows/builders.js';
import type { EngineSettings } from '../../engines/engine.js';
import { multipartBody } from '../images/images.test-helpers.js';
import { readMasksForRender } from './masks.service.js';
import { call, createInput, createRegions, createSubscribedUser, maskPixels, maskPng, type GenUser } from './masks.test-helpers.js';

/**
 * The region corrections through the real app and database: paint/erase/rename, merge, split,
 * delete and add. Every call refuses another user's ids with 404 and bad input with 400 naming
 * the field, and after every edit no pixel belongs to two regions.
 */

const W = 160;
const H = 120;
let t: TestApp;
let ada: GenUser;
let bob: GenUser;
let bobMask: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createSubscribedUser(t.app);
  bob = await createSubscribedUser(t.app);
  const bobInput = (await createInput(t.app, bob.id)).id;
  bobMask = (await createRegions(t.app, bob.id, bobInput))[0].id;
}, 60_000);
afterAll(() => t?.close());

/** A fresh image of Ada's with three bands: facade (middle), sky (top third), ground (bottom sixth). */
async function freshImage() {
  const input = (await createInput(t.app, ada.id)).id;
  const [facade, sky, ground] = await createRegions(t.app, ada.id, input, W, H);
  return { input, facade: facade.id, sky: sky.id, ground: ground.id };
}

async function regionsOf(user: GenUser, input: number): Promise<MaskRegion[]> {
  return (await call(t.app, user, 'GET', `/api/masks/${input}`)).json<GetMasksResponse>().data.maskRegions;
}

/** Each region's pixels, and a check that no pixel is in two regions. */
async function pixelsOf(regions: MaskRegion[]): Promise<Map<number, Uint8Array>> {
  const owners = new Uint8Array(W * H);
  const out = new Map<number, Uint8Array>();
  for (const r of regions) {
    const file = await t.app.inject({ method: 'GET', url: r.maskUrl });
    const { data, width, height } = await maskPixels(file.rawPayload);
    expect([width, height]).toEqual([W, H]);
    const bits = new Uint8Array(W * H);
    for (let p = 0; p < W * H; p++)
      if (data[p] > 127) {
        bits[p] = 1;
        owners[p]++;
      }
    out.set(r.id, bits);
    expect(r.area).toBeCloseTo(bits.reduce((a, b) => a + b, 0) / (W * H), 3);
  }
  expect(Math.max(...owners), 'a pixel in two regions').toBeLessThanOrEqual(1);
  return out;
}

function putMask(user: GenUser, maskId: number, png: Buffer, name?: string) {
  const parts: Parameters<typeof multipartBody>[0] = [{ name: 'mask', filename: 'mask.png', contentType: 'image/png', data: png }];
  if (name !== undefined) parts.push({ name: 'name', value: name });
  const body = multipartBody(parts);
  return t.app.inject({ method: 'PUT', url: `/api/masks/${maskId}`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

function postRegion(user: GenUser, input: number, png: Buffer, name: string) {
  const body = multipartBody([
    { name: 'mask', filename: 'mask.png', contentType: 'image/png', data: png },
    { name: 'name', value: name },
  ]);
  return t.app.inject({ method: 'POST', url: `/api/masks/${input}/regions`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

const at = (x: number, y: number) => y * W + x;

describe('PUT /api/masks/{maskId}', () => {
  it('paints: the region takes the painted pixels and the sky loses them', async () => {
    const img = await freshImage();
    // The facade painted up into the sky on the left quarter.
    const painted = await maskPng(W, H, (x, y) => (y >= 40 && y < 100) || (x < 40 && y >= 20 && y < 40));
    const res = await putMask(ada, img.facade, painted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MaskRegionResponse>().data.area).toBeCloseTo((60 * W + 40 * 20) / (W * H), 3);
    const px = await pixelsOf(await regionsOf(ada, img.input));
    expect(px.get(img.facade)![at(10, 30)]).toBe(1);
    expect(px.get(img.sky)![at(10, 30)]).toBe(0);
    expect(px.get(img.sky)![at(100, 30)]).toBe(1);
  });

  it('erases: the erased pixels belong to no region', async () => {
    const img = await freshImage();
    const res = await putMask(ada, img.ground, await maskPng(W, H, (x, y) => y >= 100 && x >= 80));
    expect(res.statusCode, res.body).toBe(200);
    const px = await pixelsOf(await regionsOf(ada, img.input));
    expect([...px.values()].some((bits) => bits[at(10, 110)])).toBe(false);
  });

  it('renames, by JSON or with the mask; the text follows an untouched name', async () => {
    const img = await freshImage();
    const res = await call(t.app, ada, 'PUT', `/api/masks/${img.facade}`, { name: '  Red brick ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MaskRegionResponse>().data).toMatchObject({ label: 'Red brick', customText: 'Red brick' });
    const both = await putMask(ada, img.sky, await maskPng(W, H, (_x, y) => y < 30), 'Overcast sky');
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<MaskRegionResponse>().data.label).toBe('Overcast sky');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const img = await freshImage();
    const before = await regionsOf(ada, img.input);
    const cases: Array<[Promise<{ statusCode: number; json: () => { field?: string } }>, string]> = [
      [putMask(ada, img.facade, Buffer.from('not a png at all')), 'mask'],
      [putMask(ada, img.facade, await maskPng(80, 60, () => true)), 'mask'],
      [putMask(ada, img.facade, await maskPng(W, H, () => false)), 'mask'],
      [call(t.app, ada, 'PUT', `/api/masks/${img.facade}`, { name: '   ' }), 'name'],
      [call(t.app, ada, 'PUT', `/api/masks/${img.facade}`, { name: 'x'.repeat(101) }), 'name'],
      [call(t.app, ada, 'PUT', `/api/masks/${img.facade}`, {}), 'mask'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const after = await regionsOf(ada, img.input);
    expect(after.map((r) => [r.id, r.area, r.label])).toEqual(before.map((r) => [r.id, r.area, r.label]));
  });
});

describe('POST /api/masks/{inputImageId}/merge', () => {
  it('merges into the first id: one region with both areas, the other gone', async () => {
    const img = await freshImage();
    const res = await call(t.app, ada, 'POST', `/api/masks/${img.input}/merge`, { ids: [img.sky, img.ground] });
    expect(res.statusCode, res.body).toBe(200);
    const regions = res.json<MaskRegionsResponse>().data.maskRegions;
    expect(regions.map((r) => r.id).sort()).toEqual([img.facade, img.sky].sort());
    const px = await pixelsOf(regions);
    expect(px.get(img.sky)![at(5, 5)]).toBe(1);
    expect(px.get(img.sky)![at(5, 110)]).toBe(1);
    expect(regions.find((r) => r.id === img.sky)!.area).toBeCloseTo(0.5, 2);
  });

  it('refuses fewer than two ids, repeated ids, and ids of another image (400 ids)', async () => {
    const img = await freshImage();
    const other = await freshImage();
    for (const ids of [[img.sky], [img.sky, img.sky], [img.sky, other.ground], 'sky']) {
      const res = await call(t.app, ada, 'POST', `/api/masks/${img.input}/merge`, { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().field).toBe('ids');
    }
    expect(await regionsOf(ada, img.input)).toHaveLength(3);
  });
});

describe('POST /api/masks/{maskId}/split', () => {
  it('cuts a region in two along a drawn line; the new part keeps the name and style', async () => {
    const img = await freshImage();
    await call(t.app, ada, 'PUT', `/api/masks/${img.facade}`, { name: 'Brick' });
    // A short line in the middle: extended to the edges it cuts the facade into a left 40 % and a right 60 %.
    const res = await call(t.app, ada, 'POST', `/api/masks/${img.facade}/split`, { points: [{ x: 0.4, y: 0.45 }, { x: 0.4, y: 0.55 }] });
    expect(res.statusCode, res.body).toBe(200);
    const regions = res.json<MaskRegionsResponse>().data.maskRegions;
    expect(regions).toHaveLength(4);
    const added = regions.find((r) => ![img.facade, img.sky, img.ground].includes(r.id))!;
    expect(added.label).toBe('Brick');
    const px = await pixelsOf(regions);
    expect(px.get(img.facade)![at(120, 60)]).toBe(1);
    expect(px.get(added.id)![at(20, 60)]).toBe(1);
    expect(px.get(added.id)![at(20, 10)]).toBe(0);
    expect(regions.find((r) => r.id === img.facade)!.area + added.area).toBeCloseTo(0.5, 2);
  });

  it('refuses a line that misses the region and bad points (400 points)', async () => {
    const img = await freshImage();
    const misses = await call(t.app, ada, 'POST', `/api/masks/${img.facade}/split`, { points: [{ x: 0.1, y: 0.1 }, { x: 0.9, y: 0.1 }] });
    expect(misses.statusCode).toBe(400);
    expect(misses.json()).toMatchObject({ field: 'points', message: MASK_MESSAGES.splitMissed });
    for (const points of [[], [{ x: 0.5, y: 0.5 }], [{ x: 0.5, y: 2 }, { x: 0.5, y: 0.1 }], 'line']) {
      const res = await call(t.app, ada, 'POST', `/api/masks/${img.facade}/split`, { points });
      expect(res.statusCode, JSON.stringify(points)).toBe(400);
      expect(res.json().field).toMatch(/^points/);
    }
    expect(await regionsOf(ada, img.input)).toHaveLength(3);
  });
});

describe('DELETE /api/masks/{maskId} and POST /api/masks/{inputImageId}/regions', () => {
  it('deletes a region, and adds it back from its mask (undo)', async () => {
    const img = await freshImage();
    const del = await call(t.app, ada, 'DELETE', `/api/masks/${img.ground}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<MaskRegionsResponse>().data.maskRegions.map((r) => r.id)).not.toContain(img.ground);
    expect((await call(t.app, ada, 'DELETE', `/api/masks/${img.ground}`)).statusCode).toBe(404);
    // Back, drawn a little larger: it takes 10 rows from the facade.
    const back = await postRegion(ada, img.input, await maskPng(W, H, (_x, y) => y >= 90), 'Paving');
    expect(back.statusCode, back.body).toBe(200);
    const regions = back.json<MaskRegionsResponse>().data.maskRegions;
    expect(regions).toHaveLength(3);
    const paving = regions.find((r) => r.label === 'Paving')!;
    const px = await pixelsOf(regions);
    expect(px.get(paving.id)![at(50, 95)]).toBe(1);
    expect(px.get(img.facade)![at(50, 95)]).toBe(0);
  });
});

describe("another user's ids and no session", () => {
  it('answers 404 for every edit of a region or image that is not yours, 401 without a session', async () => {
    const img = await freshImage();
    const png = await maskPng(W, H, () => true);
    expect((await putMask(ada, bobMask, png)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'PUT', `/api/masks/${bobMask}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', `/api/masks/${bobMask}/split`, { points: [{ x: 0.5, y: 0 }, { x: 0.5, y: 1 }] })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', `/api/masks/${bobMask}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', `/api/masks/${img.input}/merge`, { ids: [img.sky, bobMask] })).statusCode).toBe(404);
    const bobInput = (await regionsOf(bob, (await t.app.ctx.db.query.maskRegions.findFirst({ where: (m, { eq }) => eq(m.id, bobMask) }))!.inputImageId))[0].inputImageId;
    expect((await call(t.app, ada, 'POST', `/api/masks/${bobInput}/merge`, { ids: [img.sky, img.ground] })).statusCode).toBe(404);
    expect((await postRegion(ada, bobInput, png, 'Mine')).statusCode).toBe(404);
    expect((await call(t.app, null, 'DELETE', `/api/masks/${img.sky}`)).statusCode).toBe(401);
    // Bob's regions are untouched.
    expect(await regionsOf(bob, bobInput)).toHaveLength(3);
  });
});

describe('renders use the corrected regions', () => {
  it('the masks a render reads after a correction are the corrected ones, and the GPU workflow loads exactly those', async () => {
    const img = await freshImage();
    const corrected = await maskPng(W, H, (x, y) => (y >= 40 && y < 100) || (x < 40 && y >= 20 && y < 40));
    expect((await putMask(ada, img.facade, corrected)).statusCode).toBe(200);
    const masks = await readMasksForRender(t.app.ctx, ada.id, img.input);
    const facade = masks.find((m) => m.id === img.facade)!;
    const bits = (await maskPixels(facade.mask)).data;
    expect(bits[at(10, 30)]).toBe(255);
    expect(bits[at(100, 30)]).toBe(0);
    const sky = (await maskPixels(masks.find((m) => m.id === img.sky)!.mask)).data;
    expect(sky[at(10, 30)]).toBe(0);

    const settings: EngineSettings = {
      seed: 7, model: 'realvisxlLightning.safetensors', cfgKsampler1: 7, stepsKsampler1: 20, denoiseKsampler1: 0.8, cannyStrength: 0.3,
      loraStrength: [1, 0.2], creativity: 7.5, expressivity: 3, resemblance: 3, upscale: 'No', style: 'No',
    };
    const job = buildRenderWorkflow({
      prefix: 'atelier-corrected',
      input: { data: Buffer.from('png'), width: W, height: H, ext: 'png' },
      prompt: 'a brick house',
      negativePrompt: 'blurry',
      regions: [{ mask: facade.mask, prompt: 'red brick walls' }],
      settings,
      models: { controlnet: 'cn.safetensors', lora: 'detail.safetensors', upscaleModel: 'x4.pth' },
    });
    const loaded = job.images.filter((i) => i.name.includes('region'));
    expect(loaded).toHaveLength(1);
    expect(loaded[0].data.equals(facade.mask)).toBe(true);
    expect(Object.values(job.workflow).filter((n) => n.class_type === 'ConditioningSetMask')).toHaveLength(1);
  });
});
