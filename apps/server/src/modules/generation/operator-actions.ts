import crypto from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminRender } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { batches, generatedImages, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageInfo, pageOffset, type PageInfo, type PageRequest } from '../../lib/pagination.js';
import { failGeneratedImage, type VariationJobData } from './variation.job.js';

/**
 * The operator's console on renders (every variation queue: render, tweak, refine): those that
 * failed, those stuck (still running long after they were asked for), a retry of a failed one and
 * the stop-and-refund of a stuck one, through the same paths the jobs use.
 */

type Row = typeof generatedImages.$inferSelect & { userEmail: string };

const columns = { image: generatedImages, userEmail: users.email };

function present(r: Row): AdminRender {
  return {
    id: r.id,
    batchId: r.batchId,
    userId: r.userId,
    userEmail: r.userEmail,
    moduleType: r.moduleType,
    queue: r.jobQueue,
    status: r.status,
    error: r.errorMessage,
    refunded: r.refundedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** failed: most recently failed first; stuck: PROCESSING for more than `stuckMinutes`, oldest first. */
export async function listProblemRenders(
  ctx: AppContext,
  q: PageRequest & { state: 'failed' | 'stuck'; stuckMinutes: number },
): Promise<{ items: AdminRender[]; pagination: PageInfo }> {
  const live = isNull(generatedImages.deletedAt);
  const where =
    q.state === 'failed'
      ? and(eq(generatedImages.status, 'FAILED'), live)
      : and(eq(generatedImages.status, 'PROCESSING'), lt(generatedImages.createdAt, new Date(Date.now() - q.stuckMinutes * 60_000)), live);
  const order = q.state === 'failed' ? [desc(generatedImages.updatedAt), desc(generatedImages.id)] : [asc(generatedImages.createdAt), asc(generatedImages.id)];
  const [rows, [{ n }]] = await Promise.all([
    ctx.db.select(columns).from(generatedImages).innerJoin(users, eq(users.id, generatedImages.userId)).where(where).orderBy(...order).limit(q.limit).offset(pageOffset(q)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(generatedImages).where(where),
  ]);
  return { items: rows.map((r) => present({ ...r.image, userEmail: r.userEmail })), pagination: pageInfo(q, n) };
}

async function findRender(ctx: AppContext, imageId: number): Promise<AdminRender> {
  const [r] = await ctx.db
    .select(columns)
    .from(generatedImages)
    .innerJoin(users, eq(users.id, generatedImages.userId))
    .where(and(eq(generatedImages.id, imageId), isNull(generatedImages.deletedAt)))
    .limit(1);
  if (!r) throw notFound('Render not found', 'RENDER_NOT_FOUND');
  return present({ ...r.image, userEmail: r.userEmail });
}

/**
 * Runs a FAILED variation again with a new job on its queue. Its refund stands (the retry is on
 * the house) and is never paid twice: should the retry fail too, the refund's idempotency key
 * (refund:image:<id>) was used already. `inTx` records the action with the change.
 */
export async function retryFailedRender(ctx: AppContext, imageId: number, inTx: (tx: Tx, before: AdminRender) => Promise<void>): Promise<AdminRender> {
  const before = await findRender(ctx, imageId);
  const queue = before.queue;
  if (before.status !== 'FAILED' || !queue) throw new AppError(409, 'NOT_RETRYABLE', ADMIN_MESSAGES.notRetryable);
  const jobId = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(generatedImages)
      .set({ status: 'PROCESSING', runpodStatus: 'SUBMITTED', errorMessage: null, refundedAt: null, jobId, updatedAt: new Date() })
      .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'FAILED')))
      .returning();
    if (!row) throw new AppError(409, 'NOT_RETRYABLE', ADMIN_MESSAGES.notRetryable);
    // The batch is open again until this variation ends (its last one to end completes it anew).
    await tx.update(batches).set({ status: 'PROCESSING', completedAt: null, updatedAt: new Date() }).where(eq(batches.id, row.batchId));
    await ctx.jobs.sendMany<VariationJobData>(queue, [{ id: jobId, data: { imageId: row.id, userId: row.userId, batchId: row.batchId } }], { tx });
    await inTx(tx, before);
  });
  ctx.jobs.notify(queue);
  return findRender(ctx, imageId);
}

/**
 * Stops a variation still PROCESSING (stuck) and refunds its credit, through the path a failed
 * job takes (failGeneratedImage: once, by its idempotency key). A job that finishes later finds
 * the image FAILED and leaves it so. `record` is told what was done.
 */
export async function stopAndRefundRender(ctx: AppContext, imageId: number, record: (before: AdminRender) => Promise<void>): Promise<AdminRender> {
  const before = await findRender(ctx, imageId);
  if (before.status === 'FAILED' && before.refunded) throw new AppError(409, 'ALREADY_REFUNDED', ADMIN_MESSAGES.alreadyRefunded);
  if (before.status !== 'PROCESSING') throw new AppError(409, 'NOT_REFUNDABLE', ADMIN_MESSAGES.notRefundable);
  const done = await failGeneratedImage(ctx, imageId, 'Stopped and refunded by an operator', 'operator');
  if (!done) throw new AppError(409, 'ALREADY_REFUNDED', ADMIN_MESSAGES.alreadyRefunded);
  await record(before);
  return findRender(ctx, imageId);
}
