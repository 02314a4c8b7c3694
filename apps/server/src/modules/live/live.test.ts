import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { GenerationResponse, LiveMessage } from '@atelier/contract';
import { buildApp } from '../../app.js';
import type { App } from '../../types.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import {
  connectLive,
  createInputImage,
  createPlainUser,
  createSubscribedUser,
  batchRow,
  listen,
} from '../generation/generation.test-helpers.js';
import { InProcessEventBus } from './event-bus.js';
import { LiveHub } from './live.hub.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('GET /ws', { timeout: 90_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("delivers a user's events to all of that user's sockets and to no one else's", async () => {
    const alice = await createSubscribedUser(t.app, { credits: 5 });
    const bob = await createSubscribedUser(t.app, { credits: 5 });
    const aliceTab1 = await connectLive(baseUrl, alice.token);
    const aliceTab2 = await connectLive(baseUrl, alice.token);
    const bobTab = await connectLive(baseUrl, bob.token);
    await Promise.all([aliceTab1, aliceTab2, bobTab].map((c) => c.waitFor('connected')));
    expect(aliceTab1.messages[0]).toMatchObject({ type: 'connected', userId: alice.id });

    const inputImageId = await createInputImage(t.app, alice.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: alice.headers, payload: { inputImageId, variations: 2 } });
    const { batchId } = res.json() as GenerationResponse;
    for (const tab of [aliceTab1, aliceTab2]) {
      await tab.waitFor('batch_completed', (m) => m.batchId === batchId);
      expect(tab.messages.filter((m) => m.type === 'variation_completed')).toHaveLength(2);
      expect(tab.messages.some((m) => m.type === 'generation_started')).toBe(true);
    }
    await t.app.ctx.events.publish(bob.id, { type: 'masks_failed', inputImageId: 7, error: 'Mask generation failed' });
    await bobTab.waitFor('masks_failed');
    await new Promise((r) => setTimeout(r, 200));
    expect(bobTab.messages.map((m) => m.type)).toEqual(['connected', 'masks_failed']);
    expect(aliceTab1.messages.some((m) => m.type === 'masks_failed')).toBe(false);
    await Promise.all([aliceTab1.close(), aliceTab2.close(), bobTab.close()]);
  });

  it('closes at once with 4001 Invalid token for a missing, bad or expired token, or a deleted account', async () => {
    const gone = await createPlainUser(t.app);
    await t.app.ctx.db.delete(users).where(eq(users.id, gone.id));
    for (const token of [null, 'not-a-jwt', `${gone.token}x`, gone.token]) {
      const client = await connectLive(baseUrl, token);
      // The close is awaited, not raced against a clock (a loaded machine checks the token late); nothing comes before it.
      expect(await client.closed).toEqual({ code: 4001, reason: 'Invalid token' });
      expect(client.messages).toEqual([]);
    }
  });

  it('answers subscribe and unsubscribe messages, pings, and tells about bad messages', async () => {
    const user = await createPlainUser(t.app);
    const client = await connectLive(baseUrl, user.token);
    // Sent before the token check has finished: kept and answered.
    client.send({ type: 'subscribe_generation', inputImageId: 12 });
    await client.waitFor('subscribed', (m) => m.channel === 'generation' && m.inputImageId === 12);
    client.send({ type: 'subscribe_masks', inputImageId: 12 });
    await client.waitFor('subscribed', (m) => m.channel === 'masks');
    client.send({ type: 'unsubscribe_generation', inputImageId: 12 });
    await client.waitFor('unsubscribed', (m) => m.channel === 'generation');
    client.send({ type: 'unsubscribe_masks', inputImageId: 12 });
    await client.waitFor('unsubscribed', (m) => m.channel === 'masks');
    client.send({ type: 'ping' });
    await client.waitFor('pong');
    client.ws.send('not json');
    await client.waitFor('error', (m) => /JSON/.test(m.message));
    client.send({ type: 'subscribe_everything' });
    await client.waitFor('error', (m) => /Unknown message/.test(m.message));
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    await client.close();
  });

  it('answers a plain GET /ws with 426 and the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
  });
});

describe('closing the app', () => {
  let t: TestApp;
  let baseUrl: string;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    if (!closed) await t?.close();
  });

  it('closes the sockets (1001) and stops the workers and the queue', async () => {
    const user = await createPlainUser(t.app);
    const client = await connectLive(baseUrl, user.token);
    await client.waitFor('connected');
    closed = true;
    await t.close();
    expect(await client.closed).toMatchObject({ code: 1001 });
    expect(t.app.ctx.jobs.started).toBe(false);
  });
});

describe('an oversized frame', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'warn', stream } });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes the socket with 1009 and logs one line that says so, without a stack', async () => {
    const user = await createPlainUser(t.app);
    const client = await connectLive(baseUrl, user.token);
    await client.waitFor('connected');
    client.ws.send(Buffer.alloc(64 * 1024 + 1, 0x61));
    expect(await client.closed).toMatchObject({ code: 1009 });
    const line = await vi.waitFor(() => {
      const found = lines.find((l) => l.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
      if (!found) throw new Error(`no frame-size line in ${JSON.stringify(lines)}`);
      return found;
    });
    expect(line).toMatchObject({ level: 40, msg: 'live socket frame over 65536 bytes; closed with 1009' });
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\bat .*\.js:\d+/);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

