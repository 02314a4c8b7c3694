import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GenerationResponse } from '@atelier/contract';
import { buildApp } from '../../app.js';
import type { App } from '../../types.js';
import { loadConfig } from '../../config.js';
import type { ContextOverrides } from '../../context.js';
import { creditTransactions } from '../../db/schema/index.js';
import { createEngine, type Engine, type RenderRequest } from '../../engines/index.js';
import { createPgBoss, JOBS_SCHEMA } from '../../lib/jobs/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createTestDatabase } from '../../../test/helpers/database.js';
import {
  balanceOf,
  batchRow,
  connectLive,
  createInputImage,
  createSubscribedUser,
  eventually,
  imagesOfBatch,
  listen,
} from './generation.test-helpers.js';
import { failGeneratedImage, recoverLostRenders } from './render.job.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The local engine, except that render fails (a provider swap through AppContext.engine). */
function failingEngine(calls: { n: number }, error = 'The GPU ran out of memory'): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    async render() {
      calls.n += 1;
      throw new Error(error);
    },
  });
}

/** The local engine, except that render never finishes on its own (it only stops when its signal aborts). */
function hangingEngine(calls: { n: number }): Engine {
  const real = createEngine({ ENGINE: 'local' });
  return Object.assign(Object.create(real) as Engine, {
    render(req: RenderRequest) {
      calls.n += 1;
      return new Promise((_, reject) => req.signal?.addEventListener('abort', () => reject(req.signal?.reason)));
    },
  });
}

const generate = (app: App, headers: Record<string, string>, body: object) =>
  app.inject({ method: 'POST', url: '/api/runpod/generate', headers, payload: body });

async function refundsOf(app: App, userId: number) {
  return app.ctx.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'REFUND')));
}

