import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { resolveJwtSecret } from './lib/jwt.js';
import { startBillingScheduler } from './modules/billing/index.js';
import { checkStorageOrExit } from './providers/storage/index.js';
import { startBackupScheduler } from './operations/scheduled-backup.js';

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await runMigrations(database);
  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config.JWT_SECRET, config.dataDir) });
  await checkStorageOrExit(app.ctx.storage);
  // Yearly plans' monthly credits and local test-mode renewals.
  const stopBilling = startBillingScheduler({ db: database.db, log: app.log });
  // BACKUP_CRON: in this process, which holds the embedded database (the worker does not run it).
  const stopBackups = startBackupScheduler({ database, storage: app.ctx.storage, config, log: app.log });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopBilling();
    stopBackups();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { url: config.publicUrl, database: database.kind, engine: config.ENGINE },
    `Atelier is running at ${config.publicUrl}`,
  );
}

main().catch((err) => {
  process.stderr.write(`Atelier failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
