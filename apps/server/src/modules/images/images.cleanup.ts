import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { generatedImages, inputImages } from '../../db/schema/index.js';
import type { Storage } from '../../providers/storage/index.js';
import { otherInputImageFiles } from './images.events.js';

/** Files of soft-deleted images are kept this long (an undo window, and time for open pages). */
export const DELETED_FILES_RETENTION_MS = 7 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

type CleanupContext = Pick<AppContext, 'db' | 'storage'> & { log?: FastifyBaseLogger };

export interface CleanupResult {
  inputImages: number;
  generatedImages: number;
  files: number;
}

/** Deletes every key; true when all are gone (a key already missing counts as gone). */
async function deleteFiles(storage: Storage, keys: Array<string | null>): Promise<{ ok: boolean; count: number }> {
  const present = keys.filter((k): k is string => !!k);
  const results = await Promise.allSettled(present.map((k) => storage.delete(k)));
  return { ok: results.every((r) => r.status === 'fulfilled'), count: present.length };
}

/**
 * Removes the files of images soft-deleted before `olderThan` and marks their rows
 * (files_deleted_at); the rows stay, so history that points at them keeps its ids. Works in
 * batches through a partial index, so it never loads a whole table; safe to run twice or in
 * several processes at once.
 */
export async function cleanupDeletedFiles(
  ctx: CleanupContext,
  olderThan: Date,
  opts: { batchSize?: number } = {},
): Promise<CleanupResult> {
  const batchSize = opts.batchSize ?? 100;
  const result: CleanupResult = { inputImages: 0, generatedImages: 0, files: 0 };

  for (;;) {
    const rows = await ctx.db
      .select({
        id: inputImages.id,
        originalKey: inputImages.originalKey,
        processedKey: inputImages.processedKey,
        thumbnailKey: inputImages.thumbnailKey,
      })
      .from(inputImages)
      .where(and(isNotNull(inputImages.deletedAt), isNull(inputImages.filesDeletedAt), lt(inputImages.deletedAt, olderThan)))
      .orderBy(asc(inputImages.deletedAt), asc(inputImages.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const done: number[] = [];
    const others = await otherInputImageFiles(ctx, rows.map((r) => r.id));
    for (const row of rows) {
      const { ok, count } = await deleteFiles(ctx.storage, [row.originalKey, row.processedKey, row.thumbnailKey, ...(others.get(row.id) ?? [])]);
      if (ok) {
        done.push(row.id);
        result.files += count;
      } else ctx.log?.warn({ inputImageId: row.id }, 'could not delete the files of a deleted input image');
    }
    if (done.length > 0) {
      await ctx.db.update(inputImages).set({ filesDeletedAt: new Date() }).where(inArray(inputImages.id, done));
      result.inputImages += done.length;
    }
    if (rows.length < batchSize || done.length === 0) break;
  }

  for (;;) {
    const rows = await ctx.db
      .select({
        id: generatedImages.id,
        imageKey: generatedImages.imageKey,
        processedKey: generatedImages.processedKey,
        thumbnailKey: generatedImages.thumbnailKey,
      })
      .from(generatedImages)
      .where(
        and(isNotNull(generatedImages.deletedAt), isNull(generatedImages.filesDeletedAt), lt(generatedImages.deletedAt, olderThan)),
      )
      .orderBy(asc(generatedImages.deletedAt), asc(generatedImages.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const done: number[] = [];
    for (const row of rows) {
      const { ok, count } = await deleteFiles(ctx.storage, [row.imageKey, row.processedKey, row.thumbnailKey]);
      if (ok) {
        done.push(row.id);
        result.files += count;
      } else ctx.log?.warn({ generatedImageId: row.id }, 'could not delete the files of a deleted generated image');
    }
    if (done.length > 0) {
      await ctx.db.update(generatedImages).set({ filesDeletedAt: new Date() }).where(inArray(generatedImages.id, done));
      result.generatedImages += done.length;
    }
    if (rows.length < batchSize || done.length === 0) break;
  }

  return result;
}

/**
 * Runs the cleanup a minute after start and then daily, in this process (timers unref'd, so
 * they never keep it alive). Returns the stop function. When the job system gets a scheduler,
 * this can become a daily pg-boss schedule calling cleanupDeletedFiles instead.
 */
export function scheduleDeletedFilesCleanup(ctx: CleanupContext, opts: { retentionMs?: number } = {}): () => void {
  const retention = opts.retentionMs ?? DELETED_FILES_RETENTION_MS;
  return scheduleDailyCleanup(ctx, 'deleted-files', async () => {
    const r = await cleanupDeletedFiles(ctx, new Date(Date.now() - retention));
    if (r.inputImages + r.generatedImages > 0) ctx.log?.info(r, 'removed the files of deleted images');
  });
}

/** Runs a cleanup task a minute after start and then daily in this process (timers unref'd); returns the stop function. */
export function scheduleDailyCleanup(
  ctx: { log?: FastifyBaseLogger },
  name: string,
  task: () => Promise<void>,
  opts: { intervalMs?: number; firstRunMs?: number } = {},
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      ctx.log?.error({ err, cleanup: name }, 'cleanup failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), opts.firstRunMs ?? 60_000);
  const every = setInterval(() => void run(), opts.intervalMs ?? DAY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
