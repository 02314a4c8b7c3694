import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { ComfyUIFake } from '../../../test/fakes/comfyui.js';
import { batches } from '../../db/schema/index.js';
import { balanceOf, createSubscribedUser, makePng, type GenUser } from '../../modules/generation/generation.test-helpers.js';
import { multipartBody } from '../../modules/images/images.test-helpers.js';
import { encodePng16 } from '../../modules/passes/png16.js';
import { gpuModels } from '../index.js';
import type { GpuEngine } from '../workflows/gpu-engine.js';
import { ComfyUIEngine } from './comfyui-engine.js';

/**
 * Issue 31 part 4 end to end on the ComfyUI engine: a view pushed with depth and normal passes
 * renders with the depth ControlNet beside the canny one, fed the model's own edges; without the
 * depth model on the server (COMFYUI_CONTROLNET_DEPTH) such a render is refused before any
 * charge, while views without passes still render. The fake validates every prompt against
 * ComfyUI's real /object_info.
 */

const DEPTH_MODEL = 'controlnet-depth-sdxl-1.0.safetensors';
const W = 320;
const H = 240;

let fake: ComfyUIFake;
let t: TestApp;
let ada: GenUser;

/** A box seen across its corner: depth nearest at the middle, normals turned left and right, sky above. */
async function pushBoxView(user: GenUser): Promise<number> {
  const depth = new Uint16Array(W * H);
  const normal = new Uint16Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const sky = y < 60;
      depth[y * W + x] = sky ? 65535 : Math.round((Math.abs(x - W / 2) / (W / 2)) * 50000);
      const n = sky ? [0, 0, 0] : x < W / 2 ? [-Math.SQRT1_2, 0, Math.SQRT1_2] : [Math.SQRT1_2, 0, Math.SQRT1_2];
      n.forEach((c, k) => (normal[(y * W + x) * 3 + k] = Math.round(((c + 1) / 2) * 65535)));
    }
  const body = multipartBody([
    { name: 'view', filename: 'corner.png', contentType: 'image/png', data: await makePng(W, H, (x, y) => [120 + (x % 40), 110, y < 60 ? 220 : 90]) },
    { name: 'depth', filename: 'depth.png', contentType: 'image/png', data: encodePng16(W, H, 1, depth) },
    { name: 'normal', filename: 'normal.png', contentType: 'image/png', data: encodePng16(W, H, 3, normal) },
    { name: 'source', value: 'blender' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/plugins/views', headers: { ...user.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().inputImageId as number;
}

const render = (user: GenUser, inputImageId: number, settings: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1, ...settings } });

async function nextPrompt(count: number) {
  for (let i = 0; i < 600 && fake.prompts.length <= count; i++) await new Promise((r) => setTimeout(r, 100));
  expect(fake.prompts.length).toBeGreaterThan(count);
  return fake.prompts[count].prompt;
}

describe('renders of views with passes on the ComfyUI engine', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // The server lacks the depth ControlNet at first.
    fake = new ComfyUIFake({ stepDelayMs: 1 });
    const url = await fake.start();
    t = await createTestApp({ env: { ENGINE: 'comfyui', COMFYUI_URL: url, COMFYUI_CONTROLNET_DEPTH: DEPTH_MODEL } });
    await (t.app.ctx.engine as GpuEngine).preflight!.check();
    ada = await createSubscribedUser(t.app, { credits: 10 });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a view with a depth pass before any charge while the depth model is missing; other views still render', async () => {
    const engine = (await t.app.inject({ method: 'GET', url: '/api/engine' })).json();
    expect(engine.missing).toEqual([{ kind: 'model', name: DEPTH_MODEL, folder: 'controlnet', operations: ['render'], onlyWithDepthPass: true }]);
    const withPasses = await pushBoxView(ada);
    const refused = await render(ada, withPasses);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'ENGINE_MISSING_MODEL' });
    expect(refused.json().message).toContain(`missing ${DEPTH_MODEL}`);
    expect(await balanceOf(t.app, ada.id)).toBe(10);
    expect(await t.app.ctx.db.select().from(batches).where(eq(batches.userId, ada.id))).toHaveLength(0);

    const form = multipartBody([{ name: 'file', filename: 'v.png', contentType: 'image/png', data: await makePng(W, H, '#8899aa') }]);
    const plain = await t.app.inject({ method: 'POST', url: '/api/images/upload-input', headers: { ...ada.headers, ...form.headers }, payload: form.payload });
    expect(plain.statusCode, plain.body).toBe(201);
    const rendered = await render(ada, plain.json().id);
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(await balanceOf(t.app, ada.id)).toBe(9);
  });

  it('with the model installed, renders with the depth ControlNet and the model\'s own edges, validated by ComfyUI\'s schema', async () => {
    fake.models.controlnet = [...fake.models.controlnet, DEPTH_MODEL];
    await (t.app.ctx.engine as GpuEngine).preflight!.check();
    const id = await pushBoxView(ada);
    const before = fake.prompts.length;
    // Structure fidelity is a setting the contract checks (0–10).
    const bad = await render(ada, id, { settings: { structureFidelity: 11 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('structureFidelity must be between 0 and 10');
    const res = await render(ada, id, { settings: { structureFidelity: 9 } });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = await nextPrompt(before);
    const nodes = Object.values(prompt) as Array<{ class_type: string; inputs: Record<string, unknown> }>;
    expect(nodes.filter((n) => n.class_type === 'ControlNetLoader').map((n) => n.inputs.control_net_name)).toEqual([
      'controlnet-canny-sdxl-1.0.safetensors',
      DEPTH_MODEL,
    ]);
    expect(nodes.filter((n) => n.class_type === 'Canny')).toEqual([]);
    // Fidelity 9 sets the depth ControlNet's strength and raises the canny one's (resemblance 3 → 0.3) to it.
    expect(nodes.filter((n) => n.class_type === 'ControlNetApply').map((n) => n.inputs.strength)).toEqual([0.9, 0.9]);
    expect(nodes.filter((n) => n.class_type === 'LoadImage').map((n) => String(n.inputs.image))).toEqual(
      expect.arrayContaining([expect.stringMatching(/-edges\.png$/), expect.stringMatching(/-depth\.png$/)]),
    );
    expect(fake.rejected).toEqual([]);
  });

  it('refuses a depth pass when COMFYUI_CONTROLNET_DEPTH is not set (before any charge)', () => {
    const engine = new ComfyUIEngine({ url: 'http://127.0.0.1:9', models: gpuModels({}) });
    expect(() => engine.admit({ operation: 'render', depth: true })).toThrow(/COMFYUI_CONTROLNET_DEPTH/);
    expect(() => engine.admit({ operation: 'render', depth: false })).not.toThrow();
  });
});
