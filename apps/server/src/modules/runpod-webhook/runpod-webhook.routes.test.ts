import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineJob, hashSecret, newSecret, readEngineJob } from '../../engines/runpod/engine-jobs.js';
import { listen } from '../generation/generation.test-helpers.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { WEBHOOK_BODY_LIMIT } from './runpod-webhook.routes.js';

/**
 * Sends the headers of a POST declaring `declared` bytes and only `sent` of them, and resolves
 * with the answer: a server that read the body before answering would never answer.
 */
function partialPost(url: string, declared: number, sent: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(declared) } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(sent);
  });
}

describe('RunPod webhook route', { timeout: 90_000 }, () => {
  let t: TestApp;
  let base: string;
  let jobId: string;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE: 'runpod', RUNPOD_API_KEY: 'rp_key', RUNPOD_ENDPOINT_ID: 'endpoint', RUNPOD_BASE_URL: 'http://127.0.0.1:9/v2' } });
    base = await listen(t.app);
    jobId = crypto.randomUUID();
    secret = newSecret();
    await createEngineJob(t.app.ctx.db, { id: jobId, engine: 'runpod', secretHash: hashSecret(secret) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const hookUrl = (q: string) => `${base}/api/runpod/webhook${q}`;

  it('checks the job and its secret before reading the body (a huge body is never read)', async () => {
    const huge = 200 * 1024 * 1024;
    const wrong = await partialPost(hookUrl(`?job=${jobId}&secret=wrong`), huge, Buffer.from('{"id":'));
    expect(wrong.status).toBe(404);
    expect(JSON.parse(wrong.body)).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    const none = await partialPost(hookUrl(`?job=${jobId}`), huge, Buffer.from('{"id":'));
    expect(none.status).toBe(401);
    const unknown = await partialPost(hookUrl(`?job=${crypto.randomUUID()}&secret=${secret}`), huge, Buffer.from('{'));
    expect(unknown.status).toBe(404);
    expect((await readEngineJob(t.app.ctx.db, jobId))?.deliveries).toBe(0);
  });

  it('answers 413 at once to an authenticated body over the limit, without buffering it', async () => {
    const res = await partialPost(hookUrl(`?job=${jobId}&secret=${encodeURIComponent(secret)}`), WEBHOOK_BODY_LIMIT + 1, Buffer.from('{"id":'));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await readEngineJob(t.app.ctx.db, jobId))?.completedAt).toBeNull();
  });

  it('takes the largest result a worker may return inline (15 MB of base64)', async () => {
    const data = Buffer.alloc(15 * 1024 * 1024, 'A').toString('utf8');
    const body = JSON.stringify({ status: 'COMPLETED', output: { images: [{ filename: 'upscale_00001_.png', type: 'base64', data }] } });
    expect(body.length).toBeLessThan(WEBHOOK_BODY_LIMIT);
    const res = await fetch(hookUrl(`?job=${jobId}&secret=${encodeURIComponent(secret)}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect(await readEngineJob(t.app.ctx.db, jobId)).toMatchObject({ status: 'COMPLETED', deliveries: 1 });
  });
});

describe('RunPod webhook route with another engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE: 'local' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not registered', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/webhook?job=x&secret=y', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No API route POST /api/runpod/webhook', code: 'NOT_FOUND' });
  });
});
