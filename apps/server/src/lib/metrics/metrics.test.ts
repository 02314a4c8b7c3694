import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationResponse } from '@atelier/contract';
import { createEngine, type Engine, type RenderRequest } from '../../engines/index.js';
import { AppError } from '../errors.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { parsePrometheusText, sampleValue, type MetricFamily } from '../../../test/helpers/prometheus-text.js';
import {
  balanceOf,
  connectLive,
  createInputImage,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
} from '../../modules/generation/generation.test-helpers.js';

const TOKEN = 'metrics-token-for-the-scraper-0123';

/** The local engine, except that a render whose prompt says "refuse" fails for good (a permanent error: refunded at once). */
function refusingEngine(): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    render(req: RenderRequest) {
      if (req.prompt.includes('refuse')) return Promise.reject(new AppError(422, 'INVALID_JOB', 'The engine refused this variation'));
      return real.render(req);
    },
  });
}

describe('GET /metrics', { timeout: 120_000 }, () => {
  it('is not served unless METRICS_TOKEN or METRICS_PORT is set', async () => {
    const t = await createTestApp();
    try {
      // /metrics is then one more path of the single-page app (503 here: no web build), never the metrics.
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('atelier_');
      expect(t.app.metricsServer).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, overrides: { engine: refusingEngine() } });
      baseUrl = await listen(t.app);
    });
    afterAll(async () => {
      await t?.close();
    });

    const scrape = async (): Promise<Map<string, MetricFamily>> => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheusText(res.body);
    };

    it('refuses a missing or wrong bearer token with 401', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-000000' }, { authorization: TOKEN }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'METRICS_UNAUTHORIZED', message: expect.any(String) });
      }
    });

    it('counts a render and a refund, with request durations by route pattern, queue depth and live sockets', async () => {
      const before = await scrape();
      const user = await createSubscribedUser(t.app, { credits: 10 });
      const inputImageId = await createInputImage(t.app, user.id);
      const live = await connectLive(baseUrl, user.token);
      await live.waitFor('connected');

      // A render that succeeds: one credit debited, one duration observed for the local engine.
      const ok = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 1 } });
      expect(ok.statusCode).toBe(200);
      const okBatch = (ok.json() as GenerationResponse).batchId;
      await live.waitFor('batch_completed', (m) => m.batchId === okBatch);
      // One the engine refuses: debited, then failed for good and refunded.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/runpod/generate',
        headers: user.headers,
        payload: { inputImageId, variations: 1, prompt: 'refuse this one' },
      });
      expect(refused.statusCode).toBe(200);
      const refusedBatch = (refused.json() as GenerationResponse).batchId;
      await live.waitFor('batch_completed', (m) => m.batchId === refusedBatch);
      expect((await imagesOfBatch(t.app, user.id, refusedBatch))[0].status).toBe('FAILED');
      expect(await balanceOf(t.app, user.id)).toBe(9);

      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(after.get('atelier_credits_debited_total')?.type).toBe('counter');
      expect(delta('atelier_credits_debited_total')).toBe(2);
      expect(delta('atelier_credits_refunded_total')).toBe(1);
      expect(delta('atelier_failures_total', { kind: 'render', cause: 'invalid' })).toBe(1);
      expect(after.get('atelier_variation_duration_seconds')?.type).toBe('histogram');
      expect(delta('atelier_variation_duration_seconds_count', { kind: 'render', engine: 'local' })).toBe(1);
      expect(sampleValue(after, 'atelier_variation_duration_seconds_sum', { kind: 'render', engine: 'local' })).toBeGreaterThan(0);

      // Requests by their route's pattern and status, never by the raw URL.
      expect(delta('http_request_duration_seconds_count', { method: 'POST', route: '/api/runpod/generate', status: '200' })).toBe(2);
      const routes = after.get('http_request_duration_seconds')!.samples.map((s) => s.labels.route);
      expect(routes.every((r) => !/\/\d+(\/|$)/.test(r))).toBe(true);
      await t.app.inject({ method: 'GET', url: `/api/images/input-images/${inputImageId}`, headers: user.headers });
      // (onResponse runs once the reply is out: the next scrape may come first.)
      await eventually(
        async () => (await scrape()).get('http_request_duration_seconds')!.samples.some((s) => s.labels.route === '/api/images/input-images/:id' && s.labels.status === '200'),
        'GET /api/images/input-images/:id to be counted under its pattern',
        5_000,
      );

      // The queues the app declared, each with its depth, and this socket.
      expect(after.get('atelier_job_queue_depth')?.type).toBe('gauge');
      expect(after.get('atelier_job_queue_depth')!.samples.some((s) => s.labels.queue === 'render' && s.labels.state === 'waiting')).toBe(true);
      expect(after.get('atelier_job_queue_oldest_waiting_seconds')!.samples.some((s) => s.labels.queue === 'render')).toBe(true);
      expect(sampleValue(after, 'atelier_live_sockets')).toBe(1);
      await live.close();
      await eventually(async () => sampleValue(await scrape(), 'atelier_live_sockets') === 0, 'the socket to be counted closed');
    });
  });

  it('with METRICS_PORT serves /metrics on 127.0.0.1 only, without a token', async () => {
    const t = await createTestApp({ env: { METRICS_PORT: '0' } });
    try {
      // No token: the app's own port does not serve it.
      const own = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(own.statusCode).not.toBe(200);
      expect(own.body).not.toContain('atelier_');
      const addr = t.app.metricsServer!.address();
      if (!addr || typeof addr === 'string') throw new Error('no metrics address');
      expect(addr.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${addr.port}/metrics`);
      expect(res.status).toBe(200);
      const families = parsePrometheusText(await res.text());
      expect(families.get('atelier_credits_refunded_total')?.type).toBe('counter');
      expect((await fetch(`http://127.0.0.1:${addr.port}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('parsePrometheusText (the tests’ reader) refuses what the format does not allow', () => {
  it.each([
    ['a sample of an undeclared metric', 'x_total 1\n'],
    ['a bad number', '# TYPE x counter\nx 1,5\n'],
    ['an unterminated label', '# TYPE x counter\nx{a="b} 1\n'],
    ['a histogram whose +Inf bucket is not its count', '# TYPE h histogram\nh_bucket{le="1"} 1\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 3\n'],
    ['no final line feed', '# TYPE x counter\nx 1'],
  ])('%s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
