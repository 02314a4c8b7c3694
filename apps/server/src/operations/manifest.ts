import { once } from 'node:events';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AVATAR_URL_PREFIX, avatarKey } from '../modules/auth/avatars.js';
import type { CopyProgress } from '../providers/storage/copy.js';
import type { TextRow } from './rows.js';
import type { TableInfo } from './tables.js';

/**
 * A backup folder:
 *   manifest.json              what is in it (below); written last, so a folder without it is unfinished
 *   db/<schema>.<table>.jsonl  every row of every table, one JSON array of the columns' text per line
 *   files/<key>                every file of the storage (unless `files.mode` is "reference": S3 keeps them)
 *   jwt-secret                 DATA_DIR's generated signing secret, when there is one (sessions survive a restore)
 */
export interface Manifest {
  format: 'atelier-backup';
  version: 1;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    migrations: string[];
    tables: Array<TableInfo & { rows: number; md5: string; file: string; size: number; sha256: string }>;
    sequences: Array<{ qualified: string; lastValue: string; isCalled: boolean }>;
    queues: Array<{ name: string; options: Record<string, unknown>; deadLetter: string | null }>;
  };
  files: {
    mode: 'copied' | 'reference';
    storage: 'disk' | 's3';
    entries: ManifestFile[];
  };
  /** Every file key a row of the snapshot points at (each must be in `files.entries`). */
  references: string[];
  jwtSecret: boolean;
}

export interface ManifestFile {
  key: string;
  size: number;
  sha256: string;
}

export const MANIFEST = 'manifest.json';
export const tableFile = (t: Pick<TableInfo, 'schema' | 'name'>) => `db/${t.schema}.${t.name}.jsonl`;
export const fileOf = (dir: string, key: string) => path.join(dir, 'files', ...key.split('/'));

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a finished backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 'atelier-backup' || manifest.version !== 1) throw new Error(`${file} is not a backup manifest this version reads.`);
  return manifest;
}

/** Size and SHA-256 of a stream, passing it on to `sink` when given. */
export async function hashStream(body: Readable, sink?: fs.WriteStream): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.from(chunk as Uint8Array);
    hash.update(buf);
    size += buf.length;
    if (sink && !sink.write(buf)) await once(sink, 'drain');
  }
  if (sink) await new Promise<void>((resolve, reject) => sink.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { size, sha256: hash.digest('hex') };
}

export const hashFile = (file: string) => hashStream(fs.createReadStream(file));

/**
 * The storage keys a row points at: columns named like `…image_key`, `mask_key`, `storage_key`
 * (original, processed, thumbnail, image, mask, storage, file), and a profile picture stored by
 * the app. A row whose files were deleted on purpose (`files_deleted_at` set) points at none.
 */
const FILE_KEY_COLUMN = /^(.+_)?(original|processed|thumbnail|image|mask|storage|file)_key$/;

export function fileReferences(t: TableInfo): (row: TextRow) => string[] {
  const cols = t.columns.filter((c) => !c.generated);
  const keyCols = cols.flatMap((c, i) => (FILE_KEY_COLUMN.test(c.name) && c.type === 'text' ? [i] : []));
  const picture = cols.findIndex((c) => c.name === 'profile_picture');
  const deletedAt = cols.findIndex((c) => c.name === 'files_deleted_at');
  if (!keyCols.length && picture < 0) return () => [];
  return (row) => {
    if (deletedAt >= 0 && row[deletedAt] !== null) return [];
    const keys = keyCols.map((i) => row[i]).filter((k): k is string => !!k);
    const pic = picture >= 0 ? row[picture] : null;
    if (pic?.startsWith(AVATAR_URL_PREFIX)) keys.push(avatarKey(pic.slice(AVATAR_URL_PREFIX.length)));
    return keys;
  };
}

/** What is wrong with a backup folder: files missing, of another size or hash, rows pointing at no file. */
export async function verifyBackup(dir: string, onProgress?: (p: CopyProgress) => void): Promise<string[]> {
  const manifest = readManifest(dir);
  const problems: string[] = [];
  const checked = [...manifest.database.tables, ...(manifest.files.mode === 'copied' ? manifest.files.entries : [])];
  const progress = { done: 0, total: checked.length, bytes: 0, totalBytes: checked.reduce((n, f) => n + f.size, 0) };
  const check = async (label: string, file: string, want: { size: number; sha256: string }) => {
    if (!fs.existsSync(file)) problems.push(`${label}: missing`);
    else {
      const got = await hashFile(file);
      if (got.size !== want.size) problems.push(`${label}: ${got.size} bytes, the manifest says ${want.size}`);
      else if (got.sha256 !== want.sha256) problems.push(`${label}: SHA-256 ${got.sha256}, the manifest says ${want.sha256}`);
    }
    progress.done += 1;
    progress.bytes += want.size;
    onProgress?.({ ...progress });
  };
  for (const t of manifest.database.tables) await check(t.file, path.join(dir, t.file), t);
  if (manifest.files.mode === 'copied') for (const f of manifest.files.entries) await check(`files/${f.key}`, fileOf(dir, f.key), f);
  const keys = new Set(manifest.files.entries.map((f) => f.key));
  const dangling = manifest.references.filter((k) => !keys.has(k));
  for (const k of dangling.slice(0, 20)) problems.push(`a row points at ${k}, which is not in the backup`);
  if (dangling.length > 20) problems.push(`… and ${dangling.length - 20} more rows pointing at files not in the backup`);
  return problems;
}
