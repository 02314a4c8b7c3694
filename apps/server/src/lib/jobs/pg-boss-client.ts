import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Tx } from '../../db/client.js';
import { rawQueryOptions } from '../../db/pglite-parsers.js';

/**
 * pg-boss in the application's own database: on PostgreSQL its own small pool on the same
 * connection string; on PGlite its `db` option backed by the PGlite instance (multi-statement SQL,
 * which pg-boss sends without parameters, goes through `exec`); inside a caller's drizzle
 * transaction, that transaction (so a job commits with the rows that need it).
 */

/** pg-boss's schema (db/migrations/0200_user_job_admission.sql names it too). */
export const JOBS_SCHEMA = 'pgboss';

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** pg-boss's `db` on PGlite. PGlite serialises its callers, so pg-boss's transactions stay whole. */
export function pgliteExecutor(pglite: PGlite): Executor {
  const options = rawQueryOptions(pglite);
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text, options);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const r = await pglite.query(text, values, options);
      return { rows: r.rows as Record<string, unknown>[] };
    },
  };
}

/** pg-boss's `db` inside a drizzle transaction: `$n` placeholders become drizzle parameters. */
export function transactionExecutor(tx: Tx): Executor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
        last = (m.index ?? 0) + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows?: Record<string, unknown>[] };
      return { rows: result.rows ?? [] };
    },
  };
}

/** A pg-boss instance on the application's database (also used by tests to play a worker that dies). */
export function createPgBoss(database: Database, opts: { maintenanceIntervalSeconds: number }): PgBoss {
  const common = {
    schema: JOBS_SCHEMA,
    supervise: true,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds,
    // Finished jobs move to the archive after an hour and leave it after a week.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  };
  if (database.kind === 'postgres') {
    if (!database.connectionString) throw new Error('pg-boss needs the PostgreSQL connection string');
    return new PgBoss({ ...common, connectionString: database.connectionString, max: 4, application_name: 'atelier-jobs' });
  }
  if (!database.pglite) throw new Error('pg-boss needs the PGlite instance');
  return new PgBoss({ ...common, db: pgliteExecutor(database.pglite) });
}

