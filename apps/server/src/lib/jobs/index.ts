import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from './jobs.js';
import { PgBossJobQueue } from './pg-boss-queue.js';

export * from './jobs.js';
export { createPgBoss, JOBS_SCHEMA } from './pg-boss-client.js';

/** The job queue on the application's database (pg-boss on PostgreSQL or on PGlite). */
export function createJobQueue(
  database: Database,
  config: Pick<Config, 'JOBS_MAINTENANCE_SECONDS' | 'RENDER_USER_CONCURRENCY'>,
  log: FastifyBaseLogger,
): JobQueue {
  return new PgBossJobQueue(database, {
    maintenanceIntervalSeconds: config.JOBS_MAINTENANCE_SECONDS,
    userConcurrency: config.RENDER_USER_CONCURRENCY,
    log,
  });
}
export { registerJobLifecycle } from './lifecycle.js';
