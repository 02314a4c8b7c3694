import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Storage } from '../providers/storage/index.js';
import { takeBackup } from './backup.js';
import { parseCron } from './cron.js';
import { MANIFEST } from './manifest.js';

/**
 * BACKUP_CRON: the server process takes the backup itself (`npm run admin -- backup` cannot open
 * an embedded database the server holds), with the same code, into BACKUP_DIR/<UTC time>/, then
 * keeps the BACKUP_KEEP newest complete backups. Several servers on one PostgreSQL sharing
 * BACKUP_DIR: the first to create a minute's folder takes it, the others skip that minute.
 */
export interface ScheduledBackupDeps {
  database: Database;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'JWT_SECRET' | 'BACKUP_DIR' | 'BACKUP_KEEP'>;
  log: FastifyBaseLogger;
}

export const backupRoot = (config: Pick<Config, 'dataDir' | 'BACKUP_DIR'>) => path.resolve(config.BACKUP_DIR ?? path.join(config.dataDir, 'backups'));

/** 2026-11-27T10-30Z: sortable, one per minute, valid on every file system. */
const folderName = (at: Date) => at.toISOString().slice(0, 16).replace(/:/g, '-') + 'Z';
const NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\dZ$/;

/** One scheduled backup now; returns its folder, or null when another process has this minute's. */
export async function runScheduledBackup(deps: ScheduledBackupDeps, at = new Date()): Promise<{ dir: string | null; pruned: string[]; output: string }> {
  const root = backupRoot(deps.config);
  fs.mkdirSync(root, { recursive: true });
  const dir = path.join(root, folderName(at));
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { dir: null, pruned: [], output: `${dir} exists: taken by another process` };
    throw err;
  }
  const result = await takeBackup({ database: deps.database, storage: deps.storage, config: deps.config }, dir, 'copied');
  if (result.code !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(result.output);
  }
  return { dir, pruned: pruneBackups(root, deps.config.BACKUP_KEEP), output: result.output };
}

/** Deletes the oldest complete scheduled backups beyond `keep` (folders of ours only; never one without a manifest, which may be running). */
export function pruneBackups(root: string, keep: number): string[] {
  const complete = fs
    .readdirSync(root)
    .filter((n) => NAME.test(n) && fs.existsSync(path.join(root, n, MANIFEST)))
    .sort();
  const old = complete.slice(0, Math.max(0, complete.length - keep)).map((n) => path.join(root, n));
  for (const d of old) fs.rmSync(d, { recursive: true, force: true });
  return old;
}

type SchedulerDeps = ScheduledBackupDeps & { config: Pick<Config, 'BACKUP_CRON'> };

/**
 * What runs at each minute's start: a backup when BACKUP_CRON matches the minute, none while the
 * previous one still runs. Resolves to the backup's folder, or null when nothing was taken.
 */
export function backupTick(deps: SchedulerDeps & { config: { BACKUP_CRON: string } }): (at: Date) => Promise<string | null> {
  const cron = parseCron(deps.config.BACKUP_CRON);
  let running = false;
  return async (at) => {
    if (running || !cron.matches(at)) return null;
    running = true;
    try {
      const r = await runScheduledBackup(deps, at);
      if (r.dir) deps.log.info({ dir: r.dir, pruned: r.pruned }, 'scheduled backup written');
      return r.dir;
    } catch (err) {
      deps.log.error({ err }, 'scheduled backup failed');
      return null;
    } finally {
      running = false;
    }
  };
}

/** Runs backupTick at each minute's start; returns a stop function. Without BACKUP_CRON, nothing. */
export function startBackupScheduler(deps: SchedulerDeps): () => void {
  const expression = deps.config.BACKUP_CRON;
  if (!expression) return () => undefined;
  const tick = backupTick({ ...deps, config: { ...deps.config, BACKUP_CRON: expression } });
  let timer: NodeJS.Timeout;
  const schedule = () => {
    const now = Date.now();
    const next = Math.floor(now / 60_000) * 60_000 + 60_000;
    timer = setTimeout(() => {
      void tick(new Date(next));
      schedule();
    }, next - now);
    timer.unref();
  };
  schedule();
  deps.log.info({ cron: expression, dir: backupRoot(deps.config), keep: deps.config.BACKUP_KEEP }, 'scheduled backups on');
  return () => clearTimeout(timer);
}
