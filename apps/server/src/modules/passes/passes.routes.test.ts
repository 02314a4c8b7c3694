import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS_MESSAGES, type CreatedApiKey, type InputImage, type InputImagePassesResponse, type PushedView } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { inputImagePasses, inputImages } from '../../db/schema/index.js';
import { cleanupDeletedFiles } from '../images/index.js';
import { countInputImages, createImagesUser, makePng, multipartBody, storedFiles, type ImagesTestUser, type MultipartPart } from '../images/images.test-helpers.js';
import { encodePng16 } from './png16.js';

/**
 * Issue 31 part 1: a view's depth and normal passes, sent with POST /plugins/views or
 * /images/upload-input, stored with the input image and listed by GET …/passes; every
 * refusal is a 400 naming the field, and nothing is stored.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/exr');
const W = 48;
const H = 32;

let t: TestApp;
let ada: ImagesTestUser;
let key: string;
let view: Buffer;

/** A 16-bit grey PNG whose value at (x, y) is `f(x, y)`. */
const depthPng = (w: number, h: number, f: (x: number, y: number) => number) => {
  const v = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) v[y * w + x] = f(x, y);
  return encodePng16(w, h, 1, v);
};
/** A box's corner seen from the front: left half faces left-front, right half right-front; the top quarter is sky (no surface). */
const normalAt = (x: number, y: number, w: number, h: number): [number, number, number] =>
  y < h / 4 ? [0, 0, 0] : x < w / 2 ? [-Math.SQRT1_2, 0, Math.SQRT1_2] : [Math.SQRT1_2, 0, Math.SQRT1_2];
const normalPng8 = (w: number, h: number) =>
  makePng(w, h, (x, y) => normalAt(x, y, w, h).map((c) => Math.round(((c + 1) / 2) * 255)) as [number, number, number]);
const normalPng16 = (w: number, h: number) => {
  const v = new Uint16Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) normalAt(x, y, w, h).forEach((c, i) => (v[(y * w + x) * 3 + i] = Math.round(((c + 1) / 2) * 65535)));
  return encodePng16(w, h, 3, v);
};
const file = (name: string, data: Buffer, filename = `${name}.png`, contentType = 'image/png'): MultipartPart => ({ name, filename, contentType, data });

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createImagesUser(t.app);
  const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: ada.headers, payload: { name: 'Blender' } });
  key = created.json<CreatedApiKey>().key;
  view = await makePng(W, H, (x, y) => [100 + x, 80 + y, 60]);
}, 60_000);
afterAll(() => t?.close());

