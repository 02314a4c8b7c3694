import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createPgBoss, JOBS_SCHEMA, transactionExecutor } from './pg-boss-client.js';
import { LocalSlots } from './local-slots.js';
import { putBackSql, UserJobSlots } from './user-slots.js';
import { FINAL_JOB_STATES, JobAbortedError, type JobQueue, type JobState, type QueueDepth, type QueueDefinition, type SendOptions } from './jobs.js';

/**
 * pg-boss expires an active job some seconds after the handler's own time limit: a handler
 * aborted at the limit still cancels its remote work and records its failure, and the recovery
 * sweep must not take an expiry in that window for a lost job. Only a dead worker's job expires.
 */
function expirySeconds(timeoutSeconds: number): number {
  return timeoutSeconds + Math.max(5, Math.ceil(timeoutSeconds / 10));
}

const deadQueueName = (name: string) => `${name}__dead`;

export interface PgBossQueueOptions {
  /** How often timed-out jobs are expired and the recovery sweeps run (seconds). */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker looks for jobs when nothing woke it (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of one user (queues whose definition has `userOf`) running at once, across processes. */
  userConcurrency?: number;
  log: FastifyBaseLogger;
}

/**
 * JobQueue on pg-boss 10, in the application's own database (pg-boss-client.ts). A job sent with
 * `tx` is inserted by that transaction (pg-boss's per-call `db` option), so the rows that need
 * the job and the job itself commit together.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly defs = new Map<string, QueueDefinition<unknown, unknown>>();
  private readonly sweeps = new Map<string, () => Promise<void>>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly running = new Set<AbortController>();
  /** Per queue: the places of its `concurrency` in this process (see QueueDefinition.prefetch). */
  private readonly places = new Map<string, LocalSlots>();
  /** Timed wake-ups of this process's workers, by queue and due time (see wakeIn). */
  private readonly wakes = new Map<string, NodeJS.Timeout>();
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private maintaining: Promise<void> | undefined;
  private startedFlag = false;
  private stopping = false;
  private readonly userSlots: UserJobSlots | undefined;

  constructor(
    private readonly database: Database,
    private readonly opts: PgBossQueueOptions,
  ) {
    this.boss = createPgBoss(database, { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds });
    if (opts.userConcurrency !== undefined) this.userSlots = new UserJobSlots(database, JOBS_SCHEMA, opts.userConcurrency, () => this.userQueues());
    this.boss.on('error', (err: unknown) => {
      if (this.stopping) return;
      opts.log.error({ err }, 'job queue error');
    });
  }

  get started(): boolean {
    return this.startedFlag;
  }

  define<T, P = void>(def: QueueDefinition<T, P>): void {
    if (this.startedFlag) throw new Error(`define(${def.name}) after the job queue started`);
    this.defs.set(def.name, def as unknown as QueueDefinition<unknown, unknown>);
  }

  onMaintenance(name: string, sweep: () => Promise<void>): void {
    this.sweeps.set(name, sweep);
  }

  private userQueues(): string[] {
    return [...this.defs.values()].filter((d) => d.userOf).map((d) => d.name);
  }

  private definition(queue: string): QueueDefinition<unknown, unknown> {
    const def = this.defs.get(queue);
    if (!def) throw new Error(`Unknown job queue ${queue}`);
    return def;
  }

  /** The options every job of `queue` is sent with. */
  private jobOptions(queue: string) {
    const def = this.definition(queue);
    return {
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      ...(def.retryBackoff ? { retryBackoff: true } : {}),
      expireInSeconds: expirySeconds(def.timeoutSeconds),
      ...(def.onDead ? { deadLetter: deadQueueName(queue) } : {}),
    };
  }

