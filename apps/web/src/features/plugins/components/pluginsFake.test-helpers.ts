import { vi } from 'vitest';
import type { ApiKey, WebhookEndpoint } from '@atelier/contract';
import { json } from '../../../test/factories';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The /api-keys and /webhooks/endpoints calls answered from lists the test holds, as the server
 * does (create adds, delete removes), so a mutation's refetch shows the new state.
 */
export function servePlugins({ keys = [] as ApiKey[], endpoints = [] as WebhookEndpoint[], failLoads = 0 } = {}) {
  const calls: Call[] = [];
  let loadFailuresLeft = failLoads;
  let nextId = 100;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const path = new URL(request ? request.url : String(input), 'http://app.test').pathname;
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const text = request ? await request.clone().text() : '';
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method, path, body });

    if (method === 'GET' && loadFailuresLeft > 0) {
      loadFailuresLeft--;
      return json({ message: 'Internal error', code: 'INTERNAL' }, 500);
    }
    if (path === '/api/api-keys' && method === 'GET') return json({ apiKeys: keys });
    if (path === '/api/api-keys' && method === 'POST') {
      const { name } = body as { name: string };
      const id = nextId++;
      const created = { id, name, prefix: `atl_k${id}ab`, createdAt: '2026-11-20T09:00:00.000Z' };
      keys = [...keys, { ...created, lastUsedAt: null }];
      return json({ ...created, key: `atl_k${id}ab${'x'.repeat(37)}` }, 201);
    }
    const keyId = /^\/api\/api-keys\/(\d+)$/.exec(path);
    if (keyId && method === 'DELETE') {
      keys = keys.filter((k) => k.id !== Number(keyId[1]));
      return json({ success: true, id: Number(keyId[1]) });
    }
    if (path === '/api/webhooks/endpoints' && method === 'GET') return json({ endpoints });
    if (path === '/api/webhooks/endpoints' && method === 'POST') {
      const { url, events } = body as Pick<WebhookEndpoint, 'url' | 'events'>;
      const id = nextId++;
      endpoints = [...endpoints, { id, url, events, createdAt: '2026-11-20T09:00:00.000Z', deliveries: [] }];
      return json({ id, url, events, secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5' }, 201);
    }
    const endpointId = /^\/api\/webhooks\/endpoints\/(\d+)$/.exec(path);
    if (endpointId && method === 'DELETE') {
      endpoints = endpoints.filter((e) => e.id !== Number(endpointId[1]));
      return json({ success: true, id: Number(endpointId[1]) });
    }
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

export const apiKey = (id: number, name: string, lastUsedAt: string | null = null): ApiKey => ({
  id,
  name,
  prefix: `atl_k${id}ab`,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt,
});
