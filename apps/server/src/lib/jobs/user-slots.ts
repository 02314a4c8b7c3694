import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * At most `limit` running jobs per user across the queues that name their user (render, tweak,
 * refine), counted in pg-boss's own job table, so every worker process on the database agrees.
 *
 * A worker that fetched a job asks `admit` before running it (a job fetched ahead asks when its
 * place in the process is free, and holds no slot meanwhile). Under a per-user advisory lock
 * (two workers never count at the same time), it counts the user's other admitted jobs that have
 * not released their slot; below the limit the job is marked admitted, at the limit it goes back
 * to waiting: state `created` again, started_on cleared (so no retry is counted), eligible again
 * after `holdMs` (the process wakes its workers then). The worker then fetches the next job,
 * which may be another user's submitted later. pg-boss's completion of the deferred job finds it
 * no longer active and changes nothing. When one of the user's jobs ends (or its heavy part:
 * releaseSlot), `release` makes their waiting jobs eligible at once. A worker that dies holds
 * nothing: its active job expires as usual.
 */

// pg_advisory_xact_lock(key1, key2): a namespace of our own beside the user id.
const LOCK_NAMESPACE = 0x41_54_4c; // 'ATL'
const DEFER_SECONDS = 5;
/** Set in a job's output when it is admitted, and replaced when its handler has ended (pg-boss overwrites the output when it completes or fails the job). */
const ADMITTED = 'userSlotAdmitted';
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

  /**
   * True when the job may run now; false when it was put back to wait for a slot of its user. One
   * round trip (db/migrations/0200_user_job_admission.sql); `restartClock` also restarts the job's
   * expiry clock (it waited for its place in this process after its fetch).
   */
  async admit(jobId: string, userId: number, restartClock = false): Promise<boolean> {
    const { rows } = await this.database.query(
      'SELECT atelier_admit_user_job($1::uuid, $2::int, $3::int, $4::text[], $5::int, $6::text, $7::text, $8::int, $9::boolean) AS admitted',
      [jobId, userId, LOCK_NAMESPACE, this.queues(), this.limit, ADMITTED, RELEASED, DEFER_SECONDS, restartClock],
    );
    return rows[0]?.admitted === true;
  }

  /**
   * The job's handler ended: its slot is free (pg-boss marks the job completed or failed only
   * after this, so the row says so meanwhile), and the user's jobs waiting for a slot may be
   * fetched now. Returns the queues of the jobs that became eligible (the ones to wake).
   */
  async release(jobId: string, userId: number): Promise<string[]> {
    // One statement (one round trip between a job's end and the worker's next fetch).
    const { rows } = await this.database.query(
      `WITH released AS (
         UPDATE ${this.schema}.job SET output = jsonb_build_object('${RELEASED}', true) WHERE id = $1::uuid AND state = 'active'
       ), eligible AS (
         UPDATE ${this.schema}.job SET start_after = now()
         WHERE state = 'created' AND name = ANY($2::text[]) AND data->>'userId' = $3 AND start_after > now()
         RETURNING name
       )
       SELECT DISTINCT name FROM eligible`,
      [jobId, this.queues(), String(userId)],
    );
    return rows.map((r) => String(r.name));
  }
}
