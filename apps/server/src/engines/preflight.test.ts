import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engineInfoResponseSchema } from '@atelier/contract';
import { runAdmin } from '../admin.js';
import { batches } from '../db/schema/index.js';
import { balanceOf, createInputImage, createSubscribedUser } from '../modules/generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { ComfyUIFake } from '../../test/fakes/comfyui.js';
import { realObjectInfo } from '../../test/fakes/object-info.js';
import { gpuModels } from './index.js';
import { EnginePreflight, missingFrom } from './preflight.js';
import type { GpuEngine } from './workflows/gpu-engine.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('GPU engine preflight against ComfyUI\'s real /object_info', { timeout: 120_000 }, () => {
  let fake: ComfyUIFake;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // The server has every model but the upscale model.
    fake = new ComfyUIFake({ stepDelayMs: 1, models: { upscale_models: [] } });
    url = await fake.start();
    t = await createTestApp({ env: { ENGINE: 'comfyui', COMFYUI_URL: url } });
    await (t.app.ctx.engine as GpuEngine).preflight!.check();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('reports the missing model on GET /api/engine (degraded) and names its folder', async () => {
    expect(fake.requests).toContain('GET /object_info');
    const res = await t.app.inject({ method: 'GET', url: '/api/engine' });
    expect(res.statusCode).toBe(200);
    expect(engineInfoResponseSchema.parse(res.json())).toEqual({
      name: 'comfyui',
      isPreview: false,
      status: 'degraded',
      missing: [{ kind: 'model', name: 'RealESRGAN_x4plus.pth', folder: 'upscale_models', operations: ['upscale'] }],
    });
  });

  it('refuses an upscale before any charge (503 naming the file), while renders still go', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const imageId = await createInputImage(t.app, user.id, 400, 300);
    const prompts = fake.prompts.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/refine/generate', headers: user.headers, payload: { imageId, scaleFactor: 2, variations: 2 } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ENGINE_MISSING_MODEL' });
    expect(res.json().message).toMatch(/^GPU engine: missing RealESRGAN_x4plus\.pth\. Nothing was charged/);
    expect(await balanceOf(t.app, user.id)).toBe(5);
    expect(await t.app.ctx.db.select().from(batches).where(eq(batches.userId, user.id))).toHaveLength(0);
    expect(fake.prompts.length).toBe(prompts);

    const render = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId: imageId, variations: 1 } });
    expect(render.statusCode).toBe(200);
    expect(await balanceOf(t.app, user.id)).toBe(4);
  });

  it('is ready again once the model is installed (the next check)', async () => {
    fake.models.upscale_models = ['RealESRGAN_x4plus.pth'];
    const preflight = (t.app.ctx.engine as GpuEngine).preflight!;
    expect(await preflight.check()).toMatchObject({ status: 'ready', missing: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/engine' })).json()).toMatchObject({ status: 'ready', missing: [] });
    fake.models.upscale_models = [];
    await preflight.check();
  });

  it('npm run admin -- engine-check prints the same report', async () => {
    const result = await runAdmin(['engine-check'], { db: t.app.ctx.db, log: t.app.log, config: t.config });
    expect(result.code).toBe(1);
    expect(result.output).toBe(
      [`ComfyUI at ${url}: degraded`, "  MISSING model RealESRGAN_x4plus.pth: put it in ComfyUI's models/upscale_models/ (needed by upscale)"].join('\n'),
    );
    const none = await runAdmin(['engine-check'], { db: t.app.ctx.db, log: t.app.log, config: { ENGINE: 'local' } });
    expect(none).toMatchObject({ code: 1, output: expect.stringMatching(/set COMFYUI_URL/) });
  });

  it('logs each missing file once, with its folder', async () => {
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => void warnings.push(msg), info: () => undefined };
    const p = new EnginePreflight({ url, models: gpuModels({ COMFYUI_CHECKPOINT: 'juggernautXL.safetensors' }), log });
    await p.check();
    await p.check();
    expect(warnings).toEqual([
      "GPU engine: the model file juggernautXL.safetensors is not in ComfyUI's models/checkpoints/ folder; render, inpaint, outpaint refused until it is installed",
      "GPU engine: the model file RealESRGAN_x4plus.pth is not in ComfyUI's models/upscale_models/ folder; upscale refused until it is installed",
    ]);
  });
});

describe('GPU engine preflight without ComfyUI', () => {
  let url: string;
  let t: TestApp;
  beforeAll(async () => {
    url = `http://127.0.0.1:${await closedPort()}`;
    t = await createTestApp({ env: { ENGINE: 'comfyui', COMFYUI_URL: url } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports unreachable (operations are not refused for it: the engine retries and refunds)', async () => {
    await (t.app.ctx.engine as GpuEngine).preflight!.check();
    expect((await t.app.inject({ method: 'GET', url: '/api/engine' })).json()).toEqual({ name: 'comfyui', isPreview: false, status: 'unreachable', missing: [] });
    const result = await runAdmin(['engine-check'], { db: t.app.ctx.db, log: t.app.log, config: t.config });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(new RegExp(`^ComfyUI at ${url}: unreachable\\n  ComfyUI at ${url} did not answer /object_info \\(ECONNREFUSED\\)$`));
  });

  it('names a missing node type for every operation whose workflow uses it', () => {
    const info = realObjectInfo();
    delete info.ImageBlur; // comfy_extras.nodes_post_processing failed to load
    delete info.Canny; // comfy_extras.nodes_canny needs kornia
    expect(missingFrom(info, gpuModels({}))).toEqual([
      { kind: 'node', name: 'Canny', operations: ['render'] },
      { kind: 'node', name: 'ImageBlur', operations: ['inpaint'] },
    ]);
    expect(missingFrom(realObjectInfo(), gpuModels({}))).toEqual([]);
  });
});
