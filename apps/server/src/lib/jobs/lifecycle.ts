import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/**
 * Starts the job queue when the app is ready (workers too when WORKERS_IN_PROCESS) and, on
 * close, stops the workers and pg-boss (running jobs get a few seconds, then are retried
 * elsewhere) and releases the engine.
 */
export function registerJobLifecycle(app: FastifyInstance, ctx: AppContext): void {
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
