import PgBoss from 'pg-boss';
import type { Database, SqlRunner } from '../db/client.js';
import { JOBS_SCHEMA, pgliteExecutor } from '../lib/jobs/pg-boss-client.js';

/**
 * pg-boss's jobs travel with the database (a pending render is still pending after a copy or a
 * restore). Its schema is pg-boss's own (created by the same pg-boss version, as the server would
 * at start) and each queue is a partition of its job table, which only pg-boss's create_queue
 * makes; so the target gets the schema from pg-boss and the source's queues through
 * create_queue, and then every row (queues, jobs, archive, schedules) is copied like any other.
 */

export interface QueueRow {
  name: string;
  options: Record<string, unknown>;
  deadLetter: string | null;
}

/** The source's queues, each after its dead-letter queue. */
export async function readQueues(query: SqlRunner): Promise<QueueRow[]> {
  const { rows: exists } = await query(`SELECT to_regclass($1) IS NOT NULL AS ok`, [`${JOBS_SCHEMA}.queue`]);
  if (!exists[0]?.ok) return [];
  const { rows } = await query(
    `SELECT name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter FROM ${JOBS_SCHEMA}.queue ORDER BY name`,
  );
  const queues = rows.map((r) => ({
    name: String(r.name),
    deadLetter: r.dead_letter === null ? null : String(r.dead_letter),
    options: {
      policy: r.policy,
      retryLimit: r.retry_limit,
      retryDelay: r.retry_delay,
      retryBackoff: r.retry_backoff,
      expireInSeconds: r.expire_seconds,
      retentionMinutes: r.retention_minutes,
      deadLetter: r.dead_letter,
    },
  }));
  const ordered: QueueRow[] = [];
  const placed = new Set<string>();
  while (ordered.length < queues.length) {
    const next = queues.filter((q) => !placed.has(q.name) && (!q.deadLetter || placed.has(q.deadLetter) || q.deadLetter === q.name));
    if (!next.length) throw new Error('The dead-letter queues of pg-boss form a cycle');
    for (const q of next) {
      ordered.push(q);
      placed.add(q.name);
    }
  }
  return ordered;
}

/** pg-boss's schema on the target (by pg-boss itself, no workers) and the source's queues. */
export async function prepareJobsSchema(target: Database, queues: QueueRow[]): Promise<void> {
  const common = { schema: JOBS_SCHEMA, migrate: true, supervise: false, schedule: false };
  const boss =
    target.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: target.connectionString!, max: 1, application_name: 'atelier-db-copy' })
      : new PgBoss({ ...common, db: pgliteExecutor(target.pglite!) });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  for (const q of queues) {
    await target.query(`SELECT ${JOBS_SCHEMA}.create_queue($1, $2::json)`, [q.name, JSON.stringify(q.options)]);
  }
}
