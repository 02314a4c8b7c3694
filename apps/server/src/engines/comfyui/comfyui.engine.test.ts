import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { GenerationResponse } from '@atelier/contract';
import { creditTransactions } from '../../db/schema/index.js';
import { registerMaskReader } from '../../modules/generation/masks.hook.js';
import {
  balanceOf,
  connectLive,
  createInputImage,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
  makePng,
  type LiveClient,
} from '../../modules/generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { ComfyUIFake } from '../../../test/fakes/comfyui.js';
import { gpuModels } from '../index.js';
import { EngineRejectedError } from '../workflows/errors.js';
import { ComfyUIClient } from './client.js';
import { ComfyUIEngine } from './comfyui-engine.js';

const settings = {
  seed: 1234567890,
  model: 'realvisxlLightning.safetensors',
  cfgKsampler1: 7,
  stepsKsampler1: 20,
  denoiseKsampler1: 0.8,
  cannyStrength: 0.3,
  loraStrength: [1, 0.2] as [number, number],
  creativity: 7.5,
  expressivity: 3,
  resemblance: 3,
  upscale: 'Yes' as const,
  style: 'No' as const,
};

describe('ComfyUI engine, end to end through the job system', { timeout: 120_000 }, () => {
  let fake: ComfyUIFake;
  let t: TestApp;
  let baseUrl: string;
  let live: LiveClient | undefined;

  beforeAll(async () => {
    fake = new ComfyUIFake({ stepDelayMs: 2 });
    const url = await fake.start();
    t = await createTestApp({ env: { ENGINE: 'comfyui', COMFYUI_URL: url } });
    baseUrl = await listen(t.app);
  });
  afterEach(async () => {
    await live?.close();
    live = undefined;
    fake.failure = null;
    fake.models.checkpoints = ['realvisxlLightning.safetensors', 'sd_xl_base_1.0.safetensors'];
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const generate = (headers: Record<string, string>, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers, payload: body });

  async function refundsOf(userId: number) {
    return t.app.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'REFUND')));
  }

  it('renders 4 variations: workflows on ComfyUI, progress on the socket, files stored, images COMPLETED', async () => {
    expect(t.app.ctx.engine.name).toBe('comfyui');
    const user = await createSubscribedUser(t.app, { credits: 10 });
    const inputImageId = await createInputImage(t.app, user.id, 320, 240);
    // One mask region with a typed prompt: it becomes masked conditioning in the workflow.
    const mask = await makePng(320, 240, (x) => (x < 160 ? [255, 255, 255] : [0, 0, 0]));
    const unregister = registerMaskReader(async (_ctx, _userId, id) => (id === inputImageId ? [{ id: 77, mask }] : []));
    try {
      live = await connectLive(baseUrl, user.token);
      await live.waitFor('connected');
      const startedPrompts = fake.prompts.length;

      const res = await generate(user.headers, { inputImageId, variations: 4, prompt: 'a concrete villa at dusk', settings: { renderType: 'aerial' }, maskPrompts: { mask_77: 'red brick walls' } });
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json() as GenerationResponse;

      const done = await live.waitFor('batch_completed', (m) => m.batchId === batchId);
      expect(done).toMatchObject({ totalVariations: 4, successfulVariations: 4, failedVariations: 0 });

      const images = await imagesOfBatch(t.app, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
      expect(images.map((i) => i.runpodStatus)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
      for (const img of images) {
        expect(img.imageKey).toBeTruthy();
        const stored = await t.app.ctx.storage.get(img.imageKey!);
        const meta = await sharp(stored).metadata();
        // 320x240 works at ~1 MP (1184x888), stage 2 upscales the latent 1.5x.
        expect([meta.width, meta.height]).toEqual([1776, 1332]);
        expect([img.width, img.height]).toEqual([1776, 1332]);
      }

      // Progress: sampler steps became variation_progress percentages for every variation.
      const progress = live.messages.filter((m) => m.type === 'variation_progress' && m.batchId === batchId);
      for (const img of images) {
        const mine = progress.filter((m) => m.type === 'variation_progress' && m.imageId === img.id).map((m) => (m as { percentage: number }).percentage);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.every((p) => p > 0 && p < 100)).toBe(true);
        // (Published without waiting, so the event bus may deliver them out of order.)
        expect(new Set(mine).size).toBe(mine.length);
      }
      expect(live.messages.filter((m) => m.type === 'variation_completed' && m.batchId === batchId)).toHaveLength(4);

      // What ComfyUI received: one prompt per variation, under a client id, with that variation's seed.
      const prompts = fake.prompts.slice(startedPrompts);
      expect(prompts).toHaveLength(4);
      expect(new Set(prompts.map((p) => p.client_id)).size).toBe(4);
      const seeds = prompts.map((p) => Object.values(p.prompt).find((n) => n.class_type === 'KSampler')!.inputs!.seed).sort();
      expect(seeds).toEqual(images.map((i) => i.seed).sort());
      for (const p of prompts) {
        const nodes = Object.values(p.prompt);
        expect(nodes.filter((n) => n.class_type === 'ConditioningSetMask')).toHaveLength(1);
        expect(nodes.some((n) => n.class_type === 'CLIPTextEncode' && n.inputs!.text === 'red brick walls')).toBe(true);
        // The user's words lead, then the chosen render type's view.
        expect(nodes.some((n) => n.class_type === 'CLIPTextEncode' && String(n.inputs!.text).startsWith("a concrete villa at dusk, aerial view, bird's-eye"))).toBe(true);
        // Its images were uploaded first.
        for (const n of nodes.filter((n) => n.class_type === 'LoadImage')) expect(fake.uploads.has(String(n.inputs!.image))).toBe(true);
      }
      expect(await balanceOf(t.app, user.id)).toBe(6);
      expect(await refundsOf(user.id)).toHaveLength(0);
    } finally {
      unregister();
    }
  }, 120_000);

  it('a workflow ComfyUI refuses (node_errors) fails each variation at once with a readable message and refunds it', async () => {
    fake.models.checkpoints = ['sd_xl_base_1.0.safetensors']; // the configured model is not installed
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const inputImageId = await createInputImage(t.app, user.id);
    live = await connectLive(baseUrl, user.token);
    await live.waitFor('connected');
    const rejectedBefore = fake.rejected.length;

    const res = await generate(user.headers, { inputImageId, variations: 2 });
    const { batchId } = res.json() as GenerationResponse;
    expect(await balanceOf(t.app, user.id)).toBe(3);
    const done = await live.waitFor('batch_completed', (m) => m.batchId === batchId);
    expect(done).toMatchObject({ successfulVariations: 0, failedVariations: 2 });

    const images = await imagesOfBatch(t.app, user.id, batchId);
    expect(images.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
    for (const img of images) {
      expect(img.errorMessage).toMatch(/^ComfyUI rejected the workflow: Prompt outputs failed validation — CheckpointLoaderSimple \(node 1\): Value not in list: ckpt_name: 'realvisxlLightning.safetensors' not in/);
      expect(img.refundedAt).not.toBeNull();
    }
    // Not retried: a refused workflow would be refused again.
    expect(fake.rejected.length - rejectedBefore).toBe(2);
    expect(fake.rejected.at(-1)).toMatchObject({ status: 400, body: { node_errors: { '1': { class_type: 'CheckpointLoaderSimple' } } } });
    expect(live.messages.filter((m) => m.type === 'variation_failed' && m.batchId === batchId)).toHaveLength(2);
    expect(await balanceOf(t.app, user.id)).toBe(5);
    expect(await refundsOf(user.id)).toHaveLength(2);
  });

  it('a transient execution error (execution_error on /ws) is retried, then FAILED with its message and refunded', async () => {
    fake.failure = { nodeType: 'KSampler', exceptionType: 'RuntimeError', message: 'CUDA error: an illegal memory access was encountered' };
    const user = await createSubscribedUser(t.app, { credits: 3 });
    const inputImageId = await createInputImage(t.app, user.id);
    live = await connectLive(baseUrl, user.token);
    await live.waitFor('connected');
    const before = fake.prompts.length;

    const res = await generate(user.headers, { inputImageId, variations: 1 });
    const { batchId } = res.json() as GenerationResponse;
    await live.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('FAILED');
    expect(img.errorMessage).toMatch(/^ComfyUI failed in KSampler \(node \d+\): RuntimeError: CUDA error: an illegal memory access was encountered$/);
    expect(fake.prompts.length - before).toBe(3); // the first attempt and two retries
    expect(await balanceOf(t.app, user.id)).toBe(3);
    expect(await refundsOf(user.id)).toHaveLength(1);
  }, 60_000);
});

