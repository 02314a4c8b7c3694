import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@atelier/contract';
import { createTestDatabase } from '../../../test/helpers/database.js';
import { PostgresEventBus } from './event-bus.js';

const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const masks = (inputImageId: number): LiveMessage => ({ type: 'masks_completed', inputImageId, maskCount: 1 });

// LISTEN/NOTIFY is PostgreSQL's; on PGlite the bus is in-process (one process owns the database).
describe.runIf(!!process.env.DATABASE_URL)('the PostgreSQL event bus', { timeout: 60_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const buses: PostgresEventBus[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    while (buses.length) await buses.pop()!.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A bus as one process has it, with what its subscribers received (input image ids). */
  async function processBus() {
    const bus = new PostgresEventBus(database, log);
    buses.push(bus);
    const received: number[] = [];
    bus.subscribe((_userId, m) => {
      if (m.type === 'masks_completed') received.push(m.inputImageId);
    });
    await bus.start();
    return { bus, received };
  }

  const listeners = async () =>
    Number(
      (
        await database.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'atelier-events' AND query ILIKE 'LISTEN%'`,
        )
      ).rows[0].n,
    );
  const killListeners = () =>
    database.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'atelier-events'`);

  it("delivers a process's own messages in process, once, also while its LISTEN connection is down", async () => {
    const a = await processBus();
    await a.bus.publish(1, masks(1));
    await until(() => a.received.includes(1), 'the message with LISTEN up');

    await killListeners();
    await until(async () => (await listeners()) === 0, 'the LISTEN connection to be gone');
    // The bus reconnects after a back-off of half a second at the earliest: this goes out meanwhile.
    await a.bus.publish(1, masks(2));
    await until(() => a.received.includes(2), 'the message with LISTEN down');
    expect(a.received).toEqual([1, 2]);
  });

  it("delivers another process's messages once, also after its LISTEN connection was lost and reconnected", async () => {
    const a = await processBus();
    const b = await processBus();
    await b.bus.publish(1, masks(1));
    await until(() => a.received.includes(1) && b.received.includes(1), 'the first message on both');

    await killListeners();
    await until(async () => (await listeners()) === 2, 'both buses to LISTEN again');
    await b.bus.publish(1, masks(2));
    await b.bus.publish(1, masks(3));
    await until(() => a.received.includes(3), "the other process's messages after the reconnect");
    // One more round trip: a second listener's copies would have arrived by now.
    await a.bus.publish(1, masks(4));
    await b.bus.publish(1, masks(5));
    await until(() => a.received.includes(5) && b.received.includes(4), 'the last messages');
    // Each once (a process's own message may overtake another's, which comes through the database).
    expect([...a.received].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...b.received].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await listeners()).toBe(2);
  });
});