function send(url: string, parts: MultipartPart[], headers: Record<string, string>) {
  const body = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const passesOf = async (user: ImagesTestUser, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/images/input-images/${id}/passes`, headers: user.headers });
const fetchRaw = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search });
  expect(res.statusCode).toBe(200);
  // sharp reads 16-bit PNGs at 16 bits only when told their colour space.
  const { channels } = await sharp(res.rawPayload).metadata();
  return sharp(res.rawPayload).toColourspace(channels === 1 ? 'grey16' : 'rgb16').raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
};
const u16 = (b: Buffer) => new Uint16Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));

describe('passes sent with a view', () => {
  it('a pushed view keeps its 16-bit depth (with depthNear/depthFar) and 8-bit normals, value for value', async () => {
    const depth = depthPng(W, H, (x, y) => x * 1000 + y * 10);
    const res = await send(
      '/api/plugins/views',
      [file('view', view), file('depth', depth), file('normal', await normalPng8(W, H)), { name: 'depthNear', value: '0.5' }, { name: 'depthFar', value: '120' }, { name: 'source', value: 'blender' }],
      { authorization: `Bearer ${key}` },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { inputImageId } = res.json<PushedView>();
    const list = await passesOf(ada, inputImageId);
    expect(list.statusCode).toBe(200);
    const { passes } = list.json<InputImagePassesResponse>();
    expect(passes.map((p) => [p.kind, p.sourceFormat, p.width, p.height, p.depthNear, p.depthFar])).toEqual([
      ['depth', 'png16', W, H, 0.5, 120],
      ['normal', 'png8', W, H, null, null],
    ]);
    const storedDepth = await fetchRaw(passes[0].dataUrl);
    expect(storedDepth.info.channels).toBe(1);
    expect(u16(storedDepth.data)[5 * W + 7]).toBe(7 * 1000 + 5 * 10);
    const storedNormal = await fetchRaw(passes[1].dataUrl);
    expect(storedNormal.info.channels).toBe(3);
    const n = u16(storedNormal.data);
    // An 8-bit value v is v × 257 in 16 bits: (−0.707, 0, 0.707) was sent as 37, 128, 218.
    const left = (20 * W + 3) * 3;
    expect([n[left], n[left + 1], n[left + 2]]).toEqual([37 * 257, 128 * 257, 218 * 257]);
    // The thumbnail is a small picture of it (depth: near is light).
    const thumb = await t.app.inject({ method: 'GET', url: new URL(passes[0].thumbnailUrl, 'http://x').pathname + new URL(passes[0].thumbnailUrl, 'http://x').search });
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('an upload takes 16-bit normals and a normalised depth (no near/far)', async () => {
    const res = await send('/api/images/upload-input', [file('file', view), file('depth', depthPng(W, H, (x) => x * 100)), file('normal', normalPng16(W, H))], ada.headers);
    expect(res.statusCode, res.body).toBe(201);
    const { passes } = (await passesOf(ada, res.json<InputImage>().id)).json<InputImagePassesResponse>();
    expect(passes.map((p) => [p.kind, p.sourceFormat, p.depthNear, p.depthFar])).toEqual([
      ['depth', 'png16', null, null],
      ['normal', 'png16', null, null],
    ]);
    const n = u16((await fetchRaw(passes[1].dataUrl)).data);
    const right = (20 * W + 40) * 3;
    expect(n[right]).toBe(Math.round(((Math.SQRT1_2 + 1) / 2) * 65535));
  });

  // Blender wrote these (test/fixtures/exr/make-fixtures.py): R = 0.5 + 0.25 x + 1.5 y metres, 12×8.
  it.each(['none-half', 'none-float', 'zip-half', 'zip-float', 'zips-half', 'zips-float'])('an OpenEXR depth in metres (%s)', async (name) => {
    const small = await makePng(12, 8, '#887766');
    const exr = fs.readFileSync(path.join(FIXTURES, `grad-${name}.exr`));
    const res = await send('/api/images/upload-input', [file('file', small), file('depth', exr, 'depth.exr', 'image/x-exr')], ada.headers);
    expect(res.statusCode, res.body).toBe(201);
    const [pass] = (await passesOf(ada, res.json<InputImage>().id)).json<InputImagePassesResponse>().passes;
    expect([pass.kind, pass.sourceFormat, pass.depthNear, pass.depthFar]).toEqual(['depth', 'exr', 0.5, 0.5 + 11 * 0.25 + 7 * 1.5]);
    const v = u16((await fetchRaw(pass.dataUrl)).data);
    const metres = (x: number, y: number) => pass.depthNear! + (v[y * 12 + x] / 65535) * (pass.depthFar! - pass.depthNear!);
    for (const [x, y] of [[0, 0], [3, 2], [11, 7], [6, 5]]) expect(metres(x, y)).toBeCloseTo(0.5 + 0.25 * x + 1.5 * y, 3);
  });

  it('the clean-up of a deleted input image removes its pass files too', async () => {
    const who = await createImagesUser(t.app, 'Clean Clara');
    const res = await send('/api/images/upload-input', [file('file', view), file('depth', depthPng(W, H, (x) => x * 100)), file('normal', normalPng16(W, H))], who.headers);
    expect(res.statusCode, res.body).toBe(201);
    const mine = () => storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${who.id}/`));
    expect(mine().filter((f) => /(depth|normal)(-preview|-thumb)?\.(png|webp)$/.test(f))).toHaveLength(6);
    await t.app.ctx.db.update(inputImages).set({ deletedAt: new Date(Date.now() - 60_000) }).where(eq(inputImages.id, res.json<InputImage>().id));
    await cleanupDeletedFiles(t.app.ctx, new Date());
    expect(mine()).toEqual([]);
  });

  it("keeps the camera's field of view with the passes, and splits an ID-pass region where the normals turn (issue 31 part 2)", async () => {
    const idPass = await makePng(W, H, '#aa3311');
    const res = await send(
      '/api/plugins/views',
      [
        file('view', view),
        file('idPass', idPass),
        { name: 'materials', value: JSON.stringify({ '#aa3311': 'Brick' }) },
        file('normal', normalPng16(W, H)),
        file('depth', depthPng(W, H, (x) => 1000 + x * 10)),
        { name: 'depthNear', value: '2' },
        { name: 'depthFar', value: '30' },
        { name: 'fieldOfView', value: '62.5' },
      ],
      { authorization: `Bearer ${key}` },
    );
    expect(res.statusCode, res.body).toBe(201);
    const pushed = res.json<PushedView>();
    const { passes } = (await passesOf(ada, pushed.inputImageId)).json<InputImagePassesResponse>();
    expect(passes.map((p) => p.fieldOfView)).toEqual([62.5, 62.5]);
    // One material, two faces: two regions of it, each about half the view (the sky's pixels join the face below them).
    expect(pushed.regions.map((r) => r.name).sort()).toEqual(['Brick', 'Brick']);
    const masks = await t.app.inject({ method: 'GET', url: `/api/masks/${pushed.inputImageId}`, headers: ada.headers });
    const regions = masks.json().data.maskRegions as Array<{ label: string; customText: string; maskUrl: string; area: number }>;
    expect(regions.map((r) => `${r.label}: ${r.customText}`).sort()).toEqual(['Brick (2): Brick', 'Brick: Brick']);
    for (const r of regions) {
      expect(r.area).toBeCloseTo(0.5, 1);
      const png = await t.app.inject({ method: 'GET', url: r.maskUrl });
      const { data, info } = await sharp(png.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
      const inLeft = [...Array(W * H).keys()].filter((i) => data[i * info.channels] > 127 && i % W < W / 2).length;
      const all = [...Array(W * H).keys()].filter((i) => data[i * info.channels] > 127).length;
      // Each region is one face: all of it on one side of the corner.
      expect([0, all]).toContain(inLeft);
    }
    // Each region knows its plane from the passes: a wall whose courses run to its own side's vanishing point.
    const geometry = await t.app.inject({ method: 'GET', url: `/api/masks/${pushed.inputImageId}/geometry`, headers: ada.headers });
    expect(geometry.statusCode, geometry.body).toBe(200);
    const planes = geometry.json().data.regions as Array<{ label: string; kind: string; source: string; confidence: number; vanishing: Array<{ x: number; w: number }> }>;
    expect(planes.map((p) => [p.kind, p.source, p.confidence])).toEqual([
      ['wall', 'passes', 1],
      ['wall', 'passes', 1],
    ]);
    const courses = planes.map((p) => p.vanishing[0].x / p.vanishing[0].w).sort((a, b) => a - b);
    expect(courses[0]).toBeLessThan(0);
    expect(courses[1]).toBeGreaterThan(W);
  });

  it("another account cannot list them (404)", async () => {
    const res = await send('/api/images/upload-input', [file('file', view), file('depth', depthPng(W, H, (x) => x * 100))], ada.headers);
    const eve = await createImagesUser(t.app, 'Eve');
    expect((await passesOf(eve, res.json<InputImage>().id)).statusCode).toBe(404);
  });
});