describe('ComfyUI client against the fake', () => {
  let fake: ComfyUIFake;
  beforeAll(async () => {
    fake = new ComfyUIFake({ stepDelayMs: 1 });
    await fake.start();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('reports an unknown node class and a dangling link as readable rejections', async () => {
    const client = new ComfyUIClient(fake.url);
    const unknown = client.submit({ '1': { class_type: 'SAMSegment', inputs: {} }, '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } } }, 'c1');
    await expect(unknown).rejects.toBeInstanceOf(EngineRejectedError);
    await expect(unknown).rejects.toThrow("ComfyUI rejected the workflow: Node 'SAMSegment' not found. The custom node may not be installed.: Node ID '#1'");
    const dangling = client.submit({ '2': { class_type: 'SaveImage', inputs: { images: ['9', 0], filename_prefix: 'x' } } }, 'c1');
    await expect(dangling).rejects.toThrow(/SaveImage \(node 2\): Exception when validating inner node: '9'/);
    const wrongSlot = client.submit(
      {
        '1': { class_type: 'LoadImage', inputs: { image: 'nothing.png' } },
        '2': { class_type: 'SaveImage', inputs: { images: ['1', 1], filename_prefix: 'x' } },
      },
      'c1',
    );
    await expect(wrongSlot).rejects.toThrow(/received_type\(MASK\) mismatch input_type\(IMAGE\)/);
  });

  it('runs inpaint, outpaint and upscale workflows and returns images of the expected sizes; segment and addImage run locally', async () => {
    const engine = new ComfyUIEngine({ url: fake.url, models: gpuModels({}), historyPollMs: 200 });
    try {
      const image = await makePng(200, 100, (x, y) => [x % 256, y % 256, 90]);
      const mask = await makePng(200, 100, (x) => (x > 100 ? [255, 255, 255] : [0, 0, 0]));
      const inpainted = await engine.inpaint({ image, mask, prompt: 'a door', seed: 5 });
      expect([inpainted.width, inpainted.height]).toEqual([200, 100]);
      const outpainted = await engine.outpaint({
        image,
        originalImageBounds: { x: 0, y: 0, width: 200, height: 100 },
        canvasBounds: { x: -50, y: 0, width: 300, height: 100 },
        prompt: 'more',
        seed: 6,
      });
      expect([outpainted.width, outpainted.height]).toEqual([300, 100]);
      const upscaled = await engine.upscale({ image, width: 400, height: 200, scaleFactor: 2, aiStrength: 12, resemblance: 12, clarity: 12, sharpness: 12, matchColor: true, seed: 1, variationNumber: 1 });
      expect([upscaled.width, upscaled.height]).toEqual([400, 200]);
      const progress: number[] = [];
      const rendered = await engine.render({ input: image, mode: 'art', artStyle: 'aquarelle', prompt: '', variationNumber: 1, settings: { ...settings, upscale: 'No' }, selections: {}, regions: [], onProgress: (p) => progress.push(p) });
      expect(rendered.width % 8).toBe(0);
      expect(progress.at(-1)).toBe(100);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(progress.length).toBeGreaterThan(5);
      const regions = await engine.segment({ image, maxRegions: 3 });
      expect(regions.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });

  it('sends a large render input downscaled (the render works at ~1 MP)', async () => {
    const engine = new ComfyUIEngine({ url: fake.url, models: gpuModels({}), historyPollMs: 200 });
    try {
      const big = await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#8a9bb0' } }).jpeg().toBuffer();
      const before = new Set(fake.uploads.keys());
      await engine.render({ input: big, mode: 'photorealistic', prompt: 'x', variationNumber: 1, settings: { ...settings, upscale: 'No' }, selections: {}, regions: [] });
      const sent = [...fake.uploads.entries()].filter(([name]) => !before.has(name) && name.endsWith('-input.jpg'));
      expect(sent).toHaveLength(1);
      const meta = await sharp(sent[0][1]).metadata();
      expect(meta.width! * meta.height!).toBeLessThanOrEqual(4 * 1024 * 1024);
      expect(Math.abs(meta.width! / meta.height! - 2600 / 1800)).toBeLessThan(0.01);
    } finally {
      await engine.close();
    }
  });

  it('takes a queued prompt off the queue when its call is aborted', async () => {
    const engine = new ComfyUIEngine({ url: fake.url, models: gpuModels({}), historyPollMs: 200 });
    fake.paused = true;
    try {
      const image = await makePng(64, 64, () => [10, 20, 30]);
      const ac = new AbortController();
      const before = fake.requests.length;
      const call = engine.render({ input: image, mode: 'photorealistic', prompt: 'x', variationNumber: 1, settings, selections: {}, regions: [], signal: ac.signal });
      // Aborted once the engine holds the prompt id (it polls /history for it): it has a prompt to
      // take off. The call takes it off before it rejects.
      await eventually(async () => fake.requests.slice(before).some((r) => r.startsWith('GET /history/')), 'the engine to follow its queued prompt');
      ac.abort(new Error('time limit'));
      await expect(call).rejects.toThrow('time limit');
      expect(fake.requests.slice(before)).toContain('POST /queue');
      const queue = (await (await fetch(`${fake.url}/queue`)).json()) as { queue_pending: unknown[] };
      expect(queue.queue_pending).toHaveLength(0);
    } finally {
      fake.resume();
      await engine.close();
    }
  });
});
