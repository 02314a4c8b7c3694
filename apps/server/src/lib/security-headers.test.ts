import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", 'wss://atelier.example.com'], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>, url: string) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  try {
    const res = await app.inject({ method: 'GET', url });
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers };
  } finally {
    await app.close();
  }
}

describe('security headers worked out once', () => {
  it('are the headers @fastify/helmet sends with the same options, on answers, errors and 404s', async () => {
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const ours = await headersOf((app) => registerSecurityHeaders(app, OPTIONS), url);
      const theirs = await headersOf(async (app) => {
        await app.register(helmet, OPTIONS);
      }, url);
      expect(ours, url).toEqual(theirs);
      expect(ours.headers['content-security-policy'], url).toContain("connect-src 'self' wss://atelier.example.com");
      expect(ours.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('refuses per-request CSP nonces, which cannot be worked out once', async () => {
    await expect(headersOf((app) => registerSecurityHeaders(app, { ...OPTIONS, enableCSPNonces: true }), '/ok')).rejects.toThrow(/nonces/);
  });
});
