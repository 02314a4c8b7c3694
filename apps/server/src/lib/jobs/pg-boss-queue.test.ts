import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../../../test/helpers/database.js';
import type { JobContext } from './jobs.js';
import { createPgBoss, JOBS_SCHEMA } from './pg-boss-client.js';
import { PgBossJobQueue } from './pg-boss-queue.js';
import { UserJobSlots } from './user-slots.js';

const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** Polls `check`; `what` may be a function, to say how far things got when the wait times out. */
async function until(check: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the pg-boss job queue', () => {
  // One database for the file (a fresh PGlite one takes half a minute on a loaded machine), built
  // before the tests; each test starts its own queue on it, with queue names of its own.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  afterAll(async () => {
    await database?.drop();
  });

  function setUp({ pollingIntervalSeconds = 0.5, maintenanceIntervalSeconds = 1, userConcurrency = undefined as number | undefined } = {}) {
    const queue = new PgBossJobQueue(database, { maintenanceIntervalSeconds, pollingIntervalSeconds, userConcurrency, log });
    cleanups.push(() => queue.stop({ timeoutMs: 1000 }));
    return { database, queue };
  }

  /** A job's state and whether it waits for a later start. */
  async function waiting(id: string): Promise<{ state: string; held: boolean } | undefined> {
    const { rows } = await database.query(`SELECT state::text AS state, start_after > now() AS held FROM ${JOBS_SCHEMA}.job WHERE id = $1::uuid`, [id]);
    return rows[0] as { state: string; held: boolean } | undefined;
  }

  function gate() {
    let open!: () => void;
    const opened = new Promise<void>((r) => (open = r));
    return { open, opened };
  }

  it('runs a job sent in a transaction only when the transaction commits', async () => {
    const { database, queue } = setUp();
    const seen: number[] = [];
    queue.define<{ n: number }>({
      name: 'echo',
      timeoutSeconds: 10,
      retryLimit: 0,
      retryDelaySeconds: 1,
      concurrency: 1,
      handle: async (job) => {
        seen.push(job.data.n);
      },
    });
    await queue.start({ workers: true });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('echo', { n: 1 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committed = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      return queue.send('echo', { n: 2 }, { tx });
    });
    queue.notify('echo');
    await until(() => seen.length > 0, 'the committed job');
    // The rolled-back job never reached the queue, so no worker can ever run it.
    const { rows } = await database.query(`SELECT id::text AS id FROM ${JOBS_SCHEMA}.job WHERE name = 'echo'`);
    expect(rows.map((r) => r.id)).toEqual([committed]);
    expect(seen).toEqual([2]);
    // pg-boss marks the job completed after its handler returned, without awaiting it.
    await until(async () => (await queue.states('echo', [committed])).get(committed) === 'completed', 'the job to be marked completed');
    expect((await queue.states('echo', ['00000000-0000-4000-8000-000000000000'])).size).toBe(0);
  });

  it('retries a failing job when its retry is due, then calls onDead once with the last error', async () => {
    // No poll comes within the test: only the wake-ups at the recorded retry times and at the dead letter move the job on.
    const { queue } = setUp({ pollingIntervalSeconds: 600 });
    const attempts: Array<Pick<JobContext<unknown>, 'retryCount' | 'isFinalAttempt'>> = [];
    const dead: string[] = [];
    queue.define<{ x: number }>({
      name: 'flaky',
      timeoutSeconds: 10,
      retryLimit: 2,
      retryDelaySeconds: 1,
      concurrency: 1,
      handle: async (job) => {
        attempts.push({ retryCount: job.retryCount, isFinalAttempt: job.isFinalAttempt });
        throw new Error(`attempt ${job.retryCount + 1} failed`);
      },
      onDead: async (_data, error) => {
        dead.push(error);
      },
    });
    await queue.start({ workers: true });
    const id = await queue.send('flaky', { x: 1 });
    await until(
      () => dead.length > 0,
      () => `the dead letter (attempts so far: ${JSON.stringify(attempts)})`,
    );
    expect(attempts).toEqual([
      { retryCount: 0, isFinalAttempt: false },
      { retryCount: 1, isFinalAttempt: false },
      { retryCount: 2, isFinalAttempt: true },
    ]);
    expect(dead).toEqual(['attempt 3 failed']);
    expect((await queue.states('flaky', [id])).get(id)).toBe('failed');
    // The error the dead letter was handed can be read for the job itself (the recovery sweep's message).
    expect(await queue.failures('flaky', [id, '00000000-0000-4000-8000-000000000000'])).toEqual(new Map([[id, 'attempt 3 failed']]));
  });

  it('aborts a handler at its time limit and expires the job into onDead', async () => {
    const { queue } = setUp();
    const reasons: string[] = [];
    const dead: string[] = [];
    queue.define<{ x: number }>({
      name: 'slow',
      timeoutSeconds: 1,
      retryLimit: 0,
      retryDelaySeconds: 1,
      concurrency: 1,
      handle: (job) =>
        new Promise((_, reject) =>
          job.signal.addEventListener('abort', () => {
            reasons.push(String((job.signal.reason as Error).message));
            reject(job.signal.reason);
          }),
        ),
      onDead: async (_data, error) => {
        dead.push(error);
      },
    });
    await queue.start({ workers: true });
    await queue.send('slow', { x: 1 });
    await until(() => dead.length > 0, 'the expired job');
    expect(reasons[0]).toMatch(/time limit of 1 s/);
  });

  it('starts a job held back for its user slot when the hold ends, with no poll to find it', async () => {
    // A poll every 600 s never comes within the test: only the wake-up at the hold's end can start the job.
    const { database, queue } = setUp({ pollingIntervalSeconds: 600, maintenanceIntervalSeconds: 600, userConcurrency: 1 });
    const started: string[] = [];
    queue.define<{ userId: number; name: string }>({
      name: 'held',
      timeoutSeconds: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      concurrency: 2,
      userOf: (data) => data.userId,
      handle: async (job) => {
        started.push(job.data.name);
      },
    });
    await queue.start({ workers: true });
    // Another process runs one job of user 7 (its only slot): fetched there, so this process knows nothing of it.
    const other = createPgBoss(database, { maintenanceIntervalSeconds: 600 });
    await other.start();
    cleanups.push(() => other.stop({ graceful: false, wait: true }));
    const a = await other.send('held', { userId: 7, name: 'a' });
    const [fetched] = await other.fetch('held');
    expect(fetched?.id).toBe(a);
    // …and admitted there, as its worker does before running it.
    expect(await new UserJobSlots(database, JOBS_SCHEMA, 1, () => ['held']).admit(a!, 7)).toBe(true);

    const b = await queue.send('held', { userId: 7, name: 'b' });
    await until(async () => (await waiting(b))?.held === true, 'job b to be held back for the slot');
    expect(started).toEqual([]);
    // The other process's job ends without a word to this one.
    await other.complete('held', a!);
    await until(() => started.includes('b'), 'job b to start when its hold ends');
    expect(started).toEqual(['b']);
  });

  it('wakes a queue at the time a job becomes due before the next maintenance round', async () => {
    const { database, queue } = setUp({ pollingIntervalSeconds: 600, maintenanceIntervalSeconds: 600 });
    const ranAt: number[] = [];
    queue.define<{ x: number }>({
      name: 'later',
      timeoutSeconds: 10,
      retryLimit: 0,
      retryDelaySeconds: 1,
      concurrency: 1,
      handle: async () => {
        ranAt.push(Date.now());
      },
    });
    await queue.start({ workers: true });
    // Sent in a transaction (no wake-up follows) with a start 1.5 s ahead, as a delayed or retried job is.
    const dueAt = await database.db.transaction(async (tx) => {
      const id = await queue.send('later', { x: 1 }, { tx });
      const r = (await tx.execute(
        sql`UPDATE ${sql.raw(JOBS_SCHEMA)}.job SET start_after = now() + interval '1.5 seconds' WHERE id = ${id}::uuid RETURNING (EXTRACT(EPOCH FROM start_after) * 1000)::float8 AS due`,
      )) as unknown as { rows: Array<{ due: number }> };
      return Number(r.rows[0].due);
    });
    await queue.maintain();
    expect(ranAt).toEqual([]);
    await until(() => ranAt.length > 0, 'the job when it is due');
    expect(ranAt[0]).toBeGreaterThanOrEqual(dueAt);
  });

  /** One place, a job held ready beside it, jobs counted against their user. */
  const heldReadyOne = { timeoutSeconds: 60, retryLimit: 0, retryDelaySeconds: 1, concurrency: 1, prefetch: true, userOf: (data: { userId: number }) => data.userId };

  it('holds a job ready for each place and starts it when a running job releases its slot', async () => {
    const { queue } = setUp({ userConcurrency: 1 });
    const gates = { a: { heavy: gate(), rest: gate() }, b: { heavy: gate(), rest: gate() } };
    const steps: string[] = [];
    queue.define<{ userId: number; name: 'a' | 'b' }>({
      name: 'piped',
      ...heldReadyOne,
      handle: async (job) => {
        const g = gates[job.data.name];
        steps.push(`${job.data.name} heavy`);
        await g.heavy.opened;
        await job.releaseSlot();
        steps.push(`${job.data.name} rest`);
        await g.rest.opened;
      },
    });
    await queue.start({ workers: true });
    const a = await queue.send('piped', { userId: 7, name: 'a' });
    await until(() => steps.includes('a heavy'), 'job a to start');
    const b = await queue.send('piped', { userId: 7, name: 'b' });
    await until(async () => (await waiting(b))?.state === 'active', 'job b to be fetched ahead');
    // Fetched, but a holds the queue's only place: b waits in this process.
    expect(steps).toEqual(['a heavy']);

    gates.a.heavy.open();
    await until(() => steps.includes('b heavy'), 'job b to start when a releases its slot');
    // b runs its heavy part while a finishes, within the user's single slot (a gave it up).
    expect(steps).toEqual(['a heavy', 'a rest', 'b heavy']);
    expect((await queue.states('piped', [a])).get(a)).toBe('active');

    gates.a.rest.open();
    gates.b.heavy.open();
    gates.b.rest.open();
    await until(async () => [...(await queue.states('piped', [a, b])).values()].every((s) => s === 'completed'), 'both jobs to complete');
  });

  it('prepares the jobs it holds ready while they wait, and a held job takes no slot of its user', async () => {
    const { queue } = setUp({ userConcurrency: 1 });
    const first = gate();
    const prepared: string[] = [];
    const ran: string[] = [];
    queue.define<{ userId: number; name: string }, string>({
      name: 'prepped',
      ...heldReadyOne,
      prepare: async (data) => {
        prepared.push(data.name);
        return `${data.name} ready`;
      },
      handle: async (job) => {
        ran.push(`${job.data.name}: ${await job.prepared}`);
        if (ran.length === 1) await first.opened;
      },
    });
    await queue.start({ workers: true });
    const ids = [await queue.send('prepped', { userId: 9, name: 'a' }), await queue.send('prepped', { userId: 9, name: 'b' })];
    await until(() => ran.length === 1 && prepared.length === 2, () => `one job running and both prepared (ran ${ran}, prepared ${prepared})`);
    // Both were fetched at once: one runs, the other waits for the place with its preparation done.
    // It holds none of the user's single slot, so the first was not put back to wait for it.
    const states = await Promise.all(ids.map(waiting));
    expect(states.map((st) => st?.state)).toEqual(['active', 'active']);
    expect(states.some((st) => st?.held)).toBe(false);
    first.open();
    await until(() => ran.length === 2, 'the held job to run');
    expect(ran.sort()).toEqual(['a: a ready', 'b: b ready']);
    await until(async () => [...(await queue.states('prepped', ids)).values()].every((st) => st === 'completed'), 'both jobs to complete');
  });
});