describe('refuses a wrong pass, storing nothing', () => {
  let ralph: ImagesTestUser;
  beforeAll(async () => {
    ralph = await createImagesUser(t.app, 'Refused Ralph');
  });

  async function expectRefused(url: string, parts: MultipartPart[], field: string, message: string | RegExp) {
    const first = url.endsWith('/views') ? file('view', view) : file('file', view);
    const res = await send(url, [first, ...parts], ralph.headers);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.field).toBe(field);
    expect(body.code).toBe('VALIDATION_ERROR');
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await countInputImages(t.app, ralph.id)).toBe(0);
    const [{ n }] = await t.app.ctx.db.select({ n: count() }).from(inputImagePasses).where(eq(inputImagePasses.userId, ralph.id));
    expect(Number(n)).toBe(0);
    expect(storedFiles(t.dataDir).filter((f) => f.startsWith(`u/${ralph.id}/`))).toEqual([]);
  }
  const exr = (name: string) => file('depth', fs.readFileSync(path.join(FIXTURES, `grad-${name}.exr`)), 'd.exr', 'image/x-exr');
  const VIEWS = '/api/plugins/views';
  const UPLOAD = '/api/images/upload-input';

  it('an 8-bit depth PNG', async () => expectRefused(VIEWS, [file('depth', await makePng(W, H, '#808080'))], 'depth', PASS_MESSAGES.depthBitDepth));
  it('a depth of another size', () => expectRefused(VIEWS, [file('depth', depthPng(W, H - 1, (x) => x))], 'depth', PASS_MESSAGES.depthSize(W, H - 1, W, H)));
  it('a depth that is a JPEG', async () =>
    expectRefused(UPLOAD, [file('depth', await sharp(view).jpeg().toBuffer(), 'd.jpg', 'image/jpeg')], 'depth', PASS_MESSAGES.depthFormat));
  it('a depth of one value everywhere', () => expectRefused(UPLOAD, [file('depth', depthPng(W, H, () => 4000))], 'depth', PASS_MESSAGES.depthRange));
  it('a 16-bit RGB depth', () => expectRefused(UPLOAD, [file('depth', normalPng16(W, H))], 'depth', PASS_MESSAGES.depthChannels));
  it('depthFar not beyond depthNear', () =>
    expectRefused(VIEWS, [file('depth', depthPng(W, H, (x) => x)), { name: 'depthNear', value: '10' }, { name: 'depthFar', value: '10' }], 'depthFar', PASS_MESSAGES.depthNearFar));
  it('depthNear without depthFar', () =>
    expectRefused(VIEWS, [file('depth', depthPng(W, H, (x) => x)), { name: 'depthNear', value: '1' }], 'depthFar', PASS_MESSAGES.depthNearFar));
  it('a negative depthNear', () =>
    expectRefused(VIEWS, [file('depth', depthPng(W, H, (x) => x)), { name: 'depthNear', value: '-1' }, { name: 'depthFar', value: '5' }], 'depthNear', PASS_MESSAGES.depthNearFar));
  it('depthNear/depthFar without a depth', () =>
    expectRefused(UPLOAD, [{ name: 'depthNear', value: '1' }, { name: 'depthFar', value: '5' }], 'depthNear', PASS_MESSAGES.depthNearFarWithoutDepth));
  it('an OpenEXR depth with depthNear/depthFar', async () => {
    const small = await makePng(12, 8, '#887766');
    const res = await send(UPLOAD, [file('file', small), exr('zip-half'), { name: 'depthNear', value: '1' }, { name: 'depthFar', value: '5' }], ralph.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'depthNear', message: PASS_MESSAGES.depthNearFarExr });
    expect(await countInputImages(t.app, ralph.id)).toBe(0);
  });
  it('a PIZ-compressed OpenEXR', () => expectRefused(UPLOAD, [exr('piz-half')], 'depth', PASS_MESSAGES.depthExr('its compression is PIZ; send it uncompressed, ZIP or ZIPS')));
  it('an RLE-compressed OpenEXR', () => expectRefused(VIEWS, [exr('rle-half')], 'depth', /compression is RLE/));
  it('an OpenEXR of another size', () => expectRefused(VIEWS, [exr('zip-float')], 'depth', PASS_MESSAGES.depthSize(12, 8, W, H)));
  it('an OpenEXR cut short', () => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'grad-zip-float.exr'));
    return expectRefused(VIEWS, [file('depth', bytes.subarray(0, bytes.length - 40), 'd.exr')], 'depth', /depth is an OpenEXR this server cannot read/);
  });
  it('normals in a greyscale PNG', () => expectRefused(VIEWS, [file('normal', depthPng(W, H, (x) => x * 500))], 'normal', PASS_MESSAGES.normalFormat));
  it('normals of another size', async () => expectRefused(UPLOAD, [file('normal', await normalPng8(W + 2, H))], 'normal', PASS_MESSAGES.normalSize(W + 2, H, W, H)));
  it('a photo sent as normals (not unit vectors)', () => expectRefused(VIEWS, [file('normal', view)], 'normal', PASS_MESSAGES.normalRange));
  it('a field of view of 180° or more', () =>
    expectRefused(VIEWS, [file('normal', normalPng16(W, H)), { name: 'fieldOfView', value: '180' }], 'fieldOfView', PASS_MESSAGES.fieldOfView));
  it('a field of view that is not a number', () =>
    expectRefused(UPLOAD, [file('normal', normalPng16(W, H)), { name: 'fieldOfView', value: 'wide' }], 'fieldOfView', PASS_MESSAGES.fieldOfView));
  it('a field of view without a pass', () => expectRefused(VIEWS, [{ name: 'fieldOfView', value: '40' }], 'fieldOfView', PASS_MESSAGES.fieldOfViewWithoutPasses));
  it('a good depth with bad normals stores neither', async () =>
    expectRefused(VIEWS, [file('depth', depthPng(W, H, (x) => x * 100)), file('normal', view)], 'normal', PASS_MESSAGES.normalRange));
});
