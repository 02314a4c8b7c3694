import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from './jobs.js';

/** The parts of the app context the lifecycle touches (declared here so jobs never import the context). */
interface JobLifecycleDeps {
  config: Pick<Config, 'WORKERS_IN_PROCESS'>;
  database: Pick<Database, 'kind'>;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  engine: { close?(): Promise<void> };
}

/**
 * Starts the job queue when the app is ready (workers too when WORKERS_IN_PROCESS) and, on
 * close, stops the workers and pg-boss (running jobs get a few seconds, then are retried
 * elsewhere) and releases the engine.
 */
export function registerJobLifecycle(app: FastifyInstance, ctx: JobLifecycleDeps): void {
  app.addHook('onReady', async () => {
    if (!ctx.config.WORKERS_IN_PROCESS && ctx.database.kind === 'pglite') {
      ctx.log.warn('WORKERS_IN_PROCESS=false on the embedded PGlite database: no worker process can reach it, so renders will wait');
    }
    await ctx.jobs.start({ workers: ctx.config.WORKERS_IN_PROCESS });
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.engine.close?.();
  });
}
