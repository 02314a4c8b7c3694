import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLUGIN_MESSAGES, type CreatedApiKey } from '@atelier/contract';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createPlainUser, createSubscribedUser, listen, makePng, type GenUser } from '../src/modules/generation/generation.test-helpers.js';

/**
 * The `atelier` CLI (packages/cli), spawned through the workspace bin as a user runs it, against
 * this server listening on a port: push prints the deep link, render --wait downloads the
 * results, and refusals are the server's messages.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'node_modules/.bin/atelier');

let t: TestApp;
let baseUrl: string;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
  const band = (y: number): [number, number, number] => (y < 40 ? [0xd9, 0xe7, 0xf2] : y < 100 ? [0xc8, 0x55, 0x3d] : [0x6b, 0x6b, 0x6b]);
  fs.writeFileSync(path.join(work, 'view.png'), await makePng(180, 120, (x, y) => band(y).map((c) => c + ((x + y) % 5)) as [number, number, number]));
  fs.writeFileSync(path.join(work, 'ids.png'), await makePng(180, 120, (_x, y) => band(y)));
  fs.writeFileSync(path.join(work, 'materials.json'), JSON.stringify({ '#d9e7f2': 'Sky', '#c8553d': 'Red brick', '#6b6b6b': 'Basalt paving' }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function atelier(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(BIN, args, { cwd: work, env: { PATH: process.env.PATH, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function keyFor(user: GenUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name: 'CLI' } });
  return res.json<CreatedApiKey>().key;
}

describe('atelier CLI', { timeout: 90_000 }, () => {
  it('pushes a view with its ID pass and prints the deep link; render --wait downloads the results', async () => {
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    const env = { ATELIER_URL: baseUrl, ATELIER_KEY: await keyFor(ada) };
    const pushed = await atelier(
      ['push', 'view.png', '--id-pass', 'ids.png', '--materials', 'materials.json', '--source', 'sketchup', '--name', 'Camera 03'],
      env,
    );
    expect(pushed.code, pushed.stderr).toBe(0);
    const link = new URL(pushed.stdout.trim());
    expect(link.origin + link.pathname).toBe('http://localhost:3000/create');
    expect(link.searchParams.get('source')).toBe('sketchup');
    expect(link.searchParams.get('showMasks')).toBe('true');
    expect(pushed.stderr).toMatch(/with 3 regions: .*Red brick/);
    const imageId = link.searchParams.get('imageId')!;

    const out = path.join(work, 'renders');
    const rendered = await atelier(['render', imageId, '--variations', '2', '--wait', '--out', out], env);
    expect(rendered.code, rendered.stderr).toBe(0);
    const files = rendered.stdout.trim().split('\n');
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(path.dirname(file)).toBe(out);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeGreaterThan(0);
    }
  });

  it('explains a bad key, a missing plan, missing credits and a missing setting', async () => {
    const bad = await atelier(['push', 'view.png'], { ATELIER_URL: baseUrl, ATELIER_KEY: 'atl_revokedOrMistyped' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(PLUGIN_MESSAGES.keyInvalid);

    const noPlan = await createPlainUser(t.app);
    const noPlanEnv = { ATELIER_URL: baseUrl, ATELIER_KEY: await keyFor(noPlan) };
    const pushed = await atelier(['push', 'view.png'], noPlanEnv);
    expect(pushed.code, pushed.stderr).toBe(0);
    const id = new URL(pushed.stdout.trim()).searchParams.get('imageId')!;
    const refused = await atelier(['render', id], noPlanEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('An active subscription is required to generate images');
    expect(refused.stderr).toContain('Choose a plan');

    const poor = await createSubscribedUser(t.app, { credits: 1 });
    const poorEnv = { ATELIER_URL: baseUrl, ATELIER_KEY: await keyFor(poor) };
    const poorId = new URL((await atelier(['push', 'view.png'], poorEnv)).stdout.trim()).searchParams.get('imageId')!;
    const broke = await atelier(['render', poorId, '--variations', '4'], poorEnv);
    expect(broke.code).toBe(1);
    expect(broke.stderr).toContain('Not enough credits: this needs 4 and your balance is 1');

    const unset = await atelier(['push', 'view.png'], { ATELIER_KEY: 'atl_x' });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('ATELIER_URL is not set');
    const missing = await atelier(['push', 'nope.png'], poorEnv);
    expect(missing.stderr).toContain('Cannot read the view nope.png: no such file');
  });

  it('pushes the depth (OpenEXR) and normal passes with the view, and says why a wrong pass is refused', async () => {
    const ada = await createSubscribedUser(t.app);
    const env = { ATELIER_URL: baseUrl, ATELIER_KEY: await keyFor(ada) };
    // Blender's OpenEXR (R = 0.5 + 0.25 x + 1.5 y metres) and normals facing the camera, 12×8 like the view.
    fs.copyFileSync(path.join(ROOT, 'apps/server/test/fixtures/exr/grad-zip-float.exr'), path.join(work, 'depth.exr'));
    fs.writeFileSync(path.join(work, 'small.png'), await makePng(12, 8, '#a0a0a0'));
    fs.writeFileSync(path.join(work, 'normals.png'), await makePng(12, 8, () => [128, 128, 255]));
    const pushed = await atelier(['push', 'small.png', '--depth', 'depth.exr', '--normal', 'normals.png', '--fov', '54.4'], env);
    expect(pushed.code, pushed.stderr).toBe(0);
    const id = new URL(pushed.stdout.trim()).searchParams.get('imageId');
    const passes = (await t.app.inject({ method: 'GET', url: `/api/images/input-images/${id}/passes`, headers: ada.headers })).json().passes;
    expect(passes.map((p: { kind: string; sourceFormat: string; depthNear: number | null; depthFar: number | null; fieldOfView: number | null }) => [p.kind, p.sourceFormat, p.depthNear, p.depthFar, p.fieldOfView])).toEqual([
      ['depth', 'exr', 0.5, 13.75, 54.4],
      ['normal', 'png8', null, null, 54.4],
    ]);

    const eightBit = await atelier(['push', 'small.png', '--depth', 'small.png', '--depth-near', '1', '--depth-far', '9'], env);
    expect(eightBit.code).toBe(1);
    expect(eightBit.stderr).toContain('depth must be a 16-bit PNG');
  });
});
