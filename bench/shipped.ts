/**
 * The process users run, for the benches: `npm start`'s own command (`tsx apps/server/src/main.ts`,
 * demo mode, the built web app, its default settings and plugins, its workers and billing
 * scheduler in process, its request log on standard output) as a child process, on PGlite in a
 * temporary DATA_DIR or on a fresh PostgreSQL database when DATABASE_URL is set.
 *
 * The data is seeded before the server starts, through the server's own code on the same DATA_DIR
 * and database (and the JWT secret the server then reads from DATA_DIR, as `npm start` does). The
 * floor (floor.ts) gets the same rows: on PostgreSQL the same database through its own pool; on
 * PGlite, which serves one process, a copy of the seeded database directory made before the
 * server opens it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { resolveJwtSecret } from '../apps/server/src/lib/jwt.js';
import type { App } from '../apps/server/src/types.js';
import { dropDatabase, newDatabaseName } from '../apps/server/test/helpers/database.js';
import { freePort } from '../apps/server/test/helpers/s3-server.js';
import { benchPort } from './bench-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** What `npm start` runs after building the web app (package.json "start"). */
const START_COMMAND = [path.join(ROOT, 'node_modules/.bin/tsx'), 'apps/server/src/main.ts'];
/** Variables of the bench's own environment that are not the user's: the server gets its settings below. */
const NOT_PASSED_ON = ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'NODE_ENV', 'LOG_LEVEL', 'PUBLIC_URL', 'JWT_SECRET', 'WEB_DIST'];

export interface ShippedServer {
  baseUrl: string;
  label: 'PGlite' | 'PostgreSQL';
  /** The server's own process id (node's, under tsx). */
  pid: number;
  /** The seeded data for a floor: the same PostgreSQL database, or a copy of the seeded PGlite directory. */
  floorDatabase: Database;
  /** Everything the server wrote to standard output and error. */
  logFile: string;
  close(): Promise<void>;
}

/**
 * Seeds through the server's code (`seed` gets an app that is not listening and runs no workers),
 * then starts the shipped process on that data. `env` adds settings as a user would set them
 * (none for the benches: `npm start` as shipped); `nodeArgs` runs node with those flags and tsx's
 * loader instead of tsx's CLI (for profiling).
 */
export async function startShipped<T>(
  seed: (app: App, database: Database) => Promise<T>,
  opts: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<{ server: ShippedServer; seeded: T }> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('Build the web app first (npm start does): npm run build -w apps/web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shipped-'));
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-floor-'));
  const cleanups: Array<() => Promise<void>> = [async () => fs.rmSync(dataDir, { recursive: true, force: true }), async () => fs.rmSync(floorDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    while (cleanups.length) await cleanups.pop()!();
  };
  try {
    const adminUrl = process.env.DATABASE_URL;
    let databaseUrl: string | undefined;
    if (adminUrl) {
      const name = newDatabaseName('bench');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(() => dropDatabase(adminUrl, name));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }

    // Seed with the server's code on the server's DATA_DIR and database, then let go of them.
    const seeding = await openDatabase({ databaseUrl, dataDir });
    let seeded: T;
    try {
      await runMigrations(seeding);
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS_IN_PROCESS: 'false', WEB_DIST: path.join(dataDir, 'no-web') });
      const app = await buildApp({ config, database: seeding, jwtSecret: resolveJwtSecret(undefined, dataDir), logger: false });
      try {
        await app.ready();
        seeded = await seed(app, seeding);
      } finally {
        await app.close();
      }
    } finally {
      seeding.pool?.on('error', () => {});
      await seeding.close();
    }
    if (!databaseUrl) fs.cpSync(path.join(dataDir, 'pglite'), path.join(floorDir, 'pglite'), { recursive: true });
    const floorDatabase = await openDatabase({ databaseUrl, dataDir: floorDir });
    cleanups.push(async () => {
      floorDatabase.pool?.on('error', () => {});
      await floorDatabase.close();
    });

    const port = benchPort(0) || (await freePort());
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !NOT_PASSED_ON.includes(k) && !k.startsWith('BENCH_')) env[k] = v;
    Object.assign(env, {
      PORT: String(port),
      // npm start listens on every interface (0.0.0.0); the bench keeps its server to this machine.
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...opts.env,
    });
    // Its log goes to a file, as a service manager or container runtime collects a server's output.
    const logFile = path.join(floorDir, 'server.log');
    const out = fs.openSync(logFile, 'a');
    // With node flags (e.g. --cpu-prof, which NODE_OPTIONS refuses): node with tsx's loader, as tsx's CLI starts it.
    const [command, ...args] = opts.nodeArgs ? [process.execPath, ...opts.nodeArgs, '--import', 'tsx', START_COMMAND[1]] : START_COMMAND;
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => stop(child, exited));
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilServing(baseUrl, exited, logFile);
    return {
      seeded,
      server: {
        baseUrl,
        label: databaseUrl ? 'PostgreSQL' : 'PGlite',
        pid: serverPid(child.pid!),
        floorDatabase,
        logFile,
        close: cleanUp,
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

async function waitUntilServing(baseUrl: string, exited: Promise<number | null>, logFile: string): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`The server exited (${gone}) before it served:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not serve ${baseUrl} within 180 s:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/** SIGTERM (main.ts shuts down on it; tsx passes it on), SIGKILL after 20 s. */
async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** tsx runs the server in a child node process of its own: that one's id, else the one given. */
function serverPid(tsxPid: number): number {
  try {
    const children = fs.readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : tsxPid;
  } catch {
    return tsxPid;
  }
}
