import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLUGIN_MESSAGES, type CreatedWebhookEndpoint, type WebhookEndpointsResponse, type WebhookPayload } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { createInputImage, createSubscribedUser, eventually, type GenUser } from '../generation/generation.test-helpers.js';

/**
 * Webhook deliveries against a real HTTP server on this machine: signed as Standard Webhooks
 * says (checked here with the standard's own algorithm), retried after a 500, logged, and never
 * sent to a private address unless WEBHOOKS_ALLOW_PRIVATE=true.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers each request with the next status of `statuses` (the last one repeats). */
async function startReceiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)];
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/atelier`, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The Standard Webhooks verification, written from the spec (not from our sender). */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((candidate) => {
      const [version, signature] = candidate.split(',');
      const got = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && got.length === expected.length && crypto.timingSafeEqual(got, expected);
    });
}

async function renderOnce(t: TestApp, user: GenUser): Promise<number> {
  const inputImageId = await createInputImage(t.app, user.id, 96, 64);
  const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 2 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().batchId;
}

const endpointsOf = async (t: TestApp, user: GenUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/webhooks/endpoints', headers: user.headers })).json<WebhookEndpointsResponse>().endpoints;

describe('with WEBHOOKS_ALLOW_PRIVATE=true (a receiver on this machine)', { timeout: 90_000 }, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' } });
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => receiver?.close());

  it('signs batch.completed, retries after a 500, then logs it delivered', async () => {
    receiver = await startReceiver([500, 200]);
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/endpoints',
      headers: ada.headers,
      payload: { url: receiver.url, events: ['batch.completed', 'batch.failed'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<CreatedWebhookEndpoint>();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is shown once: the list never carries it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/webhooks/endpoints', headers: ada.headers });
    expect(listed.body).not.toContain(endpoint.secret);

    const batchId = await renderOnce(t, ada);
    const rx = receiver;
    await eventually(async () => rx.received.length >= 2, 'the retried delivery');

    const [first, second] = rx.received;
    for (const r of rx.received) {
      expect(verifyStandardWebhook(endpoint.secret, r.headers, r.body), 'signature').toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(verifyStandardWebhook(endpoint.secret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), first.headers, first.body)).toBe(false);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']); // one message, tried twice
    expect(second.body).toBe(first.body);

    const payload = JSON.parse(second.body) as WebhookPayload;
    expect(payload.type).toBe('batch.completed');
    expect(payload.data).toMatchObject({ batchId, status: 'COMPLETED', moduleType: 'CREATE' });
    expect(payload.data.images).toHaveLength(2);
    for (const image of payload.data.images!) {
      const url = new URL(image.url);
      expect(url.origin).toBe('http://localhost:3000'); // PUBLIC_URL: absolute, for the receiver
      expect(Number(url.searchParams.get('exp')) - Date.now() / 1000).toBeGreaterThanOrEqual(24 * 3600);
      const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
    }

    const log = await eventually(async () => {
      const [e] = await endpointsOf(t, ada);
      return e.deliveries[0]?.status === 'delivered' ? e.deliveries : undefined;
    }, 'the delivery log');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'batch.completed', status: 'delivered', statusCode: 200, attempts: 2, error: null });
  });

  it('signs masks.completed when an input image\'s regions are ready', async () => {
    receiver = await startReceiver([200]);
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    const created = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url: receiver.url, events: ['masks.completed'] } });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json<CreatedWebhookEndpoint>();
    const inputImageId = await createInputImage(t.app, ada.id, 96, 64);
    const started = await t.app.inject({ method: 'POST', url: '/api/masks/generate', headers: ada.headers, payload: { inputImageId } });
    expect(started.statusCode, started.body).toBe(200);

    const rx = receiver;
    await eventually(async () => rx.received.length >= 1, 'the masks.completed delivery');
    const [delivery] = rx.received;
    expect(verifyStandardWebhook(secret, delivery.headers, delivery.body), 'signature').toBe(true);
    const payload = JSON.parse(delivery.body) as WebhookPayload;
    expect(payload.type).toBe('masks.completed');
    const masks = await t.app.inject({ method: 'GET', url: `/api/masks/${inputImageId}`, headers: ada.headers });
    const regions = (masks.json().data as { maskRegions: unknown[] }).maskRegions;
    expect(payload.data).toMatchObject({ inputImageId, status: 'completed', maskCount: regions.length });
    expect(regions.length).toBeGreaterThan(0);
  });

  it('sends nothing for events the endpoint did not choose, and nothing after it is removed', async () => {
    receiver = await startReceiver([200]);
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    const masksOnly = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url: receiver.url, events: ['masks.completed'] } });
    const all = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url: receiver.url, events: ['batch.completed'] } });
    const bob = await createSubscribedUser(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/endpoints/${all.json().id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/endpoints/${all.json().id}`, headers: ada.headers })).statusCode).toBe(200);
    const batchId = await renderOnce(t, ada);
    await eventually(async () => (await t.app.inject({ method: 'GET', url: `/api/runpod/status/${batchId}`, headers: ada.headers })).json().status === 'COMPLETED', 'the batch');
    const [endpoint] = await endpointsOf(t, ada);
    expect(endpoint.id).toBe(masksOnly.json().id);
    expect(endpoint.deliveries).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});

describe('by default (no WEBHOOKS_ALLOW_PRIVATE)', { timeout: 90_000 }, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startReceiver([200]);
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('refuses loopback, private, link-local and non-http URLs (400 naming url)', async () => {
    const ada = await createSubscribedUser(t.app);
    const cases = [
      [receiver.url, PLUGIN_MESSAGES.webhookPrivate],
      [`http://localhost:${receiver.port}/`, PLUGIN_MESSAGES.webhookPrivate],
      ['http://[::1]:8080/hook', PLUGIN_MESSAGES.webhookPrivate],
      ['http://169.254.169.254/latest/meta-data', PLUGIN_MESSAGES.webhookPrivate],
      ['https://10.1.2.3/hook', PLUGIN_MESSAGES.webhookPrivate],
      ['http://[::ffff:192.168.1.1]/hook', PLUGIN_MESSAGES.webhookPrivate],
      ['ftp://example.com/hook', PLUGIN_MESSAGES.webhookUrl],
      ['file:///etc/passwd', PLUGIN_MESSAGES.webhookUrl],
    ] as const;
    for (const [url, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url, events: ['batch.completed'] } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await endpointsOf(t, ada)).toEqual([]);
  });

  it('never delivers to a private address, even one stored earlier (checked on the resolved address at send time)', async () => {
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    // As if the name had resolved to a public address when it was added: the send-time check still holds.
    await t.app.ctx.db.insert(webhookEndpoints).values({ userId: ada.id, url: `http://localhost:${receiver.port}/hook`, events: ['batch.completed'], secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' });
    await renderOnce(t, ada);
    const [endpoint] = await eventually(async () => {
      const list = await endpointsOf(t, ada);
      return list[0]?.deliveries[0]?.status === 'failed' ? list : undefined;
    }, 'the refused delivery');
    expect(endpoint.deliveries[0]).toMatchObject({ status: 'failed', statusCode: null, attempts: 1 });
    expect(endpoint.deliveries[0].error).toMatch(/private, loopback or link-local/);
    expect(receiver.received).toEqual([]);
  });
});
