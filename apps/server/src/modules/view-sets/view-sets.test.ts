import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, PushedView, RenderSetQuote, SetRender, ViewSetResponse, ViewSetsResponse, WebhookPayload } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { batches, generatedImages, setRenders } from '../../db/schema/index.js';
import { balanceOf, createSubscribedUser, eventually, type GenUser } from '../generation/generation.test-helpers.js';
import { makePng, multipartBody } from '../images/images.test-helpers.js';
import { createTeamVia, fundTeam, inTeam } from '../teams/teams.test-helpers.js';

/**
 * View sets (issue 31 part 5) against the real server, database and CPU engine: sets are listed
 * per workspace; rendering a set opens one batch per view with one seed per variation and the
 * materials of the shown view given by name, charges one credit per view and variation, refuses
 * with 402 and charges nothing when the pool is short, and set.completed is delivered once.
 */

const W = 160;
const H = 120;
// Two materials split left/right (the camera's two façades), shifted per view so the views differ.
const split = (shift: number) => (x: number): [number, number, number] => (x < W / 2 + shift ? [0xc8, 0x55, 0x3d] : [0x40, 0x73, 0xb3]);
const MATERIALS = JSON.stringify({ '#c8553d': 'Brick', '#4073b3': 'Glazing' });

let t: TestApp;
let receiver: { url: string; received: string[]; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' } });
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => new Promise((r) => server.close(() => r())) };
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function keyOf(headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Blender' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>().key;
}

