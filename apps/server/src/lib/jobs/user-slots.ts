import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * At most `limit` running jobs per user across the queues that name their user (render, tweak,
 * refine), counted in pg-boss's own job table, so every worker process on the database agrees.
 *
 * A worker that fetched a job asks `admit` before running it. Under a per-user advisory lock
 * (two workers never count at the same time), it counts the user's other active jobs; at the
 * limit the job goes back to waiting: state `created` again, started_on cleared (so no retry is
 * counted), eligible again after `holdMs` (the process wakes its workers then). The worker then
 * fetches the next job, which may be another user's submitted later. pg-boss's completion of the
 * deferred job finds it no longer active and changes nothing. When one of the user's jobs ends
 * (or its heavy part: releaseSlot), `release` makes their waiting jobs eligible at once. A worker
 * that dies holds nothing: its active job expires as usual.
 */

// pg_advisory_xact_lock(key1, key2): a namespace of our own beside the user id.
const LOCK_NAMESPACE = 0x41_54_4c; // 'ATL'
const DEFER_SECONDS = 5;
/** Set in a job's output when its handler has ended (pg-boss overwrites the output when it completes or fails the job). */
const RELEASED = 'userSlotReleased';

/**
 * An active job back to waiting, as if never fetched (no attempt counted), eligible again after
 * `seconds`. pg-boss's completion of it later finds it no longer active and changes nothing.
 */
export function putBackSql(schema: string, jobId: string, seconds: number) {
  return sql`
    UPDATE ${sql.raw(schema)}.job
    SET state = 'created', started_on = NULL, start_after = now() + make_interval(secs => ${seconds})
    WHERE id = ${jobId}::uuid AND state = 'active'`;
}

export class UserJobSlots {
  /** How long a job put back by `admit` waits before it may be fetched again. */
  readonly holdMs = DEFER_SECONDS * 1000;

  constructor(
    private readonly database: Database,
    private readonly schema: string,
    readonly limit: number,
    private readonly queues: () => string[],
  ) {}

  /** True when the job may run now; false when it was put back to wait for a slot of its user. */
  async admit(jobId: string, userId: number): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${userId}::int)`);
      const counted = (await tx.execute(sql`
        SELECT count(*)::int AS n FROM ${sql.raw(this.schema)}.job
        WHERE state = 'active' AND name IN (${sql.join(this.queues().map((q) => sql`${q}`), sql`, `)}) AND id <> ${jobId}::uuid
          AND data->>'userId' = ${String(userId)} AND output->>'${sql.raw(RELEASED)}' IS NULL`)) as unknown as { rows: Array<{ n: number }> };
      if (Number(counted.rows[0]?.n ?? 0) < this.limit) return true;
      await tx.execute(putBackSql(this.schema, jobId, DEFER_SECONDS));
      return false;
    });
  }

  /**
   * The job's handler ended: its slot is free (pg-boss marks the job completed or failed only
   * after this, so the row says so meanwhile), and the user's jobs waiting for a slot may be
   * fetched now.
   */
  async release(jobId: string, userId: number): Promise<void> {
    // One statement (one round trip between a job's end and the worker's next fetch).
    await this.database.query(
      `WITH released AS (
         UPDATE ${this.schema}.job SET output = jsonb_build_object('${RELEASED}', true) WHERE id = $1::uuid AND state = 'active'
       )
       UPDATE ${this.schema}.job SET start_after = now()
       WHERE state = 'created' AND name = ANY($2::text[]) AND data->>'userId' = $3 AND start_after > now()`,
      [jobId, this.queues(), String(userId)],
    );
  }
}