  async send<T extends object>(queue: string, data: T, opts: SendOptions = {}): Promise<string> {
    const options: PgBoss.SendOptions = {
      ...this.jobOptions(queue),
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.tx ? { db: transactionExecutor(opts.tx) } : {}),
    };
    const id = await this.boss.send(queue, data, options);
    if (!id) throw new Error(`The job queue ${queue} did not accept the job`);
    if (!opts.tx) this.notify(queue);
    return id;
  }

  async sendMany<T extends object>(queue: string, jobs: Array<{ id: string; data: T }>, opts: Pick<SendOptions, 'tx'> = {}): Promise<void> {
    if (jobs.length === 0) return;
    const options = this.jobOptions(queue);
    await this.boss.insert(
      jobs.map((j) => ({ ...options, name: queue, id: j.id, data: j.data })),
      opts.tx ? { db: transactionExecutor(opts.tx) } : {},
    );
    if (!opts.tx) this.notify(queue);
  }

  notify(queue: string): void {
    const ids = this.workerIds.get(queue) ?? [];
    const places = this.places.get(queue);
    // With a place free, its workers take the jobs and wake the ones that fetch ahead once they
    // run (wakeReadyWorkers): their fetches and reads then come after the first jobs' start, not before.
    const wake = places && places.available > 0 ? ids.slice(0, places.size) : ids;
    for (const id of wake) this.boss.notifyWorker(id);
  }

  /** Wakes the workers of `queue` that fetch a job ahead (see QueueDefinition.prefetch). */
  private wakeReadyWorkers(queue: string): void {
    const places = this.places.get(queue);
    for (const id of (this.workerIds.get(queue) ?? []).slice(places?.size ?? 0)) this.boss.notifyWorker(id);
  }

  async states(queue: string, ids: string[]): Promise<Map<string, JobState>> {
    const out = new Map<string, JobState>();
    if (ids.length === 0) return out;
    const { rows } = await this.database.query(
      `SELECT id::text AS id, state::text AS state FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND id = ANY($2::uuid[])
       UNION ALL
       SELECT id::text AS id, state::text AS state FROM ${JOBS_SCHEMA}.archive WHERE name = $1 AND id = ANY($2::uuid[])`,
      [queue, ids],
    );
    for (const r of rows) {
      const id = String(r.id);
      const state = String(r.state) as JobState;
      // A job in both tables (mid-archive) counts by its live row.
      if (!out.has(id) || !FINAL_JOB_STATES.has(state)) out.set(id, state);
    }
    return out;
  }

  async depths(): Promise<QueueDepth[]> {
    const names = [...this.defs.keys()];
    if (names.length === 0) return [];
    // pg-boss keeps one partition of its job table per queue: each count stays within its queue.
    const { rows } = await this.database.query(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry'))), 0)::float8 AS oldest
         FROM ${JOBS_SCHEMA}.job
        WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')
        GROUP BY name`,
      [names],
    );
    const byName = new Map(rows.map((r) => [String(r.name), r]));
    return names.map((queue) => {
      const r = byName.get(queue);
      return { queue, waiting: Number(r?.waiting ?? 0), active: Number(r?.active ?? 0), oldestWaitingSeconds: Math.max(0, Number(r?.oldest ?? 0)) };
    });
  }

  async failures(queue: string, ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const { rows } = await this.database.query(
      `SELECT id::text AS id, output FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'failed' AND id = ANY($2::uuid[])
       UNION ALL
       SELECT id::text AS id, output FROM ${JOBS_SCHEMA}.archive WHERE name = $1 AND state = 'failed' AND id = ANY($2::uuid[])`,
      [queue, ids],
    );
    for (const r of rows) out.set(String(r.id), lastError(r.output));
    return out;
  }

  async start({ workers }: { workers: boolean }): Promise<void> {
    if (this.startedFlag) return;
    await this.boss.start();
    for (const def of this.defs.values()) {
      const base = {
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff ?? false,
        expireInSeconds: expirySeconds(def.timeoutSeconds),
      };
      if (def.onDead) {
        await this.boss.createQueue(deadQueueName(def.name), { name: deadQueueName(def.name), retryLimit: 5, retryDelay: 5, expireInSeconds: 300 });
      }
      const options = { ...base, ...(def.onDead ? { deadLetter: deadQueueName(def.name) } : {}) };
      if (await this.boss.getQueue(def.name)) await this.boss.updateQueue(def.name, { name: def.name, ...options });
      else await this.boss.createQueue(def.name, { name: def.name, ...options });
    }
    this.startedFlag = true;
    if (!workers) return;

    for (const def of this.defs.values()) {
      const ids: string[] = [];
      this.workerIds.set(def.name, ids);
      const concurrency = Math.max(1, def.concurrency);
      this.places.set(def.name, new LocalSlots(concurrency));
      const polling = this.opts.pollingIntervalSeconds ?? 2;
      for (let i = 0; i < concurrency * (def.prefetch ? 2 : 1); i++) {
        // The workers that fetch ahead are woken by sends, ended jobs and timed wake-ups; their own
        // polls would only add queries (on PGlite, beside the API's on its one thread).
        const pollingIntervalSeconds = i < concurrency ? polling : Math.max(polling, this.opts.maintenanceIntervalSeconds);
        let workerId = '';
        workerId = await this.boss.work<unknown>(
          def.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
          async ([job]) => {
            try {
              await this.run(def, job);
            } catch (err) {
              if (!(await this.recordFailure(def, job.id, err))) throw err;
            } finally {
              // Look for the next job at once instead of after the polling interval.
              if (!this.stopping) this.boss.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
      if (def.onDead) {
        const onDead = def.onDead.bind(def);
        const deadWorkerId = await this.boss.work<unknown>(
          deadQueueName(def.name),
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            await onDead(job.data, lastError(job.output));
          },
        );
        this.workerIds.set(deadQueueName(def.name), [deadWorkerId]);
      }
    }
    await this.maintain();
    this.maintenanceTimer = setInterval(() => void this.maintain(), this.opts.maintenanceIntervalSeconds * 1000);
    this.maintenanceTimer.unref();
  }

  private async run(def: QueueDefinition<unknown, unknown>, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const places = this.places.get(def.name)!;
    const prepared = def.prepare?.(job.data);
    // The handler sees its failure; a job put back before running must not leave it unhandled.
    prepared?.catch(() => undefined);
    const waited = await places.acquire();
    let placeHeld = true;
    const freePlace = () => {
      if (placeHeld) places.release();
      placeHeld = false;
    };
    try {
      if (waited && this.stopping) return await this.putBack(job.id);
      const userId = this.userSlots ? def.userOf?.(job.data) : undefined;
      // The job's time ran from its fetch: when it waited for its place, its expiry counts from now,
      // when it really starts (in the user-slot check's round trip when there is one).
      if (waited && userId === undefined) this.restartClock(job.id);
      // Over the user's limit: the job waits (see user-slots.ts) and this worker takes the next one.
      if (userId !== undefined && !(await this.userSlots!.admit(job.id, userId, waited))) {
        this.wakeIn(def.name, this.userSlots!.holdMs);
        return;
      }
      if (def.prefetch) this.wakeReadyWorkers(def.name);
      let released = false;
      const releaseSlot = async () => {
        if (released) return;
        released = true;
        if (userId !== undefined) await this.releaseUserSlot(job.id, userId);
        freePlace();
      };
      try {
        await this.runAdmitted(def, job, prepared, releaseSlot);
      } finally {
        await releaseSlot();
      }
    } finally {
      freePlace();
    }
  }

  private async releaseUserSlot(jobId: string, userId: number): Promise<void> {
    try {
      // Only the queues where one of the user's jobs waited for this slot: a wake-up costs every idle worker a fetch.
      for (const queue of await this.userSlots!.release(jobId, userId)) this.notify(queue);
    } catch (err) {
      this.opts.log.warn({ err, jobId }, 'could not release the user slot of a job (waiting jobs start at their next poll)');
    }
  }

  private restartClock(jobId: string): void {
    void this.database
      .query(`UPDATE ${JOBS_SCHEMA}.job SET started_on = now() WHERE id = $1::uuid AND state = 'active'`, [jobId])
      .catch((err: unknown) => this.opts.log.warn({ err, jobId }, 'could not restart the expiry clock of a job that waited for its place'));
  }

  /** A fetched job that will not run here after all goes back to waiting, eligible at once. */
  private async putBack(jobId: string): Promise<void> {
    await this.database.db.execute(putBackSql(JOBS_SCHEMA, jobId, 0));
  }

  /**
   * Wakes this process's idle workers of `queue` in `ms`, when a job of it becomes due (a retry, a
   * start held for a user slot): once per queue and 100 ms however many jobs are due then, never
   * early. Polling would find the job too, but only at its next round.
   */
  private wakeIn(queue: string, ms: number): void {
    if (this.stopping) return;
    if (ms <= 0) return this.notify(queue);
    const at = Math.ceil((Date.now() + ms) / 100) * 100;
    const key = `${queue}@${at}`;
    if (this.wakes.has(key)) return;
    const timer = setTimeout(() => {
      this.wakes.delete(key);
      if (!this.stopping) this.notify(queue);
    }, at - Date.now());
    timer.unref();
    this.wakes.set(key, timer);
  }

  /** Times a wake-up for every job of this process's queues that becomes due before the next maintenance round. */
  private async wakeForDueJobs(): Promise<void> {
    const queues = [...this.workerIds.keys()];
    if (queues.length === 0) return;
    const { rows } = await this.database.query(
      `SELECT name, GREATEST(0, CEIL(EXTRACT(EPOCH FROM start_after - now()) * 1000))::int AS due_in_ms
       FROM ${JOBS_SCHEMA}.job
       WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now() + make_interval(secs => $2)
       GROUP BY name, due_in_ms LIMIT 1000`,
      [queues, this.opts.maintenanceIntervalSeconds],
    );
    for (const r of rows) this.wakeIn(String(r.name), Number(r.due_in_ms));
  }

  private async runAdmitted(
    def: QueueDefinition<unknown, unknown>,
    job: PgBoss.JobWithMetadata<unknown>,
    prepared: Promise<unknown> | undefined,
    releaseSlot: () => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    this.running.add(controller);
    const timer = setTimeout(
      () => controller.abort(new JobAbortedError('timeout', `The job exceeded its time limit of ${def.timeoutSeconds} s`)),
      def.timeoutSeconds * 1000,
    );
    try {
      await def.handle({
        id: job.id,
        data: job.data,
        prepared,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        isFinalAttempt: job.retryCount >= job.retryLimit,
        signal: controller.signal,
        releaseSlot,
      });
    } finally {
      clearTimeout(timer);
      this.running.delete(controller);
    }
  }

  /**
   * Records a failed attempt (a retry, or the job's end and its dead letter) before the worker
   * looks for its next job, and wakes the workers when what it recorded becomes due: the retry at
   * the start_after it was given, the dead letter at once. pg-boss itself would record the
   * failure only after the handler returned, without awaiting it, so a wake-up timed from the
   * handler's throw could come before the retry was due and leave it to the next poll. False
   * when nothing was recorded (pg-boss then records it itself).
   */
  private async recordFailure(def: QueueDefinition<unknown, unknown>, jobId: string, err: unknown): Promise<boolean> {
    try {
      await this.boss.fail(def.name, jobId, err instanceof Error ? err : { message: String(err) });
    } catch {
      return false;
    }
    // From here on the failure is recorded: pg-boss's own completion of the job changes nothing.
    if (this.stopping) return true;
    try {
      const { rows } = await this.database.query(
        `SELECT state::text AS state, GREATEST(0, CEIL(EXTRACT(EPOCH FROM start_after - now()) * 1000))::int AS due_in_ms
         FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND id = $2::uuid`,
        [def.name, jobId],
      );
      const row = rows[0];
      if (row?.state === 'retry') this.wakeIn(def.name, Number(row.due_in_ms));
      else if (def.onDead) {
        this.notify(deadQueueName(def.name));
      }
    } catch (lookupErr) {
      this.opts.log.warn({ err: lookupErr, jobId }, 'could not time the wake-up of a failed job (it starts at the next poll)');
    }
    return true;
  }

  async maintain(): Promise<void> {
    if (this.maintaining) return this.maintaining;
    this.maintaining = (async () => {
      try {
        if (this.stopping) return;
        // Expiry of jobs whose worker died (pg-boss also does this on its own schedule).
        await this.boss.maintain();
        for (const [name, sweep] of this.sweeps) {
          if (this.stopping) return;
          try {
            await sweep();
          } catch (err) {
            this.opts.log.error({ err, sweep: name }, 'recovery sweep failed');
          }
        }
        await this.wakeForDueJobs();
      } catch (err) {
        if (!this.stopping) this.opts.log.error({ err }, 'job maintenance failed');
      }
    })().finally(() => {
      this.maintaining = undefined;
    });
    return this.maintaining;
  }

  async stop({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.maintenanceTimer) clearInterval(this.maintenanceTimer);
    for (const timer of this.wakes.values()) clearTimeout(timer);
    this.wakes.clear();
    await this.maintaining?.catch(() => undefined);
    if (!this.startedFlag) return;
    // Running jobs get `timeoutMs` to finish; then their signals abort and pg-boss fails them (→ retry).
    const abortTimer = setTimeout(() => {
      for (const c of this.running) c.abort(new JobAbortedError('shutdown', 'The worker is shutting down'));
    }, timeoutMs);
    try {
      await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs + 1000 });
    } finally {
      clearTimeout(abortTimer);
      this.startedFlag = false;
    }
  }
}

function lastError(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const m = o?.message ?? o?.value?.message;
  return typeof m === 'string' ? m : 'The job failed';
}