/** Pushes a view as the add-on does: the view, its ID pass with two named materials, the camera name and the set. */
async function pushView(key: string, set: string, camera: string, shift = 0): Promise<PushedView> {
  const view = await makePng(W, H, (x, y) => split(shift)(x).map((c) => Math.min(255, c + ((x + y) % 7))) as [number, number, number]);
  const idPass = await makePng(W, H, (x) => split(shift)(x));
  const body = multipartBody([
    { name: 'view', filename: `${camera}.png`, contentType: 'image/png', data: view },
    { name: 'idPass', filename: 'ids.png', contentType: 'image/png', data: idPass },
    { name: 'materials', value: MATERIALS },
    { name: 'source', value: 'blender' },
    { name: 'name', value: camera },
    { name: 'set', value: set },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/plugins/views', headers: { authorization: `Bearer ${key}`, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PushedView>();
}

const get = async <T>(url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<T>() };
};
const setUrl = (name: string) => `/api/images/input-images/sets/${encodeURIComponent(name)}`;

describe('listing view sets', () => {
  it("lists only the caller's sets and views, per user and per workspace", async () => {
    const ada = await createSubscribedUser(t.app);
    const eve = await createSubscribedUser(t.app);
    const adaKey = await keyOf(ada.headers);
    const a1 = await pushView(adaKey, 'Riverside – scheme B', 'Camera.North');
    const a2 = await pushView(adaKey, 'Riverside – scheme B', 'Camera.South', 10);
    await pushView(adaKey, 'Harbour', 'Camera');
    const e1 = await pushView(await keyOf(eve.headers), 'Riverside – scheme B', 'Eve camera');
    // A team's pushes (a key made in the team's workspace) belong to the team, not to its owner.
    const team = await createTeamVia(t.app, 'Studio Set');
    await fundTeam(t.app, team, 10);
    const t1 = await pushView(await keyOf(inTeam(team.owner, team.id)), 'Riverside – scheme B', 'Team camera');

    const adaSets = await get<ViewSetsResponse>('/api/images/input-images/sets', ada.headers);
    expect(adaSets.status).toBe(200);
    expect(adaSets.body.sets.map((s) => [s.name, s.viewCount]).sort()).toEqual([['Harbour', 1], ['Riverside – scheme B', 2]]);
    expect(adaSets.body.sets.every((s) => typeof s.coverUrl === 'string')).toBe(true);

    const adaSet = await get<ViewSetResponse>(setUrl('Riverside – scheme B'), ada.headers);
    expect(adaSet.body.views.map((v) => [v.id, v.fileName, v.viewSet])).toEqual([
      [a1.inputImageId, 'Camera.North', 'Riverside – scheme B'],
      [a2.inputImageId, 'Camera.South', 'Riverside – scheme B'],
    ]);
    expect((await get<ViewSetResponse>(setUrl('Riverside – scheme B'), eve.headers)).body.views.map((v) => v.id)).toEqual([e1.inputImageId]);
    expect((await get<ViewSetResponse>(setUrl('Riverside – scheme B'), inTeam(team.owner, team.id))).body.views.map((v) => v.id)).toEqual([t1.inputImageId]);
    // The owner's own workspace has no set; another person's set name is a 404 there.
    expect((await get<ViewSetsResponse>('/api/images/input-images/sets', team.owner.headers)).body.sets).toEqual([]);
    const missing = await get<{ message: string; code: string }>(setUrl('Harbour'), eve.headers);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('View set not found');
    // A deleted view leaves its set.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/input-images/${a2.inputImageId}`, headers: ada.headers })).statusCode).toBeLessThan(300);
    expect((await get<ViewSetResponse>(setUrl('Riverside – scheme B'), ada.headers)).body.views.map((v) => v.id)).toEqual([a1.inputImageId]);
  });
});

describe('rendering a set', { timeout: 180_000 }, () => {
  let ada: GenUser;
  let views: PushedView[];
  const SET = 'Riverside – scheme B';

  beforeAll(async () => {
    ada = await createSubscribedUser(t.app, { credits: 10 });
    const key = await keyOf(ada.headers);
    views = [await pushView(key, SET, 'Camera.North'), await pushView(key, SET, 'Camera.South', 16), await pushView(key, SET, 'Camera.East', -16)];
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/endpoints', headers: ada.headers, payload: { url: receiver.url, events: ['set.completed'] } });
    expect(hook.statusCode, hook.body).toBe(201);
  });

  it('quotes one credit per view and variation', async () => {
    const quote = await get<RenderSetQuote>(`${setUrl(SET)}/quote?variations=2`, ada.headers);
    expect(quote.body).toEqual({ set: SET, views: 3, variations: 2, cost: 6, balance: 10, enough: true });
    const bad = await t.app.inject({ method: 'GET', url: `${setUrl(SET)}/quote?variations=9`, headers: ada.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses with 402 up front when the credits are short, charging and opening nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/render-set', headers: ada.headers, payload: { set: SET, variations: 4 } });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(res.json().message).toContain('this needs 12 and your balance is 10');
    expect(await balanceOf(t.app, ada.id)).toBe(10);
    expect(await t.app.ctx.db.select().from(batches).where(eq(batches.userId, ada.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(setRenders).where(eq(setRenders.userId, ada.id))).toEqual([]);
  });

  it('renders every view with one look, charges once per view and variation, and delivers set.completed once', async () => {
    const brickOfFirst = views[0].regions.find((r) => r.name === 'Brick')!;
    const brickMapping = { customText: 'Hand-made brick, Flemish bond', materialOptionName: 'Hand-made brick' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/runpod/render-set',
      headers: ada.headers,
      payload: {
        set: SET,
        variations: 2,
        prompt: 'Warm evening light',
        fromInputImageId: views[0].inputImageId,
        settings: { selections: { weather: 'sunny', lighting: 'golden_hour' } },
        maskMaterialMappings: { [`mask_${brickOfFirst.id}`]: brickMapping },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<SetRender>();
    expect(started.views.map((v) => v.inputImageId)).toEqual(views.map((v) => v.inputImageId));
    expect(started.cost).toBe(6);
    expect(started.seeds).toHaveLength(2);
    expect(await balanceOf(t.app, ada.id)).toBe(4);
    const batchIds = started.views.map((v) => v.batchId);
    expect(new Set(batchIds).size).toBe(3);

    // Each view's variation i has the set's seed i; every batch has the same prompt and selections; Brick is mapped in every view by name.
    for (const [i, view] of started.views.entries()) {
      const images = await t.app.ctx.db.select().from(generatedImages).where(and(eq(generatedImages.batchId, view.batchId), eq(generatedImages.userId, ada.id)));
      expect(images.map((im) => Number(im.seed)).sort()).toEqual([...started.seeds].sort());
      expect(images.every((im) => im.prompt === 'Warm evening light')).toBe(true);
      const brick = views[i].regions.find((r) => r.name === 'Brick')!;
      for (const im of images) {
        expect(im.maskMaterialMappings).toEqual({ [`mask_${brick.id}`]: brickMapping });
        expect((im.settingsSnapshot as { selections?: Record<string, unknown> }).selections).toMatchObject({ weather: 'sunny', lighting: 'golden_hour' });
      }
    }

    const done = await eventually(async () => {
      const r = await get<SetRender>(`/api/runpod/set-renders/${started.id}`, ada.headers);
      return r.body.status === 'COMPLETED' ? r.body : undefined;
    }, 'the set render to complete', 120_000);
    expect(done.views.map((v) => v.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(done.views.every((v) => v.images.length === 2 && v.images.every((im) => im.status === 'COMPLETED' && im.thumbnailUrl))).toBe(true);

    const payloads = await eventually(async () => (receiver.received.length >= 1 ? receiver.received : undefined), 'set.completed');
    await new Promise((r) => setTimeout(r, 1500)); // nothing else arrives
    expect(receiver.received).toHaveLength(1);
    const payload = JSON.parse(payloads[0]) as WebhookPayload;
    expect(payload.type).toBe('set.completed');
    expect(payload.data).toMatchObject({ setRenderId: started.id, set: SET, status: 'COMPLETED' });
    expect(payload.data.views!.map((v) => [v.inputImageId, v.batchId, v.status, v.images.length])).toEqual(
      started.views.map((v) => [v.inputImageId, v.batchId, 'COMPLETED', 2]),
    );
    expect(await balanceOf(t.app, ada.id)).toBe(4);

    // The gallery's rows: the set render with its three views, and nobody else's.
    const list = await get<{ setRenders: SetRender[] }>('/api/runpod/set-renders', ada.headers);
    expect(list.body.setRenders.map((s) => [s.id, s.set, s.views.length])).toEqual([[started.id, SET, 3]]);
    const eve = await createSubscribedUser(t.app);
    expect((await get<{ setRenders: SetRender[] }>('/api/runpod/set-renders', eve.headers)).body.setRenders).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/runpod/set-renders/${started.id}`, headers: eve.headers })).statusCode).toBe(404);
  });
});
