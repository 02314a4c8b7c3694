import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { inputImages } from '../../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, MASK_MESSAGES, PLUGIN_MESSAGES, type CreatedApiKey, type InputImagesResponse, type PushedView } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { countInputImages, createImagesUser, makePng, multipartBody, storedFiles, type ImagesTestUser, type MultipartPart } from '../images/images.test-helpers.js';

/** POST /api/plugins/views: a plugin pushes a view with its ID pass; every refusal stores nothing. */

const W = 240;
const H = 160;
// Three materials in bands: sky, brick wall, paving.
const band = (y: number): [number, number, number] => (y < H / 3 ? [0xd9, 0xe7, 0xf2] : y < (H * 5) / 6 ? [0xc8, 0x55, 0x3d] : [0x6b, 0x6b, 0x6b]);
const MATERIALS = JSON.stringify({ '#d9e7f2': 'Sky', '#c8553d': 'Hand-made brick', '#6b6b6b': 'Granite paving' });

let t: TestApp;
let ada: ImagesTestUser;
let key: string;
let view: Buffer;
let idPass: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false', PUBLIC_URL: 'https://atelier.example.com' } });
  ada = await createImagesUser(t.app);
  const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: ada.headers, payload: { name: 'SketchUp' } });
  key = created.json<CreatedApiKey>().key;
  view = await makePng(W, H, (x, y) => band(y).map((c) => Math.max(0, Math.min(255, c + ((x * 7 + y * 3) % 11) - 5))) as [number, number, number]);
  idPass = await makePng(W, H, (_x, y) => band(y));
}, 60_000);
afterAll(() => t?.close());

function push(parts: MultipartPart[], headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/plugins/views', headers: { ...headers, ...body.headers }, payload: body.payload });
}
const viewPart = (data = view, filename = 'camera-01.png'): MultipartPart => ({ name: 'view', filename, contentType: 'image/png', data });
const idPassPart = (data = idPass): MultipartPart => ({ name: 'idPass', filename: 'ids.png', contentType: 'image/png', data });

