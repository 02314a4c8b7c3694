import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { RefineGenerateResponse } from '@atelier/contract';
import { creditTransactions } from '../../db/schema/index.js';
import { balanceOf, createInputImage, createSubscribedUser, eventually, imagesOfBatch } from '../../modules/generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { RunPodFake } from '../../../test/fakes/runpod.js';
import { gpuModels } from '../index.js';
import { RUNPOD_REQUEST_MAX_BYTES } from '../workflows/request-budget.js';
import { RunPodEngine } from './runpod-engine.js';

const API_KEY = 'rp_limits_key';
const ENDPOINT = 'limits-endpoint';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

async function runpodApp(fake: RunPodFake, env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({
    env: {
      ENGINE: 'runpod',
      RUNPOD_API_KEY: API_KEY,
      RUNPOD_ENDPOINT_ID: ENDPOINT,
      RUNPOD_BASE_URL: fake.baseUrl,
      RUNPOD_POLL_MS: '300',
      RUNPOD_OUTPUT_HOSTS: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

describe('RunPod limits and failures users can act on', { timeout: 180_000 }, () => {
  let fake: RunPodFake;
  let t: TestApp;
  const defaults = () => ({ ...new RunPodFake({ apiKey: '', endpointId: '' }).behaviour, queueMs: 10, runMs: 10 });

  beforeAll(async () => {
    fake = new RunPodFake({ apiKey: API_KEY, endpointId: ENDPOINT, webhookRetryDelayMs: 50 });
    await fake.start();
    t = await runpodApp(fake);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const refine = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/refine/generate', headers, payload });
  const refundsOf = (userId: number) =>
    t.app.ctx.db.select().from(creditTransactions).where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'REFUND')));

  it('refuses a 30 MP upscale before any charge without S3 output', async () => {
    const user = await createSubscribedUser(t.app, { credits: 5 });
    const imageId = await createInputImage(t.app, user.id, 1600, 1200);
    const jobs = fake.jobs.size;
    const res = await refine(user.headers, { imageId, resolution: { width: 1600, height: 1200 }, scaleFactor: 4 });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'RESULT_NEEDS_S3_OUTPUT', field: 'resolution' });
    expect(res.json().message).toMatch(/^A 6400×4800 result \(30\.7 MP\) is about \d+ MB as base64, more than the 15 MB a RunPod worker can return inline\. .*RUNPOD_S3_OUTPUT=true/);
    expect(await balanceOf(t.app, user.id)).toBe(5);
    expect(fake.jobs.size).toBe(jobs);
  });

  it('surfaces worker-comfyui details of a missing upscale model, fails it at once and refunds it exactly once', async () => {
    fake.behaviour = defaults();
    fake.models = { ...fake.models, upscale_models: [] };
    try {
      const user = await createSubscribedUser(t.app, { credits: 5 });
      const imageId = await createInputImage(t.app, user.id, 200, 150);
      const jobs = fake.jobs.size;
      const res = await refine(user.headers, { imageId, scaleFactor: 2, variations: 2 });
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json() as RefineGenerateResponse;
      expect(await balanceOf(t.app, user.id)).toBe(3);
      const images = await eventually(async () => {
        const rows = await imagesOfBatch(t.app, user.id, batchId);
        return rows.every((r) => r.status === 'FAILED') && rows;
      }, 'both variations to fail');
      expect(images.map((i) => i.errorMessage)).toEqual([
        'The GPU server has no model RealESRGAN_x4plus.pth (models/upscale_models/)',
        'The GPU server has no model RealESRGAN_x4plus.pth (models/upscale_models/)',
      ]);
      // The worker's answer had the real shape; not retried: one RunPod job per variation.
      const submitted = [...fake.jobs.values()].slice(jobs);
      expect(submitted).toHaveLength(2);
      expect(submitted[0]).toMatchObject({ status: 'FAILED', error: 'Job processing failed', output: { error: 'Job processing failed' } });
      expect(await balanceOf(t.app, user.id)).toBe(5);
      expect(await refundsOf(user.id)).toHaveLength(2);
    } finally {
      fake.models = { ...fake.models, upscale_models: ['RealESRGAN_x4plus.pth'] };
    }
  });

  it('an out-of-memory at this size is permanent: one attempt, a message to act on, refunded', async () => {
    fake.behaviour = { ...defaults(), outcome: 'oom' };
    const user = await createSubscribedUser(t.app, { credits: 2 });
    const inputImageId = await createInputImage(t.app, user.id, 200, 150);
    const jobs = fake.jobs.size;
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1 } });
    expect(res.statusCode).toBe(200);
    const { batchId } = res.json() as { batchId: number };
    const [img] = await eventually(async () => {
      const rows = await imagesOfBatch(t.app, user.id, batchId);
      return rows[0]?.status === 'FAILED' && rows;
    }, 'the variation to fail');
    expect(img.errorMessage).toBe('The GPU ran out of memory at this size; try a smaller image or a lower resolution');
    expect(fake.jobs.size - jobs).toBe(1);
    expect(await balanceOf(t.app, user.id)).toBe(2);
    expect(await refundsOf(user.id)).toHaveLength(1);
  });

  it('fits a large inpaint request under 10 MB: the photo as JPEG (downscaled as needed), the mask as a 1-bit PNG', async () => {
    fake.behaviour = defaults();
    const engine = new RunPodEngine({ apiKey: API_KEY, endpointId: ENDPOINT, baseUrl: fake.baseUrl, publicUrl: 'http://127.0.0.1:9', models: gpuModels({}), db: t.app.ctx.db, pollMs: 100, outputHosts: [] });
    try {
      // 4000 × 3000 of noise: 36 MB of PNG, about 9 MB even as JPEG quality 92.
      const noise = crypto.randomBytes(4000 * 3000 * 3);
      const image = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
      expect(image.length).toBeGreaterThan(RUNPOD_REQUEST_MAX_BYTES);
      const mask = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000' } })
        .composite([{ input: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } }).png().toBuffer(), left: 1000, top: 1000 }])
        .png()
        .toBuffer();
      const jobs = fake.jobs.size;
      const out = await engine.inpaint({ image, mask, prompt: 'a door', seed: 7 });
      const [job] = [...fake.jobs.values()].slice(jobs);
      expect(Buffer.byteLength(JSON.stringify({ input: job.input }))).toBeLessThan(RUNPOD_REQUEST_MAX_BYTES);
      const [photo, sentMask] = job.input.images!.map((i) => Buffer.from(i.image, 'base64'));
      const photoMeta = await sharp(photo).metadata();
      const maskMeta = await sharp(sentMask).metadata();
      expect(photoMeta.format).toBe('jpeg');
      expect(photoMeta.width! / photoMeta.height!).toBeCloseTo(4 / 3, 2);
      expect(maskMeta).toMatchObject({ format: 'png', width: photoMeta.width, height: photoMeta.height });
      expect(sentMask.length).toBeLessThan(20_000);
      expect([out.width, out.height]).toEqual([photoMeta.width, photoMeta.height]);
    } finally {
      await engine.close();
    }
  });
});

