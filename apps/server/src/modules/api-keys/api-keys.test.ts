import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMIT, PLUGIN_MESSAGES, type ApiKeysResponse, type CreatedApiKey } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { apiKeys } from '../../db/schema/index.js';
import { createInputImage, createPlainUser, createSubscribedUser, type GenUser } from '../generation/generation.test-helpers.js';

/** /api/api-keys and what a key may do: the public API only, never the account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_KEY_RATE_LIMIT: '5', WORKERS_IN_PROCESS: 'false' } });
}, 60_000);
afterAll(() => t?.close());

async function createKey(user: GenUser, name = 'Revit on the studio PC') {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}
const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
const history = (key: string) => t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: withKey(key) });

describe('API keys', () => {
  it('shows the key once, stores only its hash, and lists it without the key', async () => {
    const ada = await createPlainUser(t.app);
    const created = await createKey(ada);
    expect(created.key).toMatch(/^atl_[0-9A-Za-z]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));

    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(crypto.createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: ada.headers });
    expect(list.statusCode).toBe(200);
    const { apiKeys: listed } = list.json<ApiKeysResponse>();
    expect(listed).toEqual([{ id: created.id, name: 'Revit on the studio PC', prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(list.body).not.toContain(created.key);
  });

  it('authenticates the public API and records its last use', async () => {
    const ada = await createSubscribedUser(t.app);
    const { key, id } = await createKey(ada);
    const res = await history(key);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.lastUsedAt).not.toBeNull();
    // Another user's data stays out of reach: the key is the owner's only.
    const bob = await createSubscribedUser(t.app);
    const bobsImage = await createInputImage(t.app, bob.id, 64, 48);
    const render = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: withKey(key), payload: { inputImageId: bobsImage, variations: 1 } });
    expect(render.statusCode).toBe(404);
  });

  it('stops working once revoked (401), and another user cannot revoke it', async () => {
    const ada = await createPlainUser(t.app);
    const bob = await createPlainUser(t.app);
    const { key, id } = await createKey(ada);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await history(key)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: ada.headers });
    expect(revoked.statusCode).toBe(200);
    const res = await history(key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: PLUGIN_MESSAGES.keyInvalid, code: 'INVALID_API_KEY' });
  });

  it('stops working when the account is deleted (401)', async () => {
    const ada = await createPlainUser(t.app);
    const { key } = await createKey(ada);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', headers: ada.headers, payload: { confirm: 'DELETE' } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await history(key)).statusCode).toBe(401);
  });

  it('can never change the account, its billing or its keys (403 with a clear message)', async () => {
    const ada = await createPlainUser(t.app);
    const { key } = await createKey(ada);
    const attempts = [
      { method: 'POST', url: '/api/auth/me/password', payload: { newPassword: 'a-new-drafting-table-9' } },
      { method: 'DELETE', url: '/api/auth/me', payload: { confirm: 'DELETE' } },
      { method: 'POST', url: '/api/subscription/checkout', payload: { planType: 'PRO', billingCycle: 'MONTHLY' } },
      { method: 'GET', url: '/api/billing/invoices' },
      { method: 'POST', url: '/api/api-keys', payload: { name: 'another' } },
      { method: 'GET', url: '/api/api-keys' },
    ] as const;
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: withKey(key) });
      expect(res.statusCode, `${a.method} ${a.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: PLUGIN_MESSAGES.keyNotAllowed, code: 'API_KEY_NOT_ALLOWED' });
    }
    // The key still works where it belongs, and the account is untouched.
    expect((await history(key)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ada.headers })).statusCode).toBe(200);
  });

  it(`refuses the key after the ${API_KEY_LIMIT}th (409)`, async () => {
    const ada = await createPlainUser(t.app);
    for (let i = 0; i < API_KEY_LIMIT; i++) await createKey(ada, `key ${i + 1}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: ada.headers, payload: { name: 'one too many' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PLUGIN_MESSAGES.keyLimit, code: 'API_KEY_LIMIT' });
  });

  it('refuses a blank name (400 naming the field)', async () => {
    const ada = await createPlainUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: ada.headers, payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PLUGIN_MESSAGES.keyName);
  });

  it('limits each key on its own (429 after API_KEY_RATE_LIMIT calls a minute)', async () => {
    const ada = await createPlainUser(t.app);
    const first = await createKey(ada, 'first');
    const second = await createKey(ada, 'second');
    for (let i = 0; i < 5; i++) expect((await history(first.key)).statusCode).toBe(200);
    const limited = await history(first.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same account's other key, and its session, are not limited by it.
    expect((await history(second.key)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/runpod/history', headers: ada.headers })).statusCode).toBe(200);
  });

  it('documents the public API as one group in /api/docs, with an example per call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; description?: string }>> }>();
    const group = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.some((tag) => tag.startsWith('Public API')))
        .map(([method, op]) => ({ call: `${method.toUpperCase()} ${route}`, description: op.description ?? '' })),
    );
    expect(group.map((g) => g.call).sort()).toEqual(
      [
        'GET /api/images/download/{kind}/{id}',
        'GET /api/runpod/history',
        'GET /api/runpod/status/{batchId}',
        'POST /api/images/upload-input',
        'POST /api/plugins/views',
        'POST /api/runpod/generate',
      ].sort(),
    );
    for (const g of group) expect(g.description, g.call).toMatch(/curl -H "Authorization: Bearer \$ATELIER_KEY"/);
  });
});