describe('push a view', () => {
  it('stores the view with named regions and answers the deep link into Create', async () => {
    const res = await push([
      viewPart(),
      idPassPart(),
      { name: 'materials', value: MATERIALS },
      { name: 'source', value: 'sketchup' },
      { name: 'name', value: 'Camera 01 – south elevation' },
      { name: 'prompt', value: 'Warm evening light, wet paving' },
      { name: 'set', value: '  Riverside – scheme B ' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const pushed = res.json<PushedView>();
    expect(pushed.url).toBe(`https://atelier.example.com/create?imageId=${pushed.inputImageId}&source=sketchup&showMasks=true`);
    expect(pushed.set).toBe('Riverside – scheme B');
    expect(pushed.regions.map((r) => r.name).sort()).toEqual(['Granite paving', 'Hand-made brick', 'Sky']);
    const brick = pushed.regions.find((r) => r.name === 'Hand-made brick')!;
    expect(brick.area).toBeCloseTo(0.5, 1);

    const list = await t.app.inject({ method: 'GET', url: '/api/images/input-images', headers: ada.headers });
    const stored = list.json<InputImagesResponse>().inputImages.find((i) => i.id === pushed.inputImageId)!;
    expect(stored.fileName).toBe('Camera 01 – south elevation');
    expect(stored.generatedPrompt).toBe('Warm evening light, wet paving');
    expect(stored.uploadSource).toBe('CREATE_MODULE');
    const [row] = await t.app.ctx.db.select({ viewSet: inputImages.viewSet }).from(inputImages).where(eq(inputImages.id, pushed.inputImageId));
    expect(row.viewSet).toBe('Riverside – scheme B');
    // The regions are the masks Create shows.
    const masks = await t.app.inject({ method: 'GET', url: `/api/masks/${pushed.inputImageId}`, headers: ada.headers });
    expect(masks.json().data.maskRegions.map((r: { customText: string }) => r.customText).sort()).toEqual(['Granite paving', 'Hand-made brick', 'Sky']);
  });

  it('takes a plain view with the defaults: source webhook, no regions, the file name', async () => {
    const jpeg = await sharp(view).jpeg().toBuffer();
    const res = await push([{ name: 'view', filename: 'Level 2 plan.jpg', contentType: 'image/jpeg', data: jpeg }]);
    expect(res.statusCode, res.body).toBe(201);
    const pushed = res.json<PushedView>();
    expect(pushed.regions).toEqual([]);
    expect(pushed.set).toBeNull();
    expect(new URL(pushed.url).searchParams.get('source')).toBe('webhook');
  });

  it('accepts a session token as well as a key, and refuses neither (401)', async () => {
    expect((await push([viewPart()], ada.headers)).statusCode).toBe(201);
    expect((await push([viewPart()], {})).statusCode).toBe(401);
    expect((await push([viewPart()], { authorization: 'Bearer atl_notAKeyAtAll' })).statusCode).toBe(401);
  });
});

describe('refuses a bad view, storing nothing', () => {
  let refused: ImagesTestUser;
  let refusedKey: string;
  beforeAll(async () => {
    refused = await createImagesUser(t.app, 'Refused Ralph');
    const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: refused.headers, payload: { name: 'Rhino' } });
    refusedKey = created.json<CreatedApiKey>().key;
  });

  async function expectRefused(parts: MultipartPart[], status: number, field: string | null, message: string | RegExp) {
    const res = await push(parts, { authorization: `Bearer ${refusedKey}` });
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    if (field) expect(body.field).toBe(field);
    expect(await countInputImages(t.app, refused.id)).toBe(0);
    expect(storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${refused.id}/`))).toEqual([]);
  }

  it('no view', () => expectRefused([{ name: 'source', value: 'revit' }], 400, 'view', PLUGIN_MESSAGES.viewMissing));
  it('the image in another field', () =>
    expectRefused([{ name: 'file', filename: 'v.png', contentType: 'image/png', data: view }], 400, 'file', /send the view in "view"/));
  it('an unknown source', () => expectRefused([viewPart(), { name: 'source', value: 'autocad' }], 400, 'source', PLUGIN_MESSAGES.viewSource));
  it('a name over 120 characters', () => expectRefused([viewPart(), { name: 'name', value: 'x'.repeat(121) }], 400, 'name', PLUGIN_MESSAGES.viewName));
  it('a prompt over 2000 characters', () => expectRefused([viewPart(), { name: 'prompt', value: 'x'.repeat(2001) }], 400, 'prompt', PLUGIN_MESSAGES.viewPrompt));
  it('a set name over 120 characters', () => expectRefused([viewPart(), { name: 'set', value: 'x'.repeat(121) }], 400, 'set', 'set must be at most 120 characters'));
  it('materials without an ID pass', () =>
    expectRefused([viewPart(), { name: 'materials', value: MATERIALS }], 400, 'materials', MASK_MESSAGES.materialsWithoutIdPass));
  it('materials that are not a JSON map', () =>
    expectRefused([viewPart(), idPassPart(), { name: 'materials', value: '["Brick"]' }], 400, 'materials', MASK_MESSAGES.materialsInvalid));
  it('an ID pass that is not a PNG', async () =>
    expectRefused([viewPart(), idPassPart(await sharp(idPass).jpeg().toBuffer())], 400, 'idPass', MASK_MESSAGES.idPassNotPng));
  it('an ID pass of another aspect', async () =>
    expectRefused([viewPart(), idPassPart(await makePng(W, H / 2, '#c8553d'))], 400, 'idPass', MASK_MESSAGES.idPassAspect));
  it('a view that is not an image (415)', () =>
    expectRefused([viewPart(Buffer.from('not a picture'), 'notes.png')], 415, null, IMAGE_MESSAGES.unsupportedType));
});
