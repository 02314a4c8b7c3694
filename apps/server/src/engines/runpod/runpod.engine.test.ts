import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { GenerationResponse } from '@atelier/contract';
import { creditTransactions } from '../../db/schema/index.js';
import {
  balanceOf,
  connectLive,
  createInputImage,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  makePng,
  type LiveClient,
} from '../../modules/generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { RunPodFake, type FakeJob, type JobBehaviour } from '../../../test/fakes/runpod.js';
import { gpuModels } from '../index.js';
import { EngineRejectedError } from '../workflows/errors.js';
import { engineJobs, readEngineJob, recordOutcome } from './engine-jobs.js';
import { RunPodEngine } from './runpod-engine.js';

const API_KEY = 'rp_test_key';
const ENDPOINT = 'atelier-endpoint';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** An app with ENGINE=runpod against the fake, listening on PUBLIC_URL so RunPod's webhook reaches it. */
async function runpodApp(fake: RunPodFake, env: Record<string, string> = {}) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: {
      ENGINE: 'runpod',
      RUNPOD_API_KEY: API_KEY,
      RUNPOD_ENDPOINT_ID: ENDPOINT,
      RUNPOD_BASE_URL: fake.baseUrl,
      // Which of the webhook and a poll sees a finished job first is the fake's `order`, not timing.
      RUNPOD_POLL_MS: '100',
      RUNPOD_OUTPUT_HOSTS: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, publicUrl };
}

const engineJobIdOf = (job: FakeJob) => new URL(job.webhook!).searchParams.get('job')!;

