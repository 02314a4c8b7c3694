import type { Database, SqlRunner } from '../db/client.js';

/**
 * One transaction on an installation's database, whichever kind: on PostgreSQL a connection of
 * its own; on PGlite the instance's exclusive transaction (the app's other queries wait for it, so
 * none of them lands inside it). Timestamps read and written as text in UTC and ISO, so that a
 * row's text is the same on both sides of a copy. `snapshot`: REPEATABLE READ, READ ONLY — every
 * read sees the database of one instant (a backup's consistency).
 */
export async function withTransaction<T>(database: Database, mode: 'snapshot' | 'write', fn: (query: SqlRunner) => Promise<T>): Promise<T> {
  const setup = [
    mode === 'snapshot' ? 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY' : null,
    `SET LOCAL TimeZone = 'UTC'`,
    `SET LOCAL DateStyle = 'ISO, YMD'`,
    `SET LOCAL IntervalStyle = 'postgres'`,
    `SET LOCAL extra_float_digits = 1`,
  ].filter((s): s is string => s !== null);
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      for (const s of setup) await client.query(s);
      const result = await fn(async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  if (!database.pglite) throw new Error('No database connection');
  return database.pglite.transaction(async (tx) => {
    for (const s of setup) await tx.query(s);
    return fn(async (text, params) => ({ rows: (await tx.query(text, params as unknown[])).rows as Record<string, unknown>[] }));
  });
}
