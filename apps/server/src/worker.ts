import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { resolveJwtSecret } from './lib/jwt.js';
import { createMetricsReader, serveMetricsOnLocalhost } from './lib/metrics/index.js';
import { registerRenderQueue } from './modules/generation/index.js';
import { registerRefineQueue } from './modules/refine/index.js';
import { registerTweakQueue } from './modules/tweak/index.js';
import { registerMasksQueue } from './modules/masks/index.js';
import { registerWebhooksQueue } from './modules/webhooks/index.js';
import { registerSetCompletion } from './modules/view-sets/index.js';
import { checkStorageOrExit } from './providers/storage/index.js';

/**
 * `npm run worker`: a job worker process (no HTTP). It runs the same queues as the in-process
 * workers, on the same database; its live messages reach the API processes' sockets through
 * PostgreSQL NOTIFY. It needs DATABASE_URL: a PGlite directory belongs to one process.
 * Run the API with WORKERS_IN_PROCESS=false to leave all the work to worker processes.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to the server process, whose in-process workers (WORKERS_IN_PROCESS=true) do the work.\n',
    );
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL, name: 'worker' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await runMigrations(database);
  const ctx = createContext(config, database, log, resolveJwtSecret(config.JWT_SECRET, config.dataDir));
  await checkStorageOrExit(ctx.storage);

  // Every queue this process works on (the same list the API registers with its routes).
  registerRenderQueue(ctx);
  registerRefineQueue(ctx);
  registerTweakQueue(ctx);
  registerMasksQueue(ctx);
  registerWebhooksQueue(ctx);
  registerSetCompletion();

  await ctx.jobs.start({ workers: true });
  // The work this process does is counted here: METRICS_PORT serves it on 127.0.0.1 (as the API does).
  const metrics = config.METRICS_PORT === undefined ? undefined : serveMetricsOnLocalhost(config.METRICS_PORT, createMetricsReader({ jobs: ctx.jobs }).read, log);
  await metrics?.ready;
  log.info({ engine: ctx.engine.name, concurrency: config.RENDER_CONCURRENCY }, 'Atelier worker is running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    await metrics?.close();
    await ctx.jobs.stop();
    await ctx.engine.close?.();
    await ctx.events.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Atelier worker failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