// Retries wait for their delay and renders share two cores with the rest of the suite: generous limits.
describe('render failures', { timeout: 90_000 }, () => {
  describe('with an engine whose renders fail', () => {
    const calls = { n: 0 };
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ overrides: { engine: failingEngine(calls) } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('marks every variation FAILED after its retries and refunds each once, restoring the balance', async () => {
      const baseUrl = await listen(t.app);
      const user = await createSubscribedUser(t.app, { credits: 5 });
      const inputImageId = await createInputImage(t.app, user.id);
      const live = await connectLive(baseUrl, user.token);
      await live.waitFor('connected');

      const res = await generate(t.app, user.headers, { inputImageId, variations: 2 });
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json() as GenerationResponse;
      expect(await balanceOf(t.app, user.id)).toBe(3);

      const done = await live.waitFor('batch_completed', (m) => m.batchId === batchId);
      expect(done).toMatchObject({ totalVariations: 2, successfulVariations: 0, failedVariations: 2, completedImages: [] });
      const failed = live.messages.filter((m) => m.type === 'variation_failed');
      expect(failed).toHaveLength(2);
      expect(failed[0]).toMatchObject({ batchId, status: 'FAILED', error: 'Generation failed', refunded: 1 });

      const images = await imagesOfBatch(t.app, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
      expect(images.every((i) => i.refundedAt !== null && /GPU ran out of memory/.test(i.errorMessage ?? ''))).toBe(true);
      // Two retries each: three attempts per variation.
      expect(calls.n).toBe(6);
      expect(await balanceOf(t.app, user.id)).toBe(5);

      // Refunds happen once per image, whatever runs again (dead letters, the recovery sweep, a second call).
      for (const img of images) expect(await failGeneratedImage(t.app.ctx, img.id, 'again')).toBe(false);
      await recoverLostRenders(t.app.ctx);
      await t.app.ctx.jobs.maintain();
      await new Promise((r) => setTimeout(r, 500));
      const refunds = await refundsOf(t.app, user.id);
      expect(refunds.map((r) => r.idempotencyKey).sort()).toEqual(images.map((i) => `refund:image:${i.id}`).sort());
      expect(refunds.every((r) => r.amount === 1)).toBe(true);
      expect(await balanceOf(t.app, user.id)).toBe(5);
      await live.close();
    });
  });

  describe('with an engine whose renders never finish', () => {
    const calls = { n: 0 };
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { RENDER_TIMEOUT_SECONDS: '1', JOBS_MAINTENANCE_SECONDS: '1' }, overrides: { engine: hangingEngine(calls) } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('aborts a render at its time limit, retries it, then fails and refunds it', async () => {
      const user = await createSubscribedUser(t.app, { credits: 3 });
      const inputImageId = await createInputImage(t.app, user.id);
      const res = await generate(t.app, user.headers, { inputImageId, variations: 1 });
      const { batchId } = res.json() as GenerationResponse;
      const batch = await eventually(async () => {
        const b = await batchRow(t.app, user.id, batchId);
        return b.status === 'COMPLETED' ? b : undefined;
      }, 'the batch to finish', 75_000);
      expect(batch.status).toBe('COMPLETED');
      const [img] = await imagesOfBatch(t.app, user.id, batchId);
      expect(img.status).toBe('FAILED');
      expect(img.errorMessage).toMatch(/time limit/);
      expect(calls.n).toBe(3);
      expect(await balanceOf(t.app, user.id)).toBe(3);
      expect(await refundsOf(t.app, user.id)).toHaveLength(1);
    });
  });
});

describe('a worker that dies mid-job', { timeout: 90_000 }, () => {
  type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

  /** An app on an existing database (a server process that starts again after a crash). */
  async function appOn(database: TestDatabase, dataDir: string, env: Record<string, string>, overrides?: ContextOverrides) {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      RENDER_TIMEOUT_SECONDS: '60',
      JOBS_MAINTENANCE_SECONDS: '1',
      ...env,
    });
    const app = await buildApp({ config, database, jwtSecret: JWT_SECRET, logger: false, overrides });
    await app.ready();
    return app;
  }

  /** Claims the queued render jobs like a worker would, then "dies": the jobs stay active and unfinished. */
  async function claimAndDie(database: TestDatabase): Promise<number> {
    const boss = createPgBoss(database, { maintenanceIntervalSeconds: 60 });
    await boss.start();
    const jobs = await boss.fetch('render', { batchSize: 10 });
    await boss.stop({ graceful: false, close: true, wait: true });
    return jobs.length;
  }

  interface Restarted {
    second: App;
    user: Awaited<ReturnType<typeof createSubscribedUser>>;
    batchId: number;
    close(): Promise<void>;
  }

  /**
   * A batch of 2 whose worker died holding both jobs, what happened to the jobs while no server ran
   * (`meanwhile`), then a second server started on the same database (before the test, in its hook).
   */
  async function restartAfterDeath(opts: { meanwhile?: (database: TestDatabase) => Promise<void>; overrides?: ContextOverrides } = {}): Promise<Restarted> {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
    let second: App | undefined;
    const close = async () => {
      await second?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      // The first server takes the request; its worker claims the jobs and dies before finishing.
      const first = await appOn(database, dataDir, { WORKERS_IN_PROCESS: 'false' });
      const user = await createSubscribedUser(first, { credits: 6 });
      const inputImageId = await createInputImage(first, user.id);
      const res = await generate(first, user.headers, { inputImageId, variations: 2 });
      if (res.statusCode !== 200) throw new Error(`generate answered ${res.statusCode}: ${res.body}`);
      const { batchId } = res.json() as GenerationResponse;
      const claimed = await claimAndDie(database);
      if (claimed !== 2) throw new Error(`the dying worker claimed ${claimed} jobs, not 2`);
      await first.close();
      // Time passes: the dead worker's jobs have been active for longer than their time limit.
      await database.query(`UPDATE ${JOBS_SCHEMA}.job SET started_on = started_on - interval '1 hour' WHERE name = 'render' AND state = 'active'`);
      await opts.meanwhile?.(database);
      second = await appOn(database, dataDir, {}, opts.overrides);
      return { second, user, batchId, close };
    } catch (err) {
      await close();
      throw err;
    }
  }

  describe('when the expired jobs succeed on retry', () => {
    let r: Restarted;
    beforeAll(async () => {
      r = await restartAfterDeath();
    });
    afterAll(async () => {
      await r?.close();
    });

    it('after a restart its images end COMPLETED (the expired jobs are retried)', async () => {
      const { second, user, batchId } = r;
      const batch = await eventually(async () => {
        const b = await batchRow(second, user.id, batchId);
        return b.status === 'COMPLETED' ? b : undefined;
      }, 'the batch to complete after the restart', 75_000);
      expect(batch.status).toBe('COMPLETED');
      const images = await imagesOfBatch(second, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED']);
      expect(await balanceOf(second, user.id)).toBe(4);
    });
  });

  describe('when the retries fail too', () => {
    let r: Restarted;
    beforeAll(async () => {
      r = await restartAfterDeath({ overrides: { engine: failingEngine({ n: 0 }) } });
    });
    afterAll(async () => {
      await r?.close();
    });

    it('after a restart its images end FAILED and refunded when the retries fail too', async () => {
      const { second, user, batchId } = r;
      await eventually(async () => (await batchRow(second, user.id, batchId)).status === 'COMPLETED', 'the batch', 75_000);
      const images = await imagesOfBatch(second, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
      expect(images.every((i) => i.refundedAt)).toBe(true);
      expect(await balanceOf(second, user.id)).toBe(6);
    });
  });

  describe('when the jobs failed for good before their dead letters ran', () => {
    let r: Restarted;
    beforeAll(async () => {
      // The jobs failed for good, and their dead letters have not run yet (none is queued here).
      r = await restartAfterDeath({
        meanwhile: (database) =>
          database
            .query(
              `UPDATE ${JOBS_SCHEMA}.job SET state = 'failed', completed_on = now(), output = '{"message":"The render stopped at its time limit of 60 s"}'::jsonb WHERE name = 'render'`,
            )
            .then(() => undefined),
      });
    });
    afterAll(async () => {
      await r?.close();
    });

    it("gives an image whose job failed the job's own error when the recovery sweep comes before the dead letter", async () => {
      const { second, user, batchId } = r;
      const images = await imagesOfBatch(second, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
      expect(images.map((i) => i.errorMessage)).toEqual(['The render stopped at its time limit of 60 s', 'The render stopped at its time limit of 60 s']);
      expect(await balanceOf(second, user.id)).toBe(6);
    });
  });

  describe('when the jobs are gone altogether', () => {
    let r: Restarted;
    beforeAll(async () => {
      r = await restartAfterDeath({
        meanwhile: (database) => database.query(`DELETE FROM ${JOBS_SCHEMA}.job WHERE name = 'render'`).then(() => undefined),
      });
    });
    afterAll(async () => {
      await r?.close();
    });

    it('fails and refunds images whose job is gone altogether (the recovery sweep at start-up)', async () => {
      const { second, user, batchId } = r;
      // The sweep runs during start-up, before ready resolves (in the hook, before this test).
      const images = await imagesOfBatch(second, user.id, batchId);
      expect(images.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
      expect(images[0].errorMessage).toMatch(/lost/);
      expect((await batchRow(second, user.id, batchId)).status).toBe('COMPLETED');
      expect(await balanceOf(second, user.id)).toBe(6);
    });
  });
});