describe('RunPod with S3 output', { timeout: 180_000 }, () => {
  let fake: RunPodFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = new RunPodFake({ apiKey: API_KEY, endpointId: ENDPOINT, webhookRetryDelayMs: 50 });
    await fake.start();
    fake.behaviour = { ...fake.behaviour, output: 'images-s3', queueMs: 10, runMs: 10 };
    t = await runpodApp(fake, { RUNPOD_S3_OUTPUT: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('delivers a 30 MP upscale through the worker\'s S3 upload', async () => {
      const user = await createSubscribedUser(t.app, { credits: 5 });
      const imageId = await createInputImage(t.app, user.id, 1600, 1200);
      const res = await t.app.inject({ method: 'POST', url: '/api/refine/generate', headers: user.headers, payload: { imageId, resolution: { width: 1600, height: 1200 }, scaleFactor: 4 } });
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json() as RefineGenerateResponse;
      const [img] = await eventually(async () => {
        const rows = await imagesOfBatch(t.app, user.id, batchId);
        return rows[0]?.status !== 'PROCESSING' && rows;
      }, 'the upscale', 150_000);
      expect([img.status, img.width, img.height]).toEqual(['COMPLETED', 6400, 4800]);
      expect(fake.requests.some((r) => r.path.startsWith('/s3/'))).toBe(true);
      expect(await balanceOf(t.app, user.id)).toBe(4);
  });
});
