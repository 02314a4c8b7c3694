import type { Tx } from '../../db/client.js';

/**
 * The job queue every kind of image work goes through (render, later mask/tweak/refine): one
 * queue per kind, jobs stored in the application's database (pg-boss), workers in the server
 * process (WORKERS_IN_PROCESS) or in `npm run worker` processes.
 *
 * Semantics a handler can rely on:
 * - a job runs at least once; a handler must be idempotent (check the row's state first);
 * - a job has a time limit (`timeoutSeconds`): the handler's `signal` aborts at the limit, and
 *   a job still active a grace period after it (its worker died) is expired by maintenance and
 *   retried (pg-boss-queue.ts expirySeconds);
 * - a failure or expiry is retried `retryLimit` times, `retryDelaySeconds` apart;
 * - after the final failure or expiry `onDead` runs once per job (it must be idempotent too).
 */

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
/** States after which a job will never run again. */
export const FINAL_JOB_STATES: ReadonlySet<JobState> = new Set(['completed', 'cancelled', 'failed']);

export interface JobContext<T, P = void> {
  id: string;
  data: T;
  /** What the definition's `prepare` made of the job, begun before the job had its place (undefined without `prepare`). */
  prepared: Promise<P> | undefined;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** No retry follows this attempt when it fails. */
  isFinalAttempt: boolean;
  /** Aborted at the time limit or when the worker shuts down. */
  signal: AbortSignal;
  /**
   * The job's heavy part is over: its place among the queue's `concurrency` and its user's slot go
   * to the next job while this one finishes (stores, records, announces). Once; later calls do nothing.
   */
  releaseSlot(): Promise<void>;
}

export interface QueueDefinition<T, P = void> {
  name: string;
  timeoutSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Exponential backoff: the n-th retry waits about retryDelaySeconds × 2ⁿ (with jitter). */
  retryBackoff?: boolean;
  /** Jobs of this queue one process runs at a time (until each calls `releaseSlot`). */
  concurrency: number;
  /**
   * As many jobs again as `concurrency` are fetched and held ready in each process, one per place:
   * each starts the moment a running job calls `releaseSlot` (so the next job's heavy part overlaps
   * the previous one's end, however long that end takes).
   */
  prefetch?: boolean;
  /**
   * Work that needs no place and changes nothing (reading what the job will use): begun the moment
   * the job is fetched, so a job held ready (`prefetch`) has it done when its place comes. Its
   * promise is the handler's `job.prepared`; a job that is put back instead of run drops it.
   */
  prepare?(data: T): Promise<P>;
  handle(job: JobContext<T, P>): Promise<void>;
  /** The user a job works for: such jobs count against that user's running-jobs limit. */
  userOf?(data: T): number;
  /** After the final failure or expiry: `error` is the last error message. Must be idempotent. */
  onDead?(data: T, error: string): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
  /** Seconds since the oldest waiting job was created; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Tx;
  /** A UUID chosen by the caller (so a row can point at its job before it is sent). */
  id?: string;
}

export interface JobQueue {
  /** Declares a queue and its handler; before start(). */
  define<T, P = void>(def: QueueDefinition<T, P>): void;
  /** Runs `sweep` at start-up and after each maintenance round (where workers run): recovery of lost work. */
  onMaintenance(name: string, sweep: () => Promise<void>): void;
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<string>;
  /** Sends several jobs of `queue` in one statement, each with the id chosen for it (one round trip, however many). */
  sendMany<T extends object>(queue: string, jobs: Array<{ id: string; data: T }>, opts?: Pick<SendOptions, 'tx'>): Promise<void>;
  /** Wakes this process's idle workers of `queue` (after a transaction that sent jobs has committed). */
  notify(queue: string): void;
  /** The states of these jobs of `queue` (completed and failed jobs are found in the archive too); absent = gone. */
  states(queue: string, ids: string[]): Promise<Map<string, JobState>>;
  /** The error each of these failed jobs of `queue` ended with (what its dead letter is handed); absent = not failed. */
  failures(queue: string, ids: string[]): Promise<Map<string, string>>;
  /** Per declared queue: jobs waiting (created or retry), running (active), and the age of the oldest waiting one. */
  depths(): Promise<QueueDepth[]>;
  /** Installs/updates the queue tables; starts the workers and maintenance when `workers`. */
  start(opts: { workers: boolean }): Promise<void>;
  /** Expires timed-out jobs now and runs the recovery sweeps. */
  maintain(): Promise<void>;
  /** Stops fetching; waits up to `timeoutMs` for running jobs, then fails them (they are retried). */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  readonly started: boolean;
}

/** The reason a job's signal aborted: its time limit, or the worker stopping (the job is then retried). */
export class JobAbortedError extends Error {
  constructor(public readonly reason: 'timeout' | 'shutdown', message: string) {
    super(message);
    this.name = 'JobAbortedError';
  }
}
