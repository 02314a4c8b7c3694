/**
 * A real server inside the bench's process: buildApp on PGlite in a temporary DATA_DIR (the
 * embedded default, on disk), or on a fresh PostgreSQL database when DATABASE_URL is set, listening
 * on a free local port, with its workers in process.
 *
 * The request-rate benches (list.bench.ts) measure the process users run instead (shipped.ts). This
 * one stays for the benches that time one flow end to end and need the app's context in their own
 * process to seed or watch it (create, refine, upload, sockets: engine calls, job events, stored
 * files; gallery: thumbnails stored through the storage provider), where no floor is compared and
 * the process boundary is not what is measured. Also: the shared figures helpers below.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import type { App } from '../apps/server/src/types.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { dropDatabase, newDatabaseName } from '../apps/server/test/helpers/database.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

export interface BenchApp {
  app: App;
  baseUrl: string;
  database: Database;
  label: 'PGlite' | 'PostgreSQL';
  close(): Promise<void>;
}

export async function startBenchApp(
  env: Record<string, string> = {},
  /**
   * Where the app's log goes (a file path, at the env's LOG_LEVEL), written as in production: the
   * app's own logger settings and pino's destination (the kind it uses for stdout). Without it
   * the app logs nothing.
   */
  opts: { logFile?: string } = {},
): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const adminUrl = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (adminUrl) {
    const name = newDatabaseName('bench');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    drop = () => dropDatabase(adminUrl, name);
  } else {
    database = await openDatabase({ dataDir });
  }
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    logger: opts.logFile ? undefined : false,
    logFile: opts.logFile,
  });
  await app.listen({ port: benchPort(0), host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return {
    app,
    baseUrl: `http://127.0.0.1:${addr.port}`,
    database,
    label: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    async close() {
      await app.close();
      // Idle connections still closing when DROP … FORCE ends them must not crash the run.
      database.pool?.on('error', () => {});
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The port of a bench's server: BENCH_PORT + `offset` when BENCH_PORT pins the bench to a range
 * (shared machines hand out ranges: the app at +0, its floor or baseline at +1), else any free one (0).
 */
export function benchPort(offset: number): number {
  return process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + offset : 0;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The p-th percentile (nearest rank). */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

export const round1 = (n: number) => Math.round(n * 10) / 10;
