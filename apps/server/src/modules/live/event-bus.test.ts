import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@atelier/contract';
import { createTestDatabase } from '../../../test/helpers/database.js';
import { eventually } from '../generation/generation.test-helpers.js';
import { PostgresEventBus } from './event-bus.js';

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

  /** A bus as one process has it, with what its subscribers received (input image ids) and when it lost its LISTEN connection. */
  async function processBus() {
    let lost!: () => void;
    const connectionLost = new Promise<void>((resolve) => (lost = resolve));
    const log = {
      info() {},
      error() {},
      debug() {},
      warn(_obj: unknown, msg: string) {
        if (msg.includes('connection lost')) lost();
      },
    } as unknown as FastifyBaseLogger;
    const bus = new PostgresEventBus(database, log);
    buses.push(bus);
    const received: number[] = [];
    bus.subscribe((_userId, m) => {
      if (m.type === 'masks_completed') received.push(m.inputImageId);
    });
    await bus.start();
    return { bus, received, connectionLost };
  }

  /** The LISTEN connections, leaving out `gone` (terminated ones may still be listed while they exit). */
  const listeners = async (gone: number[] = []) =>
    Number(
      (
        await database.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'atelier-events'
             AND query ILIKE 'LISTEN%' AND NOT pid = ANY($1::int[])`,
          [gone],
        )
      ).rows[0].n,
    );
  /** Terminates every LISTEN connection; returns their process ids. */
  const killListeners = async () =>
    (
      await database.query(
        `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'atelier-events'`,
      )
    ).rows.map((r) => Number(r.pid));

  it("delivers a process's own messages in process, once, also while its LISTEN connection is down", async () => {
    const a = await processBus();
    // Delivered before publish returns (no round trip through the database).
    await a.bus.publish(1, masks(1));
    expect(a.received).toEqual([1]);

    await killListeners();
    await a.connectionLost;
    // The bus reconnects after a back-off of half a second: this goes out meanwhile.
    await a.bus.publish(1, masks(2));
    expect(a.received).toEqual([1, 2]);
  });

  it("delivers another process's messages once, also after its LISTEN connection was lost and reconnected", async () => {
    const a = await processBus();
    const b = await processBus();
    await b.bus.publish(1, masks(1));
    await eventually(async () => a.received.includes(1) && b.received.includes(1), 'the first message on both');

    const killed = await killListeners();
    await eventually(async () => (await listeners(killed)) === 2, 'both buses to LISTEN again on new connections');
    await b.bus.publish(1, masks(2));
    await b.bus.publish(1, masks(3));
    await eventually(async () => a.received.includes(3), "the other process's messages after the reconnect");
    // One more round trip: a second listener's copies would have arrived by now.
    await a.bus.publish(1, masks(4));
    await b.bus.publish(1, masks(5));
    await eventually(async () => a.received.includes(5) && b.received.includes(4), 'the last messages');
    // Each once (a process's own message may overtake another's, which comes through the database).
    expect([...a.received].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...b.received].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await listeners(killed)).toBe(2);
  });
});
