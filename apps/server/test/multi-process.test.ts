import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchStatusResponse, GalleryBatchesResponse, GenerationResponse, InputImage, LiveMessage } from '@atelier/contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { subscriptions, users } from '../src/db/schema/index.js';
import { createTokenService } from '../src/lib/jwt.js';
import { getBalance, grantPlanAllowance } from '../src/modules/credits/index.js';
import { connectLive, type LiveClient } from '../src/modules/generation/generation.test-helpers.js';
import { makePng } from '../src/modules/images/images.test-helpers.js';
import { ComfyUIFake } from './fakes/comfyui.js';
import { dropDatabase, newDatabaseName } from './helpers/database.js';
import { freePort, startS3Server, type TestS3Server } from './helpers/s3-server.js';

/**
 * Atelier beyond one machine: two API processes (WORKERS_IN_PROCESS=false) and a separate
 * `npm run worker` process, sharing only PostgreSQL and an S3 bucket (s3rver) — each process has
 * its own empty DATA_DIR. Renders go to the ComfyUI contract fake, which can hold a prompt so the
 * worker can be killed mid-render. Skipped only when no PostgreSQL answers (CI has one).
 */
const PG_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const JWT_SECRET = 'multi-process-test-secret-0123456789abcdef';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUp = await postgresReachable();

interface Proc {
  name: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Node with tsx's loader directly (not through npm), so a signal reaches the server itself. */
function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-mp-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, dataDir, output: () => out, exited };
}

