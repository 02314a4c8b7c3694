import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AdminResult } from '../admin-storage.js';
import { copyFiles, copySummary, type CopyProgress, type CopySourceFile } from '../providers/storage/copy.js';
import type { Storage } from '../providers/storage/index.js';
import { loadInto, refusalOf, type RowSource } from './load.js';
import { fileOf, readManifest, verifyBackup, type Manifest } from './manifest.js';
import { batchSize, type TextRow } from './rows.js';
import type { TableInfo } from './tables.js';

export const RESTORE_USAGE = `Usage: npm run admin -- restore --from DIR [--resume]

Rebuilds an empty installation from a backup: the database of DATABASE_URL (or the embedded one
in DATA_DIR) and the storage of STORAGE (DATA_DIR/files or the S3 bucket). Checks the backup
first (as verify-backup), refuses a database with rows or a storage with files (unless --resume
finishes an interrupted restore), then checks every table's row count and checksum.`;

export interface RestoreDeps {
  database: Database;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'JWT_SECRET'>;
  progress?: (p: CopyProgress) => void;
}

export async function restoreBackup(deps: RestoreDeps, dir: string, resume: boolean): Promise<AdminResult> {
  const started = Date.now();
  let manifest: Manifest;
  try {
    manifest = readManifest(dir);
  } catch (err) {
    return { code: 1, output: (err as Error).message };
  }
  const problems = await verifyBackup(dir);
  if (problems.length) return { code: 1, output: `The backup in ${dir} does not match its manifest; nothing restored:\n  ${problems.slice(0, 20).join('\n  ')}` };
  const refusal = (await refusalOf(deps.database, resume)) ?? (await storageRefusal(deps.storage, manifest, resume));
  if (refusal) return { code: 1, output: refusal };

  const lines: string[] = [];
  if (manifest.files.mode === 'copied') {
    const files = await copyFiles([() => backupFiles(dir, manifest)], deps.storage, { onProgress: deps.progress });
    lines.push(copySummary(files, `the ${deps.storage.kind} storage`));
    if (files.failed.length) return { code: 1, output: `${lines.join('\n')}\nThe database was not restored; run the command again with --resume.` };
  } else lines.push(`Files: the bucket already holds all ${manifest.files.entries.length} (sizes checked).`);

  const report = await loadInto(deps.database, backupRows(dir, manifest), { resume, onProgress: deps.progress });
  lines.push(report.output);
  if (!report.ok) return { code: 1, output: lines.join('\n') };
  lines.push(restoreSecret(dir, manifest, deps.config));
  lines.push(`Restored ${dir} (taken ${manifest.createdAt}) into the ${deps.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database and the ${deps.storage.kind} storage in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { code: 0, output: lines.join('\n') };
}

async function storageRefusal(storage: Storage, manifest: Manifest, resume: boolean): Promise<string | null> {
  if (manifest.files.mode === 'reference') {
    if (storage.kind !== 's3') return 'This backup left its files in the S3 bucket (--files=reference): restore it with STORAGE=s3 and that bucket.';
    const missing = [];
    for (const f of manifest.files.entries) if ((await storage.stat!(f.key))?.size !== f.size) missing.push(f.key);
    return missing.length ? `The bucket lacks ${missing.length} file(s) of the backup (or holds them with another size), e.g. ${missing.slice(0, 5).join(', ')}.` : null;
  }
  if (resume) return null;
  for await (const f of storage.list!()) return `The ${storage.kind} storage is not empty (it holds ${f.key}, …): restore into an empty installation.`;
  return null;
}

async function* backupFiles(dir: string, manifest: Manifest): AsyncGenerator<CopySourceFile> {
  for (const f of manifest.files.entries) yield { key: f.key, size: f.size, open: async () => fs.createReadStream(fileOf(dir, f.key)) };
}

/** The backup's tables as a load's source: rows read back from db/*.jsonl in batches. */
function backupRows(dir: string, manifest: Manifest): RowSource {
  const tables = manifest.database.tables.map(({ schema, name, qualified, columns, primaryKey, selfRefColumns }): TableInfo => ({ schema, name, qualified, columns, primaryKey, selfRefColumns }));
  return {
    label: 'The backup',
    tables,
    expected: new Map(manifest.database.tables.map((t) => [t.qualified, { rows: t.rows, md5: t.md5 }])),
    migrations: manifest.database.migrations,
    queues: manifest.database.queues,
    sequences: manifest.database.sequences,
    async *rows(t) {
      const file = manifest.database.tables.find((x) => x.qualified === t.qualified)!.file;
      const size = batchSize(t);
      let batch: TextRow[] = [];
      for await (const line of readline.createInterface({ input: fs.createReadStream(path.join(dir, file)), crlfDelay: Infinity })) {
        if (!line) continue;
        batch.push(JSON.parse(line) as TextRow);
        if (batch.length === size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  };
}

/** The backup's generated JWT secret into DATA_DIR, so the sessions of the backup stay valid. */
function restoreSecret(dir: string, manifest: Manifest, config: RestoreDeps['config']): string {
  if (!manifest.jwtSecret) return 'Sessions: the backup has no generated secret (JWT_SECRET was set): keep the same JWT_SECRET for them to stay valid.';
  if (config.JWT_SECRET) return 'Sessions: JWT_SECRET is set here; set it to the old installation\'s for its sessions to stay valid.';
  const target = path.join(config.dataDir, 'jwt-secret');
  const secret = fs.readFileSync(path.join(dir, 'jwt-secret'));
  if (fs.existsSync(target) && !fs.readFileSync(target).equals(secret)) {
    return `Sessions: ${target} holds another secret; replace it with the backup's jwt-secret for the old sessions to stay valid.`;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(target, secret, { mode: 0o600 });
  return `Sessions: the signing secret restored into ${target}; existing sessions stay valid.`;
}
