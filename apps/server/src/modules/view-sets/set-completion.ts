import { and, eq, sql } from 'drizzle-orm';
import type { LiveMessage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { setRenderViews, setRenders } from '../../db/schema/index.js';
import { emit, getBatchStatus } from '../generation/index.js';

/**
 * set.completed (issue 31 part 5): when every view's batch of a set render is done. A view whose
 * batch has a completed image is COMPLETED, one whose variations all failed (and were refunded) is
 * FAILED; the set render completes all the same, once (the update matches only a PROCESSING set
 * render with no PROCESSING view), and its message names each view's batch and status: COMPLETED
 * when every view rendered, PARTIAL when some failed, FAILED when none rendered.
 */
export async function settleSetRender(ctx: AppContext, userId: number, setRenderId: number): Promise<void> {
  const open = await ctx.db
    .select()
    .from(setRenderViews)
    .where(and(eq(setRenderViews.setRenderId, setRenderId), eq(setRenderViews.userId, userId), eq(setRenderViews.status, 'PROCESSING')));
  for (const view of open) {
    const batch = await getBatchStatus(ctx, userId, view.batchId).catch(() => null);
    if (batch && batch.status !== 'COMPLETED') continue;
    const status = batch?.images.some((i) => i.status === 'COMPLETED') ? 'COMPLETED' : 'FAILED';
    await ctx.db
      .update(setRenderViews)
      .set({ status })
      .where(and(eq(setRenderViews.setRenderId, setRenderId), eq(setRenderViews.position, view.position), eq(setRenderViews.status, 'PROCESSING')));
  }
  const [done] = await ctx.db
    .update(setRenders)
    .set({ status: 'COMPLETED', completedAt: new Date() })
    .where(
      and(
        eq(setRenders.id, setRenderId),
        eq(setRenders.userId, userId),
        eq(setRenders.status, 'PROCESSING'),
        sql`NOT EXISTS (SELECT 1 FROM ${setRenderViews} WHERE ${setRenderViews.setRenderId} = ${setRenderId} AND ${setRenderViews.status} = 'PROCESSING')`,
      ),
    )
    .returning();
  if (done) await emit(ctx, userId, await completedMessage(ctx, userId, done));
}

async function completedMessage(ctx: AppContext, userId: number, done: typeof setRenders.$inferSelect): Promise<LiveMessage> {
  const views = await ctx.db
    .select()
    .from(setRenderViews)
    .where(and(eq(setRenderViews.setRenderId, done.id), eq(setRenderViews.userId, userId)))
    .orderBy(setRenderViews.position);
  const withImages = await Promise.all(
    views.map(async (v) => {
      const batch = await getBatchStatus(ctx, userId, v.batchId).catch(() => null);
      const images = (batch?.images ?? []).flatMap((i) => (i.status === 'COMPLETED' && i.url ? [{ id: i.id, url: i.url }] : []));
      return { inputImageId: v.inputImageId, batchId: v.batchId, status: v.status === 'COMPLETED' ? ('COMPLETED' as const) : ('FAILED' as const), images };
    }),
  );
  const rendered = withImages.filter((v) => v.status === 'COMPLETED').length;
  return {
    type: 'set_completed',
    setRenderId: done.id,
    set: done.viewSet,
    status: rendered === withImages.length ? 'COMPLETED' : rendered === 0 ? 'FAILED' : 'PARTIAL',
    views: withImages,
  };
}

/** batch_completed of a batch that is a view of a set render settles that set render. */
export async function onBatchCompleted(ctx: AppContext, userId: number, message: LiveMessage): Promise<void> {
  if (message.type !== 'batch_completed') return;
  const [view] = await ctx.db
    .select({ setRenderId: setRenderViews.setRenderId })
    .from(setRenderViews)
    .where(and(eq(setRenderViews.batchId, message.batchId), eq(setRenderViews.userId, userId)))
    .limit(1);
  if (view) await settleSetRender(ctx, userId, view.setRenderId);
}