/** Waits for a condition of another process (its files, a fake's queue), checking it often. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitHealthy(proc: Proc, url: string): Promise<void> {
  await until(`${proc.name} at ${url}`, async () => {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  });
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];
}

describe.runIf(pgUp)('two API processes and a worker on PostgreSQL and S3', () => {
  let s3: TestS3Server;
  let comfy: ComfyUIFake;
  let database: Database;
  let dbName: string;
  let env: Record<string, string>;
  const procs: Proc[] = [];
  let api1 = '';
  let api2 = '';
  let user: { id: number; token: string; headers: Record<string, string> };
  let live: LiveClient;
  let inputImageId: number;

  beforeAll(async () => {
    dbName = newDatabaseName('mp');
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    // Migrated once here, so the three processes start on a ready schema.
    await runMigrations(database);

    s3 = await startS3Server('atelier-multi');
    comfy = new ComfyUIFake({ stepDelayMs: 10 });
    await comfy.start(await freePort());

    const [port1, port2] = [await freePort(), await freePort()];
    api1 = `http://127.0.0.1:${port1}`;
    api2 = `http://127.0.0.1:${port2}`;
    env = {
      ...s3.env,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      JWT_SECRET,
      WORKERS_IN_PROCESS: 'false',
      ENGINE: 'comfyui',
      COMFYUI_URL: comfy.url,
      // A job of a dead worker expires after this and is retried by a live one.
      RENDER_TIMEOUT_SECONDS: '15',
      JOBS_MAINTENANCE_SECONDS: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: api1,
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      GOOGLE_CLIENT_ID: '',
    };
    const first = startProcess('api1', 'apps/server/src/main.ts', { ...env, PORT: String(port1) });
    procs.push(first);
    await waitHealthy(first, api1);
    const second = startProcess('api2', 'apps/server/src/main.ts', { ...env, PORT: String(port2) });
    procs.push(second, startProcess('worker1', 'apps/server/src/worker.ts', env));
    await waitHealthy(second, api2);

    // A subscribed user with credits (rows as billing leaves them); the token is the shared JWT_SECRET's.
    const email = `mp.${crypto.randomBytes(4).toString('hex')}@studio-example.com`;
    const [row] = await database.db.insert(users).values({ email, fullName: 'Lina Bo Bardi', emailVerifiedAt: new Date() }).returning({ id: users.id });
    const now = new Date();
    await database.db.insert(subscriptions).values({
      userId: row.id,
      planType: 'STARTER',
      billingCycle: 'MONTHLY',
      status: 'ACTIVE',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    });
    await grantPlanAllowance(database.db, { userId: row.id, allowance: 20, idempotencyKey: `mp-grant:${row.id}`, description: 'Test plan allowance' });
    const token = await createTokenService(JWT_SECRET).sign(row.id);
    user = { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
    live = await connectLive(api2, token);
    await live.waitFor('connected');
  }, 240_000);

  afterAll(async () => {
    live?.ws.close();
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await comfy?.close();
    await s3?.stop();
    database?.pool?.on('error', () => {});
    await database?.close();
    if (dbName) await dropDatabase(PG_ADMIN_URL, dbName);
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
  }, 120_000);

  const api = (base: string, route: string, init: RequestInit = {}) =>
    fetch(`${base}${route}`, { ...init, headers: { ...user.headers, ...(init.headers as Record<string, string>) } });

  async function generate(base: string, variations: number): Promise<GenerationResponse> {
    const res = await api(base, '/api/runpod/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputImageId, variations, prompt: 'a concrete villa at dusk', settings: { creativity: 3, mode: 'photorealistic' } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as GenerationResponse;
  }

  it('uploads on API 1, renders on the worker, tells API 2’s socket, serves the result from API 2, lists it on both', async () => {
    const form = new FormData();
    const png = await makePng(480, 320, (x, y) => [(x * 3) % 256, (y * 5) % 256, 120]);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'villa.png');
    const upload = await api(api1, '/api/images/upload-input', { method: 'POST', body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const input = (await upload.json()) as InputImage;
    inputImageId = input.id;
    // API 2 has never seen this file on its disk: it streams it from the bucket.
    const original = await fetch(`${api2}${input.originalUrl}`);
    expect(original.status).toBe(200);
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(480);

    const body = await generate(api1, 2);
    const done = await live.waitFor('batch_completed', (m) => m.batchId === body.batchId, 150_000);
    expect(done).toMatchObject({ status: 'COMPLETED', successfulVariations: 2, failedVariations: 0 });
    expect(comfy.prompts.length).toBeGreaterThanOrEqual(2);
    const completed = live.messages.filter((m): m is Extract<LiveMessage, { type: 'variation_completed' }> => m.type === 'variation_completed' && m.batchId === body.batchId);
    expect(completed).toHaveLength(2);

    const result = await fetch(`${api2}${completed[0]!.url}`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^image\//);
    const resultBytes = Buffer.from(await result.arrayBuffer());
    expect((await sharp(resultBytes).metadata()).width).toBeGreaterThan(0);
    const range = await fetch(`${api2}${completed[0]!.url}`, { headers: { range: 'bytes=0-15' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(resultBytes.subarray(0, 16));

    const today = new Date().toISOString().slice(0, 10);
    for (const base of [api1, api2]) {
      const res = await api(base, `/api/gallery/batches?mode=create&tz=UTC&from=${today}&to=${today}`);
      expect(res.status).toBe(200);
      const gallery = (await res.json()) as GalleryBatchesResponse;
      const batch = gallery.batches.find((b) => b.id === body.batchId);
      expect(batch?.images.map((i) => i.id).sort()).toEqual(completed.map((m) => m.imageId).sort());
    }

    // Every file went to the bucket: no process wrote under its own DATA_DIR/files.
    for (const p of procs) expect(filesUnder(path.join(p.dataDir, 'files')), p.name).toEqual([]);
    const objects: string[] = [];
    const { createS3Storage } = await import('../src/providers/storage/index.js');
    const bucket = createS3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
    for await (const f of bucket.list!(`u/${user.id}/`)) objects.push(f.key);
    expect(objects.filter((k) => k.includes('/inputs/'))).toHaveLength(3);
    expect(objects.filter((k) => k.includes('/generated/')).length).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('a worker killed mid-render: another worker finishes the variation, or it fails with a refund, never stuck', async ({ annotate }) => {
    const before = await getBalance(database.db, user.id);
    comfy.paused = true;
    const promptsBefore = comfy.prompts.length;
    const body = await generate(api2, 1);
    const imageId = body.runpodJobs[0]!.imageId;
    // Mid-render: the worker has sent the prompt to the GPU engine and waits for it.
    await until('the worker to submit the prompt', () => comfy.prompts.length > promptsBefore);
    const worker1 = procs.find((p) => p.name === 'worker1')!;
    worker1.child.kill('SIGKILL');
    await worker1.exited;

    procs.push(startProcess('worker2', 'apps/server/src/worker.ts', env));
    comfy.resume();
    const outcome = await Promise.race([
      live.waitFor('variation_completed', (m) => m.imageId === imageId, 180_000),
      live.waitFor('variation_failed', (m) => m.imageId === imageId, 180_000),
    ]);
    await annotate(`after the kill: ${outcome.type}${outcome.type === 'variation_failed' ? ` (${outcome.error}, refunded ${outcome.refunded})` : ''}`);
    // The batch is closed after its last variation is told: batch_completed says it is.
    await live.waitFor('batch_completed', (m) => m.batchId === body.batchId);
    const status = (await (await api(api1, `/api/runpod/status/${body.batchId}`)).json()) as BatchStatusResponse;
    const image = status.images.find((i) => i.id === imageId);
    if (outcome.type === 'variation_completed') {
      expect(image?.status).toBe('COMPLETED');
      expect(await getBalance(database.db, user.id)).toBe(before - 1);
      expect((await fetch(`${api1}${outcome.url}`)).status).toBe(200);
    } else {
      expect(outcome.refunded).toBe(1);
      expect(image?.status).toBe('FAILED');
      expect(await getBalance(database.db, user.id)).toBe(before);
    }
    expect(status.status).not.toBe('PROCESSING');
  }, 300_000);
});