describe('heartbeats', () => {
  class FakeSocket extends EventEmitter {
    readonly OPEN = 1;
    readyState = 1;
    pings = 0;
    terminated = false;
    sent: string[] = [];
    constructor(private readonly answers: boolean) {
      super();
    }
    ping() {
      this.pings += 1;
      if (this.answers) queueMicrotask(() => this.emit('pong'));
    }
    send(text: string) {
      this.sent.push(text);
    }
    terminate() {
      this.terminated = true;
      this.readyState = 3;
      this.emit('close');
    }
    close() {
      this.terminate();
    }
  }

  it('pings every interval and drops a socket that did not answer the previous ping', async () => {
    // The test's clock: five heartbeats happen because the test advances time, not because a
    // loaded machine happened to run the interval five times in 200 ms.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const log = { debug() {}, warn() {}, error() {} } as unknown as import('fastify').FastifyBaseLogger;
      const bus = new InProcessEventBus(log);
      const hub = new LiveHub(bus, log, 40);
      const alive = new FakeSocket(true);
      const dead = new FakeSocket(false);
      hub.add(alive as unknown as WebSocket, 1, []);
      hub.add(dead as unknown as WebSocket, 1, []);
      expect(hub.socketCount).toBe(2);
      for (let beat = 0; beat < 5; beat++) await vi.advanceTimersByTimeAsync(40);
      expect(dead.terminated).toBe(true);
      expect(alive.terminated).toBe(false);
      expect(alive.pings).toBe(5);
      expect(hub.socketCount).toBe(1);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

// The cross-process tests need PostgreSQL (DATABASE_URL): PGlite serves one process, so its bus is in-process.
describe.runIf(!!process.env.DATABASE_URL)('LISTEN/NOTIFY delivery between processes (PostgreSQL)', { timeout: 90_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let second: App | undefined;
  let secondDb: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    // The first server answers HTTP and holds the sockets; it runs no workers.
    t = await createTestApp({ env: { WORKERS_IN_PROCESS: 'false' } });
    baseUrl = await listen(t.app);
    // A second app instance on the same database, with its own connections.
    secondDb = await openDatabase({ databaseUrl: t.app.ctx.database.connectionString });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', WORKERS_IN_PROCESS: 'false' });
    second = await buildApp({ config, database: secondDb, jwtSecret: JWT_SECRET, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await second?.close();
    await secondDb?.close();
    await t?.close();
  });

  it('uses the PostgreSQL event bus', () => {
    expect(t.app.ctx.events.kind).toBe('postgres');
  });

  it('delivers an event raised by a second app instance (its own connections) to a socket on the first', async () => {
    const user = await createPlainUser(t.app);
    const other = await createPlainUser(t.app);
    const client = await connectLive(baseUrl, user.token);
    const otherClient = await connectLive(baseUrl, other.token);
    await client.waitFor('connected');
    const message: LiveMessage = { type: 'masks_completed', inputImageId: 42, maskCount: 3 };
    await second!.ctx.events.publish(user.id, message);
    expect(await client.waitFor('masks_completed')).toEqual(message);
    await new Promise((r) => setTimeout(r, 200));
    expect(otherClient.messages.some((m) => m.type === 'masks_completed')).toBe(false);
    await Promise.all([client.close(), otherClient.close()]);
  });

  it('a render done by `npm run worker` in another process reaches the socket on the API server', async () => {
    const user = await createSubscribedUser(t.app, { credits: 4 });
    const inputImageId = await createInputImage(t.app, user.id);
    const client = await connectLive(baseUrl, user.token);
    await client.waitFor('connected');

    let output = '';
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: t.app.ctx.database.connectionString,
        DATA_DIR: t.dataDir,
        JWT_SECRET,
        PUBLIC_URL: 'http://localhost:3000',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Started once it says so (however long a loaded machine takes); an exit before that fails the test.
    const running = new Promise<void>((resolve, reject) => {
      const seen = (d: Buffer) => {
        output += String(d);
        if (output.includes('Atelier worker is running')) resolve();
      };
      worker!.stdout?.on('data', seen);
      worker!.stderr?.on('data', seen);
      worker!.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it ran:\n${output}`)));
    });
    await running;

    const res = await t.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: user.headers, payload: { inputImageId, variations: 2 } });
    expect(res.statusCode).toBe(200);
    const { batchId } = res.json() as GenerationResponse;
    const done = await client.waitFor('batch_completed', (m) => m.batchId === batchId);
    expect(done).toMatchObject({ successfulVariations: 2, failedVariations: 0 });
    expect(client.messages.filter((m) => m.type === 'variation_completed')).toHaveLength(2);
    expect((await batchRow(t.app, user.id, batchId)).status).toBe('COMPLETED');
    // The URLs the worker signed are valid on the API server.
    const url = (done.completedImages[0] as { url: string }).url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await client.close();
  });
});
