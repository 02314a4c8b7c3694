import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_MESSAGES, maskColor, type GetMasksResponse, type MaskRegionResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { inputImages, maskGenerations } from '../../db/schema/index.js';
import { call, createInput, createPlainUser, createRegions, createSubscribedUser, type GenUser } from './masks.test-helpers.js';

/**
 * The /api/masks calls through the real app on a real database, with the job workers off (the
 * segmentation job is tested in masks.job.test.ts): what each call answers and stores, and that
 * every call refuses another user's ids with 404 and bad input with 400 naming the field.
 */

let t: TestApp;
let ada: GenUser;
let bob: GenUser;
let adaInput: number;
let bobInput: number;
let adaMasks: Awaited<ReturnType<typeof createRegions>>;
let bobMasks: Awaited<ReturnType<typeof createRegions>>;

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createSubscribedUser(t.app);
  bob = await createSubscribedUser(t.app);
  adaInput = (await createInput(t.app, ada.id)).id;
  bobInput = (await createInput(t.app, bob.id)).id;
  adaMasks = await createRegions(t.app, ada.id, adaInput);
  bobMasks = await createRegions(t.app, bob.id, bobInput);
}, 60_000);
afterAll(() => t?.close());

const wall = () => adaMasks[0];

describe('POST /api/masks/generate', () => {
  it('starts a generation from the stored image: processing, one job, however often it is asked', async () => {
    const input = (await createInput(t.app, ada.id)).id;
    const first = await call(t.app, ada, 'POST', '/api/masks/generate', {
      inputImageId: input,
      imageUrl: 'http://169.254.169.254/latest/meta-data',
      callbackUrl: 'http://attacker.example/callback',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { inputImageId: input, status: 'processing' } });
    const [row] = await t.app.ctx.db.select().from(maskGenerations).where(eq(maskGenerations.inputImageId, input));
    expect(row).toMatchObject({ status: 'processing', userId: ada.id });
    expect(row.jobId).toBeTruthy();

    const again = await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId: String(input) });
    expect(again.statusCode).toBe(200);
    const [same] = await t.app.ctx.db.select().from(maskGenerations).where(eq(maskGenerations.inputImageId, input));
    expect(same.jobId).toBe(row.jobId);

    const read = await call(t.app, ada, 'GET', `/api/masks/${input}`);
    expect(read.json<GetMasksResponse>().data).toMatchObject({ maskStatus: 'processing', maskRegions: [] });
  });

  it("answers 404 for another user's image and for a deleted one, 401 without a session, 403 without a plan", async () => {
    expect((await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId: bobInput })).statusCode).toBe(404);
    const gone = (await createInput(t.app, ada.id)).id;
    await t.app.ctx.db.update(inputImages).set({ deletedAt: new Date() }).where(eq(inputImages.id, gone));
    expect((await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId: gone })).statusCode).toBe(404);
    expect((await call(t.app, null, 'POST', '/api/masks/generate', { inputImageId: adaInput })).statusCode).toBe(401);
    const free = await createPlainUser(t.app);
    const freeInput = (await createInput(t.app, free.id)).id;
    const refused = await call(t.app, free, 'POST', '/api/masks/generate', { inputImageId: freeInput });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MASK_MESSAGES.planRequired, code: 'PLAN_REQUIRED' });
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const body of [{}, { inputImageId: 'abc' }, { inputImageId: 0 }, { inputImageId: 1.5 }, { inputImageId: 99_999_999_999 }]) {
      const res = await call(t.app, ada, 'POST', '/api/masks/generate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'inputImageId' });
    }
    const url = await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId: adaInput, imageUrl: 42 });
    expect(url.statusCode).toBe(400);
    expect(url.json().field).toBe('imageUrl');
    for (const renderType of ['indoor', 7, '']) {
      const res = await call(t.app, ada, 'POST', '/api/masks/generate', { inputImageId: adaInput, renderType });
      expect(res.statusCode, String(renderType)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'renderType', message: 'renderType must be one of exterior, interior, aerial, elevation' });
    }
  });
});

