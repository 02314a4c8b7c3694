import type { RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse, AdminRendersResponse, AdminSystem, AdminUser, AdminUsersResponse, GenerationResponse } from '@atelier/contract';
import { runAdmin } from '../../admin.js';
import { creditTransactions, generatedImages, users } from '../../db/schema/index.js';
import { createEngine, type Engine, type RenderRequest } from '../../engines/index.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer, createVerifiedUser, tokenFor, type TestUser } from '../../../test/helpers/factories.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import {
  balanceOf,
  connectLive,
  createInputImage,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
} from '../generation/generation.test-helpers.js';

/** The local engine, except that it refuses renders while `refuse` is on, and never finishes those whose prompt says "hang". */
function switchableEngine(state: { refuse: boolean }): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    render(req: RenderRequest) {
      if (req.prompt.includes('hang')) return new Promise((_, reject) => req.signal?.addEventListener('abort', () => reject(req.signal?.reason)));
      if (state.refuse) return Promise.reject(new AppError(422, 'INVALID_JOB', 'The engine refused this variation'));
      return real.render(req);
    },
  });
}

const engineState = { refuse: true };
const routes: RouteOptions[] = [];
let t: TestApp;
let baseUrl: string;
let operator: TestUser;
let opHeaders: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, overrides: { engine: switchableEngine(engineState) }, onRoute: (r) => routes.push(r) });
  baseUrl = await listen(t.app);
  operator = await createVerifiedUser(t.app, { fullName: 'Olga Operator' });
  expect(await runAdmin(['make-operator', operator.email], { db: t.app.ctx.db, log: t.app.log })).toEqual({
    code: 0,
    output: `${operator.email} is now an operator: the console is at /admin.`,
  });
  opHeaders = bearer(await tokenFor(t.app, operator));
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = opHeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: Record<string, string> = opHeaders) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const audit = async () => (await get('/api/admin/audit')).json() as AdminAuditResponse;

describe('operator console: who may use it', () => {
  const adminRoutes = () =>
    routes
      .filter((r) => r.url.startsWith('/api/admin'))
      .flatMap((r) => [r.method].flat().filter((m) => m !== 'HEAD').map((m) => ({ method: m as 'GET' | 'POST', url: r.url.replace(':id', String(operator.id)) })));

  it('refuses every /api/admin route without a session (401), to a non-operator (403) and to an API key, even an operator’s (403)', async () => {
    const list = adminRoutes();
    expect(list.length).toBe(11);
    const someone = await createVerifiedUser(t.app);
    const someoneHeaders = bearer(await tokenFor(t.app, someone));
    const opKey = await createApiKey(t.app.ctx.db, operator.id, 'scripts');
    const before = await t.app.ctx.db.select().from(creditTransactions);
    for (const r of list) {
      const payload = r.method === 'POST' ? { amount: 5, reason: 'isolation test', suspended: true } : undefined;
      const anonymous = await t.app.inject({ method: r.method, url: r.url, payload });
      expect(anonymous.statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
      const person = await t.app.inject({ method: r.method, url: r.url, headers: someoneHeaders, payload });
      expect(person.statusCode, `${r.method} ${r.url} non-operator`).toBe(403);
      expect(person.json()).toMatchObject({ code: 'OPERATOR_ONLY', message: 'This is for operators only.' });
      const key = await t.app.inject({ method: r.method, url: r.url, headers: bearer(opKey.key), payload });
      expect(key.statusCode, `${r.method} ${r.url} API key`).toBe(403);
      expect(key.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    }
    // Nothing any refused call could have done happened.
    expect(await t.app.ctx.db.select().from(creditTransactions)).toHaveLength(before.length);
    const [op] = await t.app.ctx.db.select().from(users).where(eq(users.id, operator.id));
    expect(op.suspendedAt).toBeNull();
    expect((await audit()).items).toHaveLength(0);
  });

  it('lets an operator in, and the role cannot be set through the API', async () => {
    expect((await get('/api/admin/access')).json()).toEqual({ operator: true, email: operator.email });
    const someone = await createVerifiedUser(t.app);
    const headers = bearer(await tokenFor(t.app, someone));
    const patched = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { fullName: 'Sneaky', isOperator: true, is_operator: true } });
    expect(patched.statusCode).toBeLessThan(500);
    expect((await get('/api/admin/access', headers)).statusCode).toBe(403);
    // The command takes it away again.
    expect((await runAdmin(['make-operator', someone.email, '--off'], { db: t.app.ctx.db, log: t.app.log })).code).toBe(0);
    expect((await runAdmin(['make-operator', 'nobody@example.com'], { db: t.app.ctx.db, log: t.app.log })).code).toBe(1);
  });

  it('says in the session reply (/auth/me) whether the account is an operator, so the web shows the way to /admin', async () => {
    expect((await get('/api/auth/me')).json().user.isOperator).toBe(true);
    const someone = await createVerifiedUser(t.app);
    const headers = bearer(await tokenFor(t.app, someone));
    const tryToSet = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers, payload: { isOperator: true } });
    expect(tryToSet.statusCode).toBeLessThan(500);
    expect((await get('/api/auth/me', headers)).json().user.isOperator).toBe(false);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: operator.email, password: operator.password } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.isOperator).toBe(true);
  });
});

