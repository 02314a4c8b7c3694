import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { generatedImages, tweakFiles } from '../../db/schema/index.js';

/** An uploaded mask or placed picture that no tweak has used for this long, and none names, is removed. */
export const UNUSED_TWEAK_FILE_MS = 24 * 3600 * 1000;

type CleanupContext = Pick<AppContext, 'db' | 'storage'> & { log?: FastifyBaseLogger };

/** Records a stored mask or overlay (the cleanup only knows files with a row). */
export async function recordTweakFile(db: Db, userId: number, kind: 'mask' | 'overlay', key: string): Promise<void> {
  await db.insert(tweakFiles).values({ userId, kind, storageKey: key });
}

/**
 * A tweak is starting with this file: it counts as used now. Runs before the file is read, so a
 * cleanup that already holds the row finishes first (the read then finds the file gone: 404),
 * and one that comes later sees it in use. A file stored before rows existed gets one.
 */
export async function touchTweakFile(db: Db, userId: number, kind: 'mask' | 'overlay', key: string): Promise<void> {
  await db
    .insert(tweakFiles)
    .values({ userId, kind, storageKey: key })
    .onConflictDoUpdate({ target: tweakFiles.storageKey, set: { lastUsedAt: sql`now()` } });
}

/** Forgets a file removed at once (an Add image refused before its batch started). */
export async function forgetTweakFile(db: Db, userId: number, key: string): Promise<void> {
  await db.delete(tweakFiles).where(and(eq(tweakFiles.userId, userId), eq(tweakFiles.storageKey, key)));
}

/**
 * Removes the files and rows of masks and overlays that are unused: last used (uploaded, or
 * the start of a tweak with them) before `olderThan`, and named by no generated image of their
 * owner whose files still exist (settings_snapshot.maskKey or .overlayKey: a pending, running,
 * finished or failed tweak result, whose job or regeneration reads it). Rows are locked while
 * their files go (SKIP LOCKED: several processes may run this at once); a file that cannot be
 * deleted keeps its row for the next run.
 */
export async function cleanupUnusedTweakFiles(ctx: CleanupContext, olderThan: Date, opts: { batchSize?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 100;
  let removed = 0;
  for (;;) {
    const { done, seen } = await ctx.db.transaction(async (tx) => removeBatch(ctx, tx, olderThan, batchSize));
    removed += done;
    if (seen < batchSize || done === 0) return removed;
  }
}

async function removeBatch(ctx: CleanupContext, tx: Tx, olderThan: Date, batchSize: number): Promise<{ done: number; seen: number }> {
  const referenced = sql`EXISTS (
    SELECT 1 FROM ${generatedImages} g
    WHERE g.user_id = ${tweakFiles.userId} AND g.module_type = 'TWEAK' AND g.files_deleted_at IS NULL
      AND (g.settings_snapshot->>'maskKey' = ${tweakFiles.storageKey} OR g.settings_snapshot->>'overlayKey' = ${tweakFiles.storageKey}))`;
  const rows = await tx
    .select({ id: tweakFiles.id, key: tweakFiles.storageKey })
    .from(tweakFiles)
    .where(and(lt(tweakFiles.lastUsedAt, olderThan), sql`NOT ${referenced}`))
    .orderBy(asc(tweakFiles.lastUsedAt), asc(tweakFiles.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const gone: number[] = [];
  for (const row of rows) {
    try {
      await ctx.storage.delete(row.key);
      gone.push(row.id);
    } catch (err) {
      ctx.log?.warn({ err, key: row.key }, 'could not delete an unused tweak file');
    }
  }
  if (gone.length > 0) await tx.delete(tweakFiles).where(inArray(tweakFiles.id, gone));
  return { done: gone.length, seen: rows.length };
}
