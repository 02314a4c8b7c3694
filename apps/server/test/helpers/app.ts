import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import type { FastifyServerOptions, RouteOptions } from 'fastify';
import type { App } from '../../src/types.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { ContextOverrides } from '../../src/context.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: App;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A real app on a real, fresh database, with a temporary DATA_DIR. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    overrides?: ContextOverrides;
    logger?: FastifyServerOptions['logger'];
    /** Told of every route as it is added. */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...opts.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logger: opts.logger ?? false,
    overrides: opts.overrides,
    onRoute: opts.onRoute,
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
