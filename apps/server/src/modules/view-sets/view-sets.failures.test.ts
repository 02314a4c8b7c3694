import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, SetRender, WebhookPayload } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createEngine, type Engine, type RenderRequest } from '../../engines/index.js';
import { balanceOf, createSubscribedUser, eventually } from '../generation/generation.test-helpers.js';
import { makePng, multipartBody } from '../images/images.test-helpers.js';

/**
 * A set render whose one view fails (the engine refuses that view's renders): its variations are
 * refunded as every failed variation is, the set render still completes, once, and set.completed
 * says PARTIAL with that view FAILED and the others COMPLETED.
 */

const FAILING_WIDTH = 150;

/** The local engine, except that it fails every render of an input FAILING_WIDTH pixels wide. */
function engineFailingOneView(): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    async render(req: RenderRequest) {
      if ((await sharp(req.input).metadata()).width === FAILING_WIDTH) throw new Error('The GPU ran out of memory');
      return real.render(req);
    },
  });
}

let t: TestApp;
const received: string[] = [];
let server: http.Server;
let hookUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' }, overrides: { engine: engineFailingOneView() } });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  await t?.close();
});

describe('a set render with a failing view', { timeout: 180_000 }, () => {
  it('refunds the failed view, completes once and says PARTIAL with each view’s status', async () => {
    const ada = await createSubscribedUser(t.app, { credits: 10 });
    const key = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: ada.headers, payload: { name: 'Blender' } })).json<CreatedApiKey>().key;
    const ids: number[] = [];
    for (const [name, width] of [['Camera.North', 160], ['Camera.South', FAILING_WIDTH]] as const) {
      const body = multipartBody([
        { name: 'view', filename: `${name}.png`, contentType: 'image/png', data: await makePng(width, 120, (x, y) => [(x * 3) % 256, (y * 5) % 256, 120]) },
        { name: 'name', value: name },
        { name: 'set', value: 'Harbour' },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/plugins/views', headers: { authorization: `Bearer ${key}`, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ inputImageId: number }>().inputImageId);
    }
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url: hookUrl, events: ['set.completed'] } });
    expect(hook.statusCode, hook.body).toBe(201);

    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/render-set', headers: ada.headers, payload: { set: 'Harbour', variations: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<SetRender>();
    expect(await balanceOf(t.app, ada.id)).toBe(6);

    const done = await eventually(async () => {
      const r = (await t.app.inject({ method: 'GET', url: `/api/runpod/set-renders/${started.id}`, headers: ada.headers })).json<SetRender>();
      return r.status === 'COMPLETED' ? r : undefined;
    }, 'the set render to complete', 150_000);
    expect(done.views.map((v) => [v.inputImageId, v.status])).toEqual([
      [ids[0], 'COMPLETED'],
      [ids[1], 'FAILED'],
    ]);
    // The failed view's two credits came back; the rendered view's stay spent.
    await eventually(async () => (await balanceOf(t.app, ada.id)) === 8, 'the refund of the failed view');

    await eventually(async () => received.length >= 1, 'set.completed');
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toHaveLength(1);
    const payload = JSON.parse(received[0]) as WebhookPayload;
    expect(payload).toMatchObject({ type: 'set.completed', data: { setRenderId: started.id, set: 'Harbour', status: 'PARTIAL' } });
    expect(payload.data.views!.map((v) => [v.inputImageId, v.batchId, v.status, v.images.length])).toEqual([
      [ids[0], started.views[0].batchId, 'COMPLETED', 2],
      [ids[1], started.views[1].batchId, 'FAILED', 0],
    ]);
  });
});
