import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { App } from '../types.js';
import { createTestDatabase } from '../../test/helpers/database.js';

// The app's own logger settings (serializers, level) writing to a file, as the shipped process writes to stdout.
describe('the access log', () => {
  let dataDir: string;
  let logFile: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: App;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
    logFile = path.join(dataDir, 'server.log');
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: path.join(dataDir, 'no-web') });
    app = await buildApp({ config, database, jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing', logFile });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const linesOf = (url: string) =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => (l.req as { url?: string } | undefined)?.url?.startsWith(url));

  it('writes one line per request when it ends: method, URL without the token, status and response time', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health?token=secret-jwt&x=1' });
    expect(res.statusCode).toBe(200);
    const lines = await vi.waitFor(() => {
      const found = linesOf('/api/health');
      if (found.length === 0) throw new Error('no line yet');
      return found;
    });
    // Whatever else was written meanwhile, nothing more about this request.
    await new Promise((r) => setTimeout(r, 200));
    expect(linesOf('/api/health')).toEqual(lines);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?token=[redacted]&x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(fs.readFileSync(logFile, 'utf8')).not.toMatch(/secret-jwt|incoming request/);
  });
});
