import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeForKey, isValidStorageKey, type Storage } from './storage.js';

/** One file to copy: its key in the target, its size and how to read it. */
export interface CopySourceFile {
  key: string;
  size: number;
  open(): Promise<Readable>;
}

export interface CopyProgress {
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
  /** What is counted: files (the default, with their bytes) or a database's rows. */
  unit?: 'files' | 'rows';
}

export interface CopyResult {
  total: number;
  copied: number;
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
  bytesCopied: number;
}

/** Every file of a storage, as copy sources. */
export async function* storageFiles(storage: Storage): AsyncGenerator<CopySourceFile> {
  if (!storage.list || !storage.stream) throw new Error(`The ${storage.kind} storage cannot list or stream its files`);
  for await (const f of storage.list()) {
    yield { key: f.key, size: f.size, open: async () => (await storage.stream!(f.key)).body };
  }
}

/** Files of a plain folder under a key prefix (e.g. DATA_DIR/avatars → avatars/avatar-<name>). */
export async function* folderFiles(dir: string, keyOf: (name: string) => string): AsyncGenerator<CopySourceFile> {
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file);
    if (!stat.isFile() || !isValidStorageKey(keyOf(name))) continue;
    yield { key: keyOf(name), size: stat.size, open: async () => fs.createReadStream(file) };
  }
}

/**
 * Copies every source file into the target storage: a file already there with the same size
 * is skipped (so a second run, or one after an interruption, only copies what is missing), and
 * every copy is checked by the size the target then reports.
 */
export async function copyFiles(
  sources: Array<() => AsyncIterable<CopySourceFile>>,
  target: Storage,
  opts: { concurrency?: number; onProgress?: (p: CopyProgress) => void } = {},
): Promise<CopyResult> {
  if (!target.stat) throw new Error(`The ${target.kind} storage cannot report file sizes`);
  // A first pass for the totals of the progress bar (listing is cheap next to copying).
  let total = 0;
  let totalBytes = 0;
  for (const source of sources) {
    for await (const f of source()) {
      total += 1;
      totalBytes += f.size;
    }
  }
  const result: CopyResult = { total, copied: 0, skipped: 0, failed: [], bytesCopied: 0 };
  const progress = { done: 0, total, bytes: 0, totalBytes };
  opts.onProgress?.({ ...progress });

  async function copyOne(f: CopySourceFile): Promise<void> {
    try {
      const existing = await target.stat!(f.key);
      if (existing?.size === f.size) {
        result.skipped += 1;
        return;
      }
      const body = await f.open();
      if (target.putStream) await target.putStream(f.key, body, f.size, contentTypeForKey(f.key));
      else {
        const chunks: Buffer[] = [];
        for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
        await target.put(f.key, Buffer.concat(chunks), contentTypeForKey(f.key));
      }
      const written = await target.stat!(f.key);
      if (written?.size !== f.size) {
        result.failed.push({ key: f.key, reason: `size ${written?.size ?? 'missing'} in the target, ${f.size} in the source` });
        return;
      }
      result.copied += 1;
      result.bytesCopied += f.size;
    } catch (err) {
      result.failed.push({ key: f.key, reason: err instanceof Error ? err.message : String(err) });
    } finally {
      progress.done += 1;
      progress.bytes += f.size;
      opts.onProgress?.({ ...progress });
    }
  }

  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const running = new Set<Promise<void>>();
  for (const source of sources) {
    for await (const f of source()) {
      const p = copyOne(f).finally(() => running.delete(p));
      running.add(p);
      if (running.size >= concurrency) await Promise.race(running);
    }
  }
  await Promise.all(running);
  return result;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** `[#########-----------]  45% 450/1000 files, 120.0/260.0 MB` (or `… 450/1000 rows`) */
export function progressBar(p: CopyProgress, width = 30): string {
  const ratio = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.round(ratio * width);
  const counted = p.unit === 'rows' ? `${p.done}/${p.total} rows` : `${p.done}/${p.total} files, ${mb(p.bytes)}/${mb(p.totalBytes)}`;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${counted}`;
}

export function copySummary(r: CopyResult, where: string): string {
  const lines = [
    `${r.total} file(s) in the source: ${r.copied} copied (${mb(r.bytesCopied)}), ${r.skipped} already in ${where} with the same size, ${r.failed.length} failed.`,
  ];
  for (const f of r.failed.slice(0, 20)) lines.push(`  FAILED ${f.key}: ${f.reason}`);
  if (r.failed.length > 20) lines.push(`  … and ${r.failed.length - 20} more`);
  lines.push(r.failed.length ? 'Run the command again to retry the failed files.' : `Every file is in ${where}; sizes verified.`);
  return lines.join('\n');
}
