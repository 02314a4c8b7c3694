import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaskGeometryResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { call, createInput, createRegions, createSubscribedUser, type GenUser } from './masks.test-helpers.js';

/**
 * GET /api/masks/:inputImageId/geometry through the real app, database and engine worker pool,
 * on a Blender render of a brick terrace (512×384) with façade, sky and ground bands as regions.
 */

let t: TestApp;
let ada: GenUser;
let bob: GenUser;
let adaInput: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
  ada = await createSubscribedUser(t.app);
  bob = await createSubscribedUser(t.app);
  const jpg = await readFile(path.resolve(__dirname, '../../../test/fixtures/segmentation-eval/scene-brick-terrace.jpg'));
  adaInput = (await createInput(t.app, ada.id, jpg, 'terrace.jpg')).id;
  await createRegions(t.app, ada.id, adaInput, 512, 384);
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/masks/:inputImageId/geometry', () => {
  it("gives the façade band a plane from the photo's lines and the ground band the ground plane, with grids inside their regions", async () => {
    const res = await call(t.app, ada, 'GET', `/api/masks/${adaInput}/geometry`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<MaskGeometryResponse>();
    expect([data.width, data.height]).toEqual([512, 384]);
    expect(data.vanishingPoints.find((p) => p.role === 'vertical')).toMatchObject({ implied: false });
    expect(data.vanishingPoints.filter((p) => p.role === 'horizontal' && !p.implied).length).toBeGreaterThanOrEqual(1);
    // Sky has no plane; the façade (rows 128–320) and the ground (rows 320–384) do.
    expect(data.regions.map((r) => [r.label, r.kind]).sort()).toEqual([
      ['facade', 'wall'],
      ['ground', 'floor'],
    ]);
    const wall = data.regions.find((r) => r.kind === 'wall')!;
    expect(wall.source).toBe('lines');
    expect(wall.u.length).toBeGreaterThan(3);
    expect(wall.v.length).toBeGreaterThan(3);
    for (const line of [...wall.u, ...wall.v]) for (const [, y] of line) expect(y).toBeGreaterThanOrEqual(127);
    for (const line of [...wall.u, ...wall.v]) for (const [, y] of line) expect(y).toBeLessThanOrEqual(321);
    // The façade's lines of constant u (verticals) converge upward like the building's: the
    // vertical vanishing point is above the image (y < 0) and the plane's v point is the same.
    const vert = data.vanishingPoints.find((p) => p.role === 'vertical')!;
    expect(vert.y / vert.w).toBeLessThan(0);
    const [, pv] = wall.vanishing;
    expect(Math.abs(pv.x / pv.w - vert.x / vert.w)).toBeLessThan(1);
  });

  it("answers 404 for another user's image, 401 without a session and 400 for a bad id", async () => {
    expect((await call(t.app, bob, 'GET', `/api/masks/${adaInput}/geometry`)).statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', `/api/masks/${adaInput}/geometry`)).statusCode).toBe(401);
    expect((await call(t.app, ada, 'GET', '/api/masks/abc/geometry')).statusCode).toBe(400);
    expect((await call(t.app, ada, 'GET', '/api/masks/0/geometry')).statusCode).toBe(400);
  });

  it('answers an image without regions with its vanishing points and no planes', async () => {
    const jpg = await readFile(path.resolve(__dirname, '../../../test/fixtures/segmentation-eval/scene-glass-office.jpg'));
    const input = (await createInput(t.app, ada.id, jpg, 'office.jpg')).id;
    const res = await call(t.app, ada, 'GET', `/api/masks/${input}/geometry`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<MaskGeometryResponse>();
    expect(data.regions).toEqual([]);
    expect(data.vanishingPoints.length).toBeGreaterThanOrEqual(3);
  });
});
