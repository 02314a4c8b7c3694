import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import type { AdminResult } from '../admin-storage.js';
import type { CopyProgress } from '../providers/storage/copy.js';
import { createStorage, StorageConfigError, type Storage } from '../providers/storage/index.js';
import { BACKUP_USAGE, takeBackup } from './backup.js';
import { embeddedInUse } from './db-copy.js';
import { readManifest, verifyBackup } from './manifest.js';
import { RESTORE_USAGE, restoreBackup } from './restore.js';

/** `backup`, `restore` and `verify-backup` as admin commands: the installation of the configuration. */
type Deps = { config: Config; progress?: (p: CopyProgress) => void };

const valueOf = (args: string[], flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);

async function withInstallation(config: Config, fn: (i: { database: Awaited<ReturnType<typeof openDatabase>>; storage: Storage }) => Promise<AdminResult>): Promise<AdminResult> {
  const storage = createStorage(config);
  try {
    await storage.check?.();
  } catch (err) {
    if (err instanceof StorageConfigError) return { code: 1, output: `Invalid configuration:\n  ${err.message}` };
    throw err;
  }
  const inUse = config.DATABASE_URL ? null : embeddedInUse(config.dataDir);
  if (inUse) return { code: 1, output: inUse };
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  database.pool?.on('error', () => undefined);
  try {
    return await fn({ database, storage });
  } finally {
    await database.close();
  }
}

export async function runBackup(args: string[], deps: Deps): Promise<AdminResult> {
  const out = valueOf(args, '--out');
  const filesArg = args.find((a) => a.startsWith('--files='));
  const mode = filesArg === '--files=reference' ? 'reference' : filesArg === undefined || filesArg === '--files=copy' ? 'copied' : null;
  if (!out || out.startsWith('--') || !mode) return { code: 1, output: BACKUP_USAGE };
  return withInstallation(deps.config, ({ database, storage }) =>
    takeBackup({ database, storage, config: deps.config, progress: deps.progress }, path.resolve(out), mode),
  );
}

export async function runRestore(args: string[], deps: Deps): Promise<AdminResult> {
  const from = valueOf(args, '--from');
  if (!from || from.startsWith('--')) return { code: 1, output: RESTORE_USAGE };
  return withInstallation(deps.config, ({ database, storage }) =>
    restoreBackup({ database, storage, config: deps.config, progress: deps.progress }, path.resolve(from), args.includes('--resume')),
  );
}

export async function runVerifyBackup(args: string[], deps: Deps): Promise<AdminResult> {
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) return { code: 1, output: 'Usage: npm run admin -- verify-backup DIR' };
  try {
    const manifest = readManifest(dir);
    const problems = await verifyBackup(dir, deps.progress);
    if (problems.length) return { code: 1, output: `${problems.length} problem(s) in ${dir}:\n  ${problems.join('\n  ')}` };
    const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
    return {
      code: 0,
      output: `${dir} (taken ${manifest.createdAt}) is whole: ${manifest.database.tables.length} tables (${rows} rows) and ${manifest.files.entries.length} files match the manifest's sizes and SHA-256${manifest.files.mode === 'reference' ? ' (files listed only: they stay in the bucket)' : ''}; the ${manifest.references.length} files rows point at are all in it.`,
    };
  } catch (err) {
    return { code: 1, output: (err as Error).message };
  }
}