describe('operator console: accounts', () => {
  it('searches accounts by the start of their e-mail, with plan, credits and last activity, a page at a time', async () => {
    const stem = `search${Date.now().toString(36)}`;
    const found = [];
    for (let i = 0; i < 3; i++) found.push(await createVerifiedUser(t.app, { email: `${stem}.${i}@studio-example.com` }));
    const subscribed = await createSubscribedUser(t.app, { credits: 40 });
    await t.app.ctx.db.update(users).set({ email: `${stem}.9@studio-example.com` }).where(eq(users.id, subscribed.id));
    // A request of theirs marks them active.
    await get('/api/auth/me', subscribed.headers);

    const page1 = (await get(`/api/admin/users?q=${stem.toUpperCase()}&limit=2`)).json() as AdminUsersResponse;
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(page1.items.map((u) => u.email)).toEqual([`${stem}.0@studio-example.com`, `${stem}.1@studio-example.com`]);
    const page2 = (await get(`/api/admin/users?q=${stem}&limit=2&page=2`)).json() as AdminUsersResponse;
    const sub = page2.items.find((u) => u.id === subscribed.id)!;
    expect(sub).toMatchObject({ plan: 'STARTER', planStatus: 'ACTIVE', credits: 40, kind: 'person', suspendedAt: null, isOperator: false });
    await eventually(async () => ((await get(`/api/admin/users/${subscribed.id}`)).json() as AdminUser).lastActiveAt !== null, 'last activity');
    // A wildcard in the search is a character, not a pattern.
    expect(((await get(`/api/admin/users?q=${encodeURIComponent('%')}`)).json() as AdminUsersResponse).items).toEqual([]);
    expect((await get('/api/admin/users/999999')).statusCode).toBe(404);
  });

  it('adjusts credits through the ledger with a reason, recorded in the audit log; bad input is a 400 naming the field', async () => {
    const ada = await createVerifiedUser(t.app, { credits: 10 });
    const ok = await post(`/api/admin/users/${ada.id}/credits`, { amount: 15, reason: 'Goodwill after the outage' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ balance: 25, applied: 15 });
    // Removing more than there is stops at zero.
    expect((await post(`/api/admin/users/${ada.id}/credits`, { amount: -100, reason: 'Chargeback' })).json()).toEqual({ balance: 0, applied: -25 });
    const ledger = (await get(`/api/admin/users/${ada.id}/ledger`)).json() as { items: Array<{ amount: number; reason: string; description: string; balanceAfter: number }> };
    expect(ledger.items.slice(0, 2)).toMatchObject([
      { amount: -25, reason: 'ADJUSTMENT', description: 'Operator adjustment: Chargeback', balanceAfter: 0 },
      { amount: 15, reason: 'ADJUSTMENT', description: 'Operator adjustment: Goodwill after the outage', balanceAfter: 25 },
    ]);
    expect(await balanceOf(t.app, ada.id)).toBe(0);

    for (const [payload, field] of [
      [{ amount: 0, reason: 'nothing at all' }, 'amount'],
      [{ amount: 2.5, reason: 'a fraction' }, 'amount'],
      [{ amount: 5 }, 'reason'],
      [{ amount: 5, reason: '  ' }, 'reason'],
    ] as const) {
      const bad = await post(`/api/admin/users/${ada.id}/credits`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(field);
    }
    expect((await get(`/api/admin/users/${ada.id}/ledger`)).json().pagination.total).toBe(2);
    const log = await audit();
    expect(log.items.slice(0, 2)).toMatchObject([
      { operatorEmail: operator.email, action: 'credits.adjust', target: ada.email, targetUserId: ada.id, details: { requested: -100, applied: -25, reason: 'Chargeback' } },
      { action: 'credits.adjust', details: { requested: 15, applied: 15, balance: 25 } },
    ]);
  });

  it('suspends an account: its sessions, sockets and API keys stop at once and it cannot sign in; restoring lets it in again', async () => {
    const ada = await createVerifiedUser(t.app);
    const token = await tokenFor(t.app, ada);
    const key = await createApiKey(t.app.ctx.db, ada.id, 'revit');
    expect((await get('/api/auth/me', bearer(token))).statusCode).toBe(200);
    expect((await get('/api/runpod/history', bearer(key.key))).statusCode).toBe(200);
    const live = await connectLive(baseUrl, token);
    await live.waitFor('connected');

    const suspended = await post(`/api/admin/users/${ada.id}/suspension`, { suspended: true, reason: 'Card fraud report' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((suspended.json() as AdminUser).suspendedAt).not.toBeNull();
    expect((await get('/api/auth/me', bearer(token))).statusCode).toBe(401);
    expect((await get('/api/runpod/history', bearer(key.key))).statusCode).toBe(401);
    expect((await live.closed).code).toBe(4003);
    const login = await post('/api/auth/login', { email: ada.email, password: ada.password! }, {});
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended. Contact support to have it restored.' });
    // A token signed for the account meanwhile is refused too.
    expect((await get('/api/auth/me', bearer(await tokenFor(t.app, ada)))).statusCode).toBe(401);
    // An operator cannot lock themselves out.
    expect((await post(`/api/admin/users/${operator.id}/suspension`, { suspended: true, reason: 'oops, me' })).statusCode).toBe(409);

    const restored = await post(`/api/admin/users/${ada.id}/suspension`, { suspended: false, reason: 'Report was wrong' });
    expect((restored.json() as AdminUser).suspendedAt).toBeNull();
    expect((await post('/api/auth/login', { email: ada.email, password: ada.password! }, {})).statusCode).toBe(200);
    expect((await get('/api/runpod/history', bearer(key.key))).statusCode).toBe(200);
    expect((await audit()).items.slice(0, 2)).toMatchObject([
      { action: 'user.unsuspend', target: ada.email, details: { reason: 'Report was wrong' } },
      { action: 'user.suspend', target: ada.email, details: { reason: 'Card fraud report' } },
    ]);
  });
});

describe('operator console: renders, queues and the engine', { timeout: 120_000 }, () => {
  it('lists a failed render (refunded already), retries it on the house, and never refunds it twice', async () => {
    const ada = await createSubscribedUser(t.app, { credits: 5 });
    const inputImageId = await createInputImage(t.app, ada.id);
    engineState.refuse = true;
    const res = await post('/api/runpod/generate', { inputImageId, variations: 1 }, ada.headers);
    const { batchId } = res.json() as GenerationResponse;
    const [image] = await eventually(async () => {
      const rows = await imagesOfBatch(t.app, ada.id, batchId);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'the render to fail');
    expect(await balanceOf(t.app, ada.id)).toBe(5);

    const failed = (await get('/api/admin/renders?state=failed')).json() as AdminRendersResponse;
    expect(failed.items.find((r) => r.id === image.id)).toMatchObject({ userEmail: expect.any(String), status: 'FAILED', refunded: true, queue: 'render' });
    expect((await post(`/api/admin/renders/${image.id}/refund`)).json()).toMatchObject({ code: 'ALREADY_REFUNDED' });

    engineState.refuse = false;
    const retried = await post(`/api/admin/renders/${image.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await eventually(async () => (await imagesOfBatch(t.app, ada.id, batchId))[0].status === 'COMPLETED', 'the retry to complete');
    expect(await balanceOf(t.app, ada.id)).toBe(5);
    expect((await post(`/api/admin/renders/${image.id}/retry`)).json()).toMatchObject({ code: 'NOT_RETRYABLE' });
    const refunds = await t.app.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, ada.id), eq(creditTransactions.reason, 'REFUND')));
    expect(refunds).toHaveLength(1);
    expect((await audit()).items[0]).toMatchObject({ action: 'render.retry', targetUserId: ada.id, details: { imageId: image.id } });
  });

  it('lists a stuck render and stops it with a refund, once', async () => {
    const ada = await createSubscribedUser(t.app, { credits: 5 });
    const inputImageId = await createInputImage(t.app, ada.id);
    const res = await post('/api/runpod/generate', { inputImageId, variations: 1, prompt: 'hang forever' }, ada.headers);
    const { batchId } = res.json() as GenerationResponse;
    const [image] = await imagesOfBatch(t.app, ada.id, batchId);
    expect(await balanceOf(t.app, ada.id)).toBe(4);
    expect(((await get('/api/admin/renders?state=stuck&stuckMinutes=20')).json() as AdminRendersResponse).items.some((r) => r.id === image.id)).toBe(false);
    // As if it had been running for half an hour.
    await t.app.ctx.db.update(generatedImages).set({ createdAt: new Date(Date.now() - 30 * 60_000) }).where(eq(generatedImages.id, image.id));
    const stuck = (await get('/api/admin/renders?state=stuck&stuckMinutes=20')).json() as AdminRendersResponse;
    expect(stuck.items.find((r) => r.id === image.id)).toMatchObject({ status: 'PROCESSING', refunded: false });

    const stopped = await post(`/api/admin/renders/${image.id}/refund`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().render).toMatchObject({ status: 'FAILED', refunded: true });
    expect(await balanceOf(t.app, ada.id)).toBe(5);
    expect((await post(`/api/admin/renders/${image.id}/refund`)).json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
    expect(await balanceOf(t.app, ada.id)).toBe(5);
    expect((await audit()).items[0]).toMatchObject({ action: 'render.refund', targetUserId: ada.id, details: { imageId: image.id } });
  });

  it('shows each queue with its depth and oldest waiting job, and the engine status', async () => {
    const system = (await get('/api/admin/system')).json() as AdminSystem;
    expect(system.engine).toEqual({ name: 'local', isPreview: true, status: 'ready', missing: [] });
    const render = system.queues.find((q) => q.queue === 'render');
    expect(render).toMatchObject({ waiting: expect.any(Number), active: expect.any(Number), oldestWaitingSeconds: expect.any(Number) });
    expect(system.queues.map((q) => q.queue)).toEqual(expect.arrayContaining(['render', 'refine', 'tweak']));
  });
});