describe('GET /api/masks/:inputImageId', () => {
  it('lists the regions largest first with signed mask URLs, colours and the completed status', async () => {
    const res = await call(t.app, ada, 'GET', `/api/masks/${adaInput}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<GetMasksResponse>();
    expect(data.maskStatus).toBe('completed');
    expect(data.error).toBeNull();
    expect(data.maskRegions.map((r) => r.label)).toEqual(['facade', 'sky', 'ground']);
    expect(data.maskRegions.map((r) => r.color)).toEqual([maskColor(0), maskColor(1), maskColor(2)]);
    expect(data.maskRegions[0]).toMatchObject({
      id: wall().id,
      isVisible: true,
      customText: null,
      materialOption: null,
      customizationOption: null,
      subCategory: null,
    });
    const file = await t.app.inject({ method: 'GET', url: data.maskRegions[0].maskUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('says none for an image that never had regions', async () => {
    const input = (await createInput(t.app, ada.id)).id;
    const res = await call(t.app, ada, 'GET', `/api/masks/${input}`);
    expect(res.json<GetMasksResponse>().data).toMatchObject({ maskStatus: 'none', maskRegions: [], error: null });
  });

  it("answers 404 for another user's image, 400 for a bad id, 401 without a session", async () => {
    expect((await call(t.app, ada, 'GET', `/api/masks/${bobInput}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', '/api/masks/abc')).statusCode).toBe(400);
    expect((await call(t.app, ada, 'GET', '/api/masks/0')).statusCode).toBe(400);
    expect((await call(t.app, null, 'GET', `/api/masks/${adaInput}`)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/masks/:maskId/style', () => {
  it('sets a material with its own category, keeps fields left out, clears with null and with DELETE', async () => {
    const put = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/style`, { materialOptionId: 'walls-brick-red-running-bond', customText: '  old brick  ' });
    expect(put.statusCode).toBe(200);
    const region = put.json<MaskRegionResponse>().data;
    expect(region.materialOption).toMatchObject({ id: 'walls-brick-red-running-bond', displayName: 'Red Brick, Running Bond', category: 'walls', subCategory: 'brick' });
    expect(region.materialOption?.thumbnailUrl).toMatch(/^\/api\/customization\/swatches\/walls-brick-red-running-bond\.webp/);
    expect(region.subCategory).toEqual({ id: 'walls-brick', slug: 'brick', displayName: 'Brick' });
    expect(region.customText).toBe('old brick');

    const option = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/style`, { customizationOptionId: 'style-brutalist' });
    expect(option.json<MaskRegionResponse>().data).toMatchObject({
      materialOption: { id: 'walls-brick-red-running-bond' },
      customizationOption: { id: 'style-brutalist' },
      customText: 'old brick',
    });

    const cleared = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/style`, { customText: null, customizationOptionId: '' });
    expect(cleared.json<MaskRegionResponse>().data).toMatchObject({ customText: null, customizationOption: null, materialOption: { id: 'walls-brick-red-running-bond' } });

    const del = await call(t.app, ada, 'DELETE', `/api/masks/${wall().id}/style`);
    expect(del.statusCode).toBe(200);
    expect(del.json<MaskRegionResponse>().data).toMatchObject({ materialOption: null, customizationOption: null, subCategory: null, customText: null });
  });

  it('checks every id against the catalog (400 naming the field)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ materialOptionId: 'walls-brick-unobtainium' }, 'materialOptionId'],
      [{ materialOptionId: 'weather-fog' }, 'materialOptionId'],
      [{ customizationOptionId: 'nope' }, 'customizationOptionId'],
      [{ subCategoryId: 'walls-cheese' }, 'subCategoryId'],
      [{ materialOptionId: 'walls-brick-red-running-bond', subCategoryId: 'walls-wood' }, 'subCategoryId'],
      [{ customText: 'x'.repeat(1001) }, 'customText'],
      [{ customText: 12 }, 'customText'],
      [{ materialOptionId: { id: 1 } }, 'materialOptionId'],
    ];
    for (const [body, fieldName] of cases) {
      const res = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/style`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(fieldName);
    }
    const sub = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/style`, { subCategoryId: 'floors-wood' });
    expect(sub.json<MaskRegionResponse>().data.subCategory).toEqual({ id: 'floors-wood', slug: 'wood', displayName: 'Wood' });
  });

  it("answers 404 for another user's region and for a region of a deleted image, 400 for a bad id", async () => {
    expect((await call(t.app, ada, 'PUT', `/api/masks/${bobMasks[0].id}/style`, { customText: 'mine' })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', `/api/masks/${bobMasks[0].id}/style`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'PUT', '/api/masks/abc/style', { customText: 'x' })).statusCode).toBe(400);
    expect((await call(t.app, ada, 'DELETE', '/api/masks/-3/style')).statusCode).toBe(400);
    const input = (await createInput(t.app, ada.id)).id;
    const [m] = await createRegions(t.app, ada.id, input);
    await t.app.ctx.db.update(inputImages).set({ deletedAt: new Date() }).where(and(eq(inputImages.id, input), eq(inputImages.userId, ada.id)));
    const res = await call(t.app, ada, 'PUT', `/api/masks/${m.id}/style`, { customText: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MASK_MESSAGES.maskNotFound);
    const [bobWall] = (await call(t.app, bob, 'GET', `/api/masks/${bobInput}`)).json<GetMasksResponse>().data.maskRegions;
    expect(bobWall.customText).toBeNull();
  });
});

describe('PUT /api/masks/:maskId/visibility', () => {
  it('hides and shows a region', async () => {
    const sky = adaMasks[1];
    const hide = await call(t.app, ada, 'PUT', `/api/masks/${sky.id}/visibility`, { isVisible: false });
    expect(hide.statusCode).toBe(200);
    expect(hide.json<MaskRegionResponse>().data.isVisible).toBe(false);
    const list = (await call(t.app, ada, 'GET', `/api/masks/${adaInput}`)).json<GetMasksResponse>().data.maskRegions;
    expect(list.find((r) => r.id === sky.id)?.isVisible).toBe(false);
    const show = await call(t.app, ada, 'PUT', `/api/masks/${sky.id}/visibility`, { isVisible: true });
    expect(show.json<MaskRegionResponse>().data.isVisible).toBe(true);
  });

  it("refuses bad input with 400 and another user's region with 404", async () => {
    for (const body of [{}, { isVisible: 'yes' }, { isVisible: 1 }, { isVisible: null }]) {
      const res = await call(t.app, ada, 'PUT', `/api/masks/${wall().id}/visibility`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'isVisible', message: MASK_MESSAGES.isVisibleRequired });
    }
    expect((await call(t.app, ada, 'PUT', `/api/masks/${bobMasks[1].id}/visibility`, { isVisible: false })).statusCode).toBe(404);
    expect((await call(t.app, null, 'PUT', `/api/masks/${wall().id}/visibility`, { isVisible: false })).statusCode).toBe(401);
  });
});