describe('RunPod engine, end to end through the job system', { timeout: 90_000 }, () => {
  let fake: RunPodFake;
  let t: TestApp;
  let publicUrl: string;
  let live: LiveClient | undefined;
  // The webhook reaches the app before any poll sees the job finished, unless a test says otherwise.
  const defaults: JobBehaviour = { ...new RunPodFake({ apiKey: '', endpointId: '' }).behaviour, order: 'webhook-first' };

  beforeAll(async () => {
    fake = new RunPodFake({ apiKey: API_KEY, endpointId: ENDPOINT, webhookRetryDelayMs: 100 });
    fake.behaviour = { ...defaults };
    await fake.start();
    ({ t, publicUrl } = await runpodApp(fake));
  });
  afterEach(async () => {
    await live?.close();
    live = undefined;
    fake.behaviour = { ...defaults };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const generate = (headers: Record<string, string>, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers, payload: body });
  const jobsSince = (n: number) => [...fake.jobs.values()].slice(n);

  async function start(variations: number, credits = 10, settings: object = {}) {
    const user = await createSubscribedUser(t.app, { credits });
    const inputImageId = await createInputImage(t.app, user.id, 320, 240);
    live = await connectLive(publicUrl, user.token);
    await live.waitFor('connected');
    const res = await generate(user.headers, { inputImageId, variations, prompt: 'a timber pavilion', settings });
    expect(res.statusCode).toBe(200);
    const { batchId } = res.json() as GenerationResponse;
    return { user, batchId };
  }

  async function refundsOf(userId: number) {
    return t.app.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'REFUND')));
  }

  it('completes through the webhook: worker-comfyui input, per-job secret stored hashed, 5.x base64 output', async () => {
    expect(t.app.ctx.engine.name).toBe('runpod');
    const before = fake.jobs.size;
    const { user, batchId } = await start(2, 10, { renderType: 'elevation' });
    const done = await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    expect(done).toMatchObject({ successfulVariations: 2, failedVariations: 0 });
    const images = await imagesOfBatch(t.app, user.id, batchId);
    expect(images.map((i) => [i.status, i.width, i.height])).toEqual([
      ['COMPLETED', 1776, 1332],
      ['COMPLETED', 1776, 1332],
    ]);
    expect(await balanceOf(t.app, user.id)).toBe(8);

    const jobs = jobsSince(before);
    expect(jobs).toHaveLength(2);
    await Promise.all(jobs.map((j) => j.webhookDone));
    for (const job of jobs) {
      // The worker-comfyui input: the workflow and its images as base64, named as LoadImage loads them.
      const wf = job.input.workflow as Record<string, { class_type: string; inputs: Record<string, unknown> }>;
      const loads = Object.values(wf).filter((n) => n.class_type === 'LoadImage').map((n) => n.inputs.image);
      expect(job.input.images!.map((i) => i.name)).toEqual(loads);
      // The chosen render type is in the text the model is conditioned on.
      const texts = Object.values(wf).filter((n) => n.class_type === 'CLIPTextEncode').map((n) => String(n.inputs.text));
      expect(texts.some((text) => text.startsWith('a timber pavilion, orthographic elevation drawing'))).toBe(true);
      const first = job.input.images![0];
      const meta = await sharp(Buffer.from(first.image, 'base64')).metadata();
      expect([meta.width, meta.height]).toEqual([320, 240]);
      expect(first.name.endsWith(meta.format === 'jpeg' ? '.jpg' : `.${meta.format}`)).toBe(true);
      expect(job.policy).toEqual({ executionTimeout: 300_000 });
      const hook = new URL(job.webhook!);
      expect(`${hook.origin}${hook.pathname}`).toBe(`${publicUrl}/api/runpod/webhook`);
      const secret = hook.searchParams.get('secret')!;
      expect(secret.length).toBeGreaterThanOrEqual(40);
      expect(job.deliveries).toEqual([{ status: 200, body: JSON.stringify({ received: true, applied: true }) }]);
      const row = await readEngineJob(t.app.ctx.db, engineJobIdOf(job));
      expect(row).toMatchObject({ status: 'COMPLETED', providerJobId: job.id, deliveries: 1, result: null });
      expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(secret);
    }
    expect(fake.requests.every((r) => r.path.startsWith('/s3/') || r.authorized)).toBe(true);
  });

  it('recovers a job whose webhook never came by polling /status (and fetches an s3_url output)', async () => {
    fake.behaviour = { ...defaults, webhook: 'lose', output: 'images-s3' };
    const before = fake.jobs.size;
    const { user, batchId } = await start(1);
    await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('COMPLETED');
    const [job] = jobsSince(before);
    expect(job.deliveries).toHaveLength(0);
    expect(fake.requests.filter((r) => r.path === `/v2/${ENDPOINT}/status/${job.id}`).length).toBeGreaterThan(0);
    expect(fake.requests.some((r) => r.path.startsWith(`/s3/${job.id}/`))).toBe(true);
    expect(await readEngineJob(t.app.ctx.db, engineJobIdOf(job))).toMatchObject({ status: 'COMPLETED', deliveries: 0 });
  });

  it('applies a duplicated webhook once (the older { message } output format)', async () => {
    fake.behaviour = { ...defaults, webhook: 'duplicate', output: 'message-base64' };
    const before = fake.jobs.size;
    const { user, batchId } = await start(1, 4);
    await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [job] = jobsSince(before);
    await job.webhookDone;
    expect(job.deliveries.map((d) => [d.status, JSON.parse(d.body)])).toEqual([
      [200, { received: true, applied: true }],
      [200, { received: true, applied: false }],
    ]);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('COMPLETED');
    expect(live!.messages.filter((m) => m.type === 'variation_completed' && m.imageId === img.id)).toHaveLength(1);
    expect(await balanceOf(t.app, user.id)).toBe(3);
    expect(await readEngineJob(t.app.ctx.db, engineJobIdOf(job))).toMatchObject({ status: 'COMPLETED', deliveries: 2 });
  });

  it('applies the outcome a poll saw first once; the late webhook changes nothing', async () => {
    // The webhook waits until the engine has finished the job from /status.
    fake.behaviour = { ...defaults, webhook: 'held', order: 'any' };
    const before = fake.jobs.size;
    const { user, batchId } = await start(1, 4);
    await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [job] = jobsSince(before);
    expect(job.deliveries).toEqual([]);
    fake.postWebhook(job);
    await job.webhookDone;
    expect(job.deliveries).toEqual([{ status: 200, body: JSON.stringify({ received: true, applied: false }) }]);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect([img.status, img.width, img.height]).toEqual(['COMPLETED', 1776, 1332]);
    expect(live!.messages.filter((m) => m.type === 'variation_completed' && m.imageId === img.id)).toHaveLength(1);
    expect(await balanceOf(t.app, user.id)).toBe(3);
    expect(await readEngineJob(t.app.ctx.db, engineJobIdOf(job))).toMatchObject({ status: 'COMPLETED', deliveries: 1, result: null });
  });

  it('refuses forged webhooks without revealing whether the job exists', async () => {
    // The job runs until released, so every forgery below arrives while it is still running.
    fake.behaviour = { ...defaults, held: true };
    const before = fake.jobs.size;
    const { user, batchId } = await start(1);
    const job = await eventually(async () => jobsSince(before)[0], 'the job to be submitted');
    const engineJobId = engineJobIdOf(job);
    await eventually(async () => (await readEngineJob(t.app.ctx.db, engineJobId))?.providerJobId === job.id, 'the job to be marked submitted');
    const hook = (query: string, body: object) => fetch(`${publicUrl}/api/runpod/webhook${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const forged = { id: job.id, status: 'COMPLETED', output: { images: [{ filename: 'x.png', type: 's3_url', data: 'http://169.254.169.254/latest/meta-data' }] } };

    const wrong = await hook(`?job=${engineJobId}&secret=not-the-secret`, forged);
    const unknown = await hook(`?job=00000000-0000-4000-8000-000000000000&secret=not-the-secret`, forged);
    const notUuid = await hook(`?job=1%20OR%201=1&secret=x`, forged);
    expect([wrong.status, unknown.status, notUuid.status]).toEqual([404, 404, 404]);
    const bodies = await Promise.all([wrong.text(), unknown.text(), notUuid.text()]);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect((await hook(`?job=${engineJobId}`, forged)).status).toBe(401);
    expect((await hook('', forged)).status).toBe(401);
    // The right secret for another RunPod job id is refused too.
    const secret = new URL(job.webhook!).searchParams.get('secret')!;
    expect((await hook(`?job=${engineJobId}&secret=${encodeURIComponent(secret)}`, { ...forged, id: 'another-job' })).status).toBe(404);
    expect(await readEngineJob(t.app.ctx.db, engineJobId)).toMatchObject({ status: 'IN_QUEUE', deliveries: 0, completedAt: null });

    fake.release(job);
    await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('COMPLETED');
    expect(await readEngineJob(t.app.ctx.db, engineJobId)).toMatchObject({ status: 'COMPLETED', deliveries: 1 });
    // Replaying the genuine delivery afterwards changes nothing.
    const replay = await hook(`?job=${engineJobId}&secret=${encodeURIComponent(secret)}`, { id: job.id, status: 'FAILED', error: 'late' });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, applied: false });
    expect((await imagesOfBatch(t.app, user.id, batchId))[0].status).toBe('COMPLETED');
  });

  it('a FAILED job is retried, then FAILED with the worker error and refunded; TIMED_OUT fails at once', async () => {
    fake.behaviour = { ...defaults, outcome: 'fail' };
    let before = fake.jobs.size;
    const { user, batchId } = await start(1, 2);
    await live!.waitFor('batch_completed', (m) => m.batchId === batchId);
    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('FAILED');
    expect(img.errorMessage).toBe("RunPod's worker failed: ComfyUI server (127.0.0.1:8188) not reachable after multiple retries.");
    expect(jobsSince(before)).toHaveLength(3);
    expect(await balanceOf(t.app, user.id)).toBe(2);
    expect(await refundsOf(user.id)).toHaveLength(1);
    await live!.close();

    fake.behaviour = { ...defaults, outcome: 'timeout' };
    before = fake.jobs.size;
    const second = await start(1, 2);
    await live!.waitFor('batch_completed', (m) => m.batchId === second.batchId);
    const [timedOut] = await imagesOfBatch(t.app, second.user.id, second.batchId);
    expect(timedOut.status).toBe('FAILED');
    expect(timedOut.errorMessage).toBe('The RunPod job timed out (its execution timeout passed)');
    expect(jobsSince(before)).toHaveLength(1);
    expect(await balanceOf(t.app, second.user.id)).toBe(2);
  });

  it('finishes a call when the webhook reached another process (found in engine_jobs)', async () => {
    fake.behaviour = { ...defaults, outcome: 'hang', webhook: 'lose' };
    const engine = new RunPodEngine({ apiKey: API_KEY, endpointId: ENDPOINT, baseUrl: fake.baseUrl, publicUrl, models: gpuModels({}), db: t.app.ctx.db, pollMs: 100, outputHosts: [] });
    const before = fake.jobs.size;
    const image = await makePng(64, 32, () => [40, 80, 120]);
    const call = engine.upscale({ image, width: 128, height: 64, scaleFactor: 2, aiStrength: 12, resemblance: 12, clarity: 12, sharpness: 12, matchColor: true, seed: 1, variationNumber: 1 });
    const job = await eventually(async () => jobsSince(before)[0], 'the job to be submitted');
    const engineJobId = engineJobIdOf(job);
    await eventually(async () => (await readEngineJob(t.app.ctx.db, engineJobId))?.providerJobId === job.id, 'the job to be marked submitted');
    // What the webhook handler of another process does: record the payload (no waiter there to hand it to).
    const result = await makePng(128, 64, () => [200, 100, 50]);
    const payload = { id: job.id, status: 'COMPLETED', output: { images: [{ filename: 'upscale_00001_.png', type: 'base64', data: result.toString('base64') }] } };
    expect(await recordOutcome(t.app.ctx.db, engineJobId, payload, { keepResult: true })).toBe(true);
    const out = await call;
    expect([out.width, out.height]).toEqual([128, 64]);
    expect(await readEngineJob(t.app.ctx.db, engineJobId)).toMatchObject({ status: 'COMPLETED', result: null });
  });

  it('cancels a job whose submission was still unanswered at the time limit', async () => {
    fake.behaviour = { ...defaults, outcome: 'hang', submission: 'held' };
    const engine = new RunPodEngine({ apiKey: API_KEY, endpointId: ENDPOINT, baseUrl: fake.baseUrl, publicUrl, models: gpuModels({}), db: t.app.ctx.db, pollMs: 100, outputHosts: [] });
    const before = fake.jobs.size;
    const controller = new AbortController();
    const image = await makePng(64, 32, () => [40, 80, 120]);
    const submitted = fake.nextSubmission();
    const call = engine.upscale({ image, width: 128, height: 64, scaleFactor: 2, aiStrength: 12, resemblance: 12, clarity: 12, sharpness: 12, matchColor: true, seed: 1, variationNumber: 1, signal: controller.signal });
    call.catch(() => {});
    // RunPod has queued the job, its answer is still on the way, and the time limit comes.
    await submitted;
    controller.abort(new Error('The job exceeded its time limit of 1 s'));
    fake.answerSubmissions();
    await expect(call).rejects.toThrow(/time limit/);
    const [job] = jobsSince(before);
    expect(fake.cancels).toContain(job.id);
    expect(job.status).toBe('CANCELLED');
    expect(await readEngineJob(t.app.ctx.db, engineJobIdOf(job))).toMatchObject({ providerJobId: job.id, status: 'CANCELLED' });
  });

  it('a workflow the worker refuses (validation) fails without retries', async () => {
    const engine = new RunPodEngine({
      apiKey: API_KEY,
      endpointId: ENDPOINT,
      baseUrl: fake.baseUrl,
      publicUrl,
      models: { ...gpuModels({}), checkpoint: 'not-installed.safetensors' },
      db: t.app.ctx.db,
      pollMs: 100,
      outputHosts: [],
    });
    const image = await makePng(64, 64, () => [1, 2, 3]);
    const call = engine.inpaint({ image, mask: image, prompt: 'x', seed: 1 });
    await expect(call).rejects.toBeInstanceOf(EngineRejectedError);
    await expect(call).rejects.toThrow(/^RunPod's worker rejected the workflow: Workflow validation failed:.*not-installed\.safetensors/s);
  });
});

describe('RunPod engine time-out', { timeout: 90_000 }, () => {
  let fake: RunPodFake;
  let t: TestApp;
  let publicUrl: string;
  beforeAll(async () => {
    fake = new RunPodFake({ apiKey: API_KEY, endpointId: ENDPOINT });
    await fake.start();
    fake.behaviour = { ...fake.behaviour, outcome: 'hang' };
    ({ t, publicUrl } = await runpodApp(fake, { RENDER_TIMEOUT_SECONDS: '1', JOBS_MAINTENANCE_SECONDS: '1' }));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('cancels the RunPod job at the time limit (every attempt), then fails and refunds the variation', async () => {
    const user = await createSubscribedUser(t.app, { credits: 3 });
    const inputImageId = await createInputImage(t.app, user.id);
    const live = await connectLive(publicUrl, user.token);
    await live.waitFor('connected');
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1 } });
    const { batchId } = res.json() as GenerationResponse;
    await live.waitFor('batch_completed', (m) => m.batchId === batchId);
    await live.close();

    const [img] = await imagesOfBatch(t.app, user.id, batchId);
    expect(img.status).toBe('FAILED');
    expect(img.errorMessage).toMatch(/time limit/);
    const jobs = [...fake.jobs.values()];
    expect(jobs.length).toBe(3);
    expect(fake.cancels.sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(jobs.every((j) => j.status === 'CANCELLED')).toBe(true);
    const rows = await t.app.ctx.db.select().from(engineJobs);
    expect(rows.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(await balanceOf(t.app, user.id)).toBe(3);
  }, 60_000);
});
