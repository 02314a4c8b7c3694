import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { AdminResult } from '../admin-storage.js';
import type { CopyProgress } from '../providers/storage/copy.js';
import { loadInto, refusalOf } from './load.js';
import { withTransaction } from './sessions.js';
import { snapshotSource } from './source.js';

export const DB_COPY_USAGE = `Usage: npm run admin -- db-copy --to postgres://USER:PASSWORD@HOST:5432/DATABASE [--resume]

Copies the embedded database (DATA_DIR/pglite) into an empty PostgreSQL database: the schema by
the same migrations, every table's rows in dependency order (pg-boss's jobs included: a pending
render is still pending afterwards), sequences past the highest ids; then checks every table's
row count and checksum. Stop the server first. The embedded database is never changed (the copy
reads a snapshot of its folder). Refuses a target with rows unless --resume finishes an earlier,
interrupted run into it. Files are not part of it: see storage-copy.`;

/** `admin db-copy --to postgres://…`. `openTarget` is for tests. */
export async function runDbCopy(
  args: string[],
  deps: { config: Pick<Config, 'dataDir'>; progress?: (p: CopyProgress) => void },
): Promise<AdminResult> {
  const to = args[args.indexOf('--to') + 1];
  if (!args.includes('--to') || !to || !/^postgres(ql)?:\/\//.test(to)) return { code: 1, output: DB_COPY_USAGE };
  const sourceDir = path.join(deps.config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(sourceDir, 'PG_VERSION'))) return { code: 1, output: `No embedded database in ${sourceDir}.` };
  const inUse = embeddedInUse(deps.config.dataDir);
  if (inUse) return { code: 1, output: inUse };
  const started = Date.now();
  const resume = args.includes('--resume');
  let source: Database | undefined;
  const target = await openDatabase({ databaseUrl: to });
  target.pool?.on('error', () => undefined);
  // PGlite writes to the folder it opens (its WAL, a checkpoint): it opens a copy, so the source is never changed.
  const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-db-copy-'));
  try {
    // Refused before the embedded database is even read.
    let refusal: string | null;
    try {
      refusal = await refusalOf(target, resume);
    } catch (err) {
      return { code: 1, output: `Cannot use the database ${redact(to)}: ${(err as Error).message}` };
    }
    if (refusal) return { code: 1, output: refusal };
    fs.cpSync(sourceDir, path.join(snapshotDir, 'pglite'), { recursive: true });
    source = await openDatabase({ dataDir: snapshotDir });
    const report = await withTransaction(source, 'snapshot', async (q) =>
      loadInto(target, await snapshotSource(q, 'The embedded database'), { resume, onProgress: deps.progress }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const where = redact(to);
    return {
      code: report.ok ? 0 : 1,
      output: report.ok
        ? `${report.output}\nCopied ${sourceDir} into ${where} in ${seconds} s. Next: copy the files (storage-copy, if they move to S3), then start with DATABASE_URL=${where}.`
        : report.output,
    };
  } finally {
    await source?.close();
    await target.close();
    fs.rmSync(snapshotDir, { recursive: true, force: true });
  }
}

/**
 * Why the embedded database of DATA_DIR cannot be opened by a second process, or null: PGlite
 * keeps postmaster.pid while a process has it open (and removes it when closed), and a second
 * process opening the folder would corrupt it.
 */
export function embeddedInUse(dataDir: string): string | null {
  return fs.existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))
    ? `The embedded database in ${path.join(dataDir, 'pglite')} is open in another process (postmaster.pid): stop the server first. If it crashed, start it and stop it once (Ctrl-C), then run this again.`
    : null;
}

/** A connection string without its password, for messages. */
export const redact = (url: string) => url.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
