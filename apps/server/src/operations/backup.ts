import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AdminResult } from '../admin-storage.js';
import { avatarDir, avatarKey } from '../modules/auth/avatars.js';
import { copyFiles, folderFiles, storageFiles, type CopyProgress, type CopySourceFile } from '../providers/storage/copy.js';
import { createDiskStorage, type Storage } from '../providers/storage/index.js';
import { fileReferences, fileOf, hashFile, hashStream, MANIFEST, tableFile, type Manifest, type ManifestFile } from './manifest.js';
import { withTransaction } from './sessions.js';
import { snapshotSource } from './source.js';

export const BACKUP_USAGE = `Usage: npm run admin -- backup --out DIR [--files=reference]

Writes a consistent snapshot of the installation into DIR (new or empty): every table's rows, read
in one REPEATABLE READ transaction, then every file of the storage with its size and SHA-256 in
DIR/manifest.json. --files=reference (STORAGE=s3 only) lists and hashes the bucket's files
instead of copying them. With the embedded database, stop the server first (or let the server
take it: BACKUP_CRON). Restore with: npm run admin -- restore --from DIR`;

export interface BackupDeps {
  database: Database;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'JWT_SECRET'>;
  progress?: (p: CopyProgress) => void;
}

/**
 * The snapshot first, then the files: a file written after the snapshot is copied but no row of
 * the backup points at it; a file a row of the snapshot points at that is gone by the time it is
 * copied (deleted meanwhile) makes the backup fail, naming it, and no manifest is written.
 */
export async function takeBackup(deps: BackupDeps, dir: string, mode: 'copied' | 'reference'): Promise<AdminResult & { manifest?: Manifest }> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) return { code: 1, output: `${dir} is not empty: a backup goes into a new or empty folder.` };
  if (mode === 'reference' && deps.storage.kind !== 's3') return { code: 1, output: '--files=reference is for STORAGE=s3 (the bucket keeps the files); on disk the files are copied.' };
  const started = Date.now();
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const references = new Set<string>();
  const { tables, ...database } = await withTransaction(deps.database, 'snapshot', async (q) => {
    const source = await snapshotSource(q, 'The database');
    const total = [...source.expected.values()].reduce((n, e) => n + e.rows, 0);
    const progress = { done: 0, total, bytes: 0, totalBytes: 0, unit: 'rows' as const };
    const written: Manifest['database']['tables'] = [];
    for (const t of source.tables) {
      const file = tableFile(t);
      const out = fs.createWriteStream(path.join(dir, file));
      const refsOf = fileReferences(t);
      for await (const batch of source.rows(t)) {
        const text = batch.map((row) => JSON.stringify(row)).join('\n');
        if (!out.write(`${text}\n`)) await once(out, 'drain');
        for (const row of batch) for (const k of refsOf(row)) references.add(k);
        progress.done += batch.length;
        deps.progress?.({ ...progress });
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      written.push({ ...t, ...source.expected.get(t.qualified)!, file, ...(await hashFile(path.join(dir, file))) });
    }
    deps.progress?.({ ...progress });
    return { kind: deps.database.kind, migrations: source.migrations, tables: written, sequences: source.sequences, queues: source.queues };
  });
  const dbSeconds = (Date.now() - started) / 1000;

  const sources: Array<() => AsyncIterable<CopySourceFile>> = [() => storageFiles(deps.storage)];
  if (deps.storage.kind === 'disk') sources.push(() => folderFiles(avatarDir(deps.config.dataDir), avatarKey));
  const entries: ManifestFile[] = [];
  const failed: string[] = [];
  if (mode === 'copied') {
    const result = await copyFiles(sources, createDiskStorage(path.join(dir, 'files')), { onProgress: deps.progress });
    failed.push(...result.failed.map((f) => `${f.key}: ${f.reason}`));
    const bad = new Set(result.failed.map((f) => f.key));
    for (const source of sources) {
      for await (const f of source()) if (!bad.has(f.key)) entries.push({ key: f.key, ...(await hashFile(fileOf(dir, f.key))) });
    }
  } else {
    for (const source of sources) {
      for await (const f of source()) {
        try {
          entries.push({ key: f.key, ...(await hashStream(await f.open())) });
        } catch (err) {
          failed.push(`${f.key}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }
  const present = new Set(entries.map((e) => e.key));
  const dangling = [...references].filter((k) => !present.has(k)).sort();
  if (dangling.length) {
    return {
      code: 1,
      output: [
        `The backup in ${dir} is NOT usable: ${dangling.length} file(s) the database points at were not in the storage (deleted while the backup ran, or lost before it):`,
        ...dangling.slice(0, 20).map((k) => `  ${k}`),
        'No manifest was written. Run the backup again (into a new folder).',
      ].join('\n'),
    };
  }
  const secretFile = path.join(deps.config.dataDir, 'jwt-secret');
  const jwtSecret = !deps.config.JWT_SECRET && fs.existsSync(secretFile);
  if (jwtSecret) fs.copyFileSync(secretFile, path.join(dir, 'jwt-secret'));
  const manifest: Manifest = {
    format: 'atelier-backup',
    version: 1,
    createdAt: new Date(started).toISOString(),
    database: { ...database, tables },
    files: { mode, storage: deps.storage.kind, entries },
    references: [...references].sort(),
    jwtSecret,
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  const bytes = entries.reduce((n, e) => n + e.size, 0);
  const lines = [
    `Database: ${tables.length} tables, ${rows} rows (one snapshot, ${dbSeconds.toFixed(1)} s).`,
    `Files: ${entries.length} (${(bytes / 1024 / 1024).toFixed(1)} MB) ${mode === 'copied' ? 'copied' : 'listed (they stay in the bucket)'}, every one with its SHA-256; ${references.size} referenced by rows, all present.`,
  ];
  if (failed.length) lines.push(`${failed.length} file(s) no row points at could not be read (left out): ${failed.slice(0, 5).join('; ')}`);
  lines.push(`Backup written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s. Check it with: npm run admin -- verify-backup ${dir}`);
  return { code: 0, output: lines.join('\n'), manifest };
}
