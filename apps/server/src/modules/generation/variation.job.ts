import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { GENERATION_MESSAGES, type LiveMessage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { EngineImage } from '../../engines/engine.js';
import { batches, generatedImages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { FINAL_JOB_STATES, JobAbortedError, type JobContext } from '../../lib/jobs/index.js';
import { refundCredits } from '../credits/index.js';
import { getOwnedGeneratedImage, presentGeneratedImage, storeGeneratedImageFiles, type GeneratedImageRow } from '../images/index.js';

/**
 * The life of one variation job, whatever makes its pixels (a Create render, a refine, …): one
 * job per PROCESSING image (deterministic by its seed, so retrying is safe). The job marks the
 * image IN_PROGRESS, asks `produce` for the encoded image, stores the files and marks it
 * COMPLETED; the last variation of a batch to finish completes the batch. A variation that fails
 * for good (its final attempt, an expiry after its worker died, or a permanent error such as a
 * deleted source) is marked FAILED and its credit refunded once (generated_images.refunded_at,
 * idempotency key refund:image:<id>). Live messages: variation_started, variation_progress,
 * variation_completed or variation_failed, then batch_completed.
 */

export interface VariationJobData {
  imageId: number;
  /** The data owner (a person, or a team's account). */
  userId: number;
  /** Who asked for it (a team member); refunds take it from the debit. Absent on older jobs. */
  actorId?: number;
  batchId: number;
}

export interface VariationWork<P = undefined> {
  image: GeneratedImageRow;
  /** What `prepare` read for this variation before it had its place (undefined without `prepare`). */
  prepared: P | undefined;
  /** 0–100 as the work advances; throttled into variation_progress messages. */
  onProgress(percent: number): void;
  signal: AbortSignal;
}

export interface VariationQueueOptions<P = undefined> {
  name: string;
  timeoutSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  concurrency: number;
  /**
   * Reads what `produce` will need (input files, settings), while the variation may still wait for
   * its place: the next variation is ready the moment the engine is free. Changes nothing.
   */
  prepare?(image: GeneratedImageRow): Promise<P>;
  /** The variation's image as the engine gave it (encoded, with its pixels when it has them). Throw an AppError < 500 for a permanent failure. */
  produce(work: VariationWork<P>): Promise<EngineImage>;
}

/** Publishes without ever failing the caller: live messages are best effort. */
export async function emit(ctx: AppContext, userId: number, message: LiveMessage): Promise<void> {
  try {
    await ctx.events.publish(userId, message);
  } catch (err) {
    ctx.log.warn({ err, type: message.type }, 'live message not published');
  }
  for (const handler of [...emittedHandlers]) {
    try {
      await handler(ctx, userId, message);
    } catch (err) {
      ctx.log.error({ err, type: message.type }, 'a live-message handler failed');
    }
  }
}

type EmittedHandler = (ctx: AppContext, userId: number, message: LiveMessage) => Promise<void>;
const emittedHandlers = new Set<EmittedHandler>();

/**
 * Runs `handler` once for every live message the work produces (where it is produced, so once
 * however many API processes deliver it): the webhooks module turns batch_completed and
 * masks_completed into deliveries without generation knowing it. Registering twice is once.
 */
export function onEmitted(handler: EmittedHandler): void {
  emittedHandlers.add(handler);
}

/** Declares a variation queue and its recovery sweep (`<name>-recovery`) on the job queue. */
export function defineVariationQueue<P = undefined>(ctx: AppContext, opts: VariationQueueOptions<P>): void {
  const prepare = opts.prepare?.bind(opts);
  ctx.jobs.define<VariationJobData, P | undefined>({
    name: opts.name,
    timeoutSeconds: opts.timeoutSeconds,
    retryLimit: opts.retryLimit,
    retryDelaySeconds: opts.retryDelaySeconds,
    concurrency: opts.concurrency,
    prefetch: true,
    prepare: prepare ? (data) => prepareVariation(ctx, data, prepare) : undefined,
    handle: (job) => runVariation(ctx, job, opts),
    userOf: (data) => data.userId,
    onDead: async (data, error) => {
      await failGeneratedImage(ctx, data.imageId, error);
    },
  });
  ctx.jobs.onMaintenance(`${opts.name}-recovery`, () => recoverLostVariations(ctx, opts.name));
}

/** `prepare` of a variation still waiting to be made; undefined when it is no longer PROCESSING. */
async function prepareVariation<P>(ctx: AppContext, { imageId, userId }: VariationJobData, prepare: (image: GeneratedImageRow) => Promise<P>): Promise<P | undefined> {
  const image = await getOwnedGeneratedImage(ctx.db, userId, imageId);
  return image.status === 'PROCESSING' ? prepare(image) : undefined;
}

/** Marks the variation IN_PROGRESS and returns it; undefined when it is no longer PROCESSING (done already, or failed meanwhile). */
async function claimImage(ctx: AppContext, imageId: number, userId: number): Promise<GeneratedImageRow | undefined> {
  const [row] = await ctx.db
    .update(generatedImages)
    .set({ runpodStatus: 'IN_PROGRESS', updatedAt: new Date() })
    .where(and(eq(generatedImages.id, imageId), eq(generatedImages.userId, userId), eq(generatedImages.status, 'PROCESSING')))
    .returning();
  return row;
}

async function runVariation<P>(ctx: AppContext, job: JobContext<VariationJobData, P | undefined>, opts: VariationQueueOptions<P>): Promise<void> {
  const { imageId, userId } = job.data;
  const image = await claimImage(ctx, imageId, userId);
  if (!image) return; // done already (a retry after success, or failed meanwhile)
  // Told while the work begins (messages keep their order; emit never fails).
  const announcedStart = emit(ctx, userId, {
    type: 'variation_started',
    batchId: image.batchId,
    imageId,
    variationNumber: image.variationNumber,
    status: 'PROCESSING',
    runpodStatus: 'IN_PROGRESS',
  });

  try {
    let lastSent = -1;
    let lastAt = 0;
    const onProgress = (percent: number) => {
      const p = Math.max(0, Math.min(99, Math.round(percent)));
      const now = Date.now();
      if (p <= lastSent || (now - lastAt < 250 && p - lastSent < 25)) return;
      lastSent = p;
      lastAt = now;
      void emit(ctx, userId, {
        type: 'variation_progress',
        batchId: image.batchId,
        imageId,
        variationNumber: image.variationNumber,
        percentage: p,
        status: 'PROCESSING',
        runpodStatus: 'IN_PROGRESS',
      });
    };

    const prepared = (await job.prepared) ?? (await opts.prepare?.(image));
    const out = await opts.produce({ image, prepared, onProgress, signal: job.signal });
    // The engine is free: the next variation (fetched ahead) starts while this one is stored and announced.
    const released = job.releaseSlot();
    await announcedStart;
    job.signal.throwIfAborted();
    const [files] = await Promise.all([storeGeneratedImageFiles(ctx, { userId, generatedImageId: imageId, bytes: out.image, pixels: out.pixels }), released]);
    const now = new Date();
    const [done] = await ctx.db
      .update(generatedImages)
      .set({
        status: 'COMPLETED',
        runpodStatus: 'COMPLETED',
        imageKey: files.imageKey,
        thumbnailKey: files.thumbnailKey,
        width: files.width,
        height: files.height,
        errorMessage: null,
        completedAt: now,
        updatedAt: now,
      })
      .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'PROCESSING')))
      .returning();
    if (!done) return; // failed meanwhile (expired and given up): the refund stands
    const shown = presentGeneratedImage(ctx, done);
    const announced = emit(ctx, userId, {
      type: 'variation_completed',
      batchId: done.batchId,
      imageId,
      variationNumber: done.variationNumber,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: shown.imageUrl ?? '',
      thumbnailUrl: shown.thumbnailUrl,
      inputImageId: done.inputImageId,
      moduleType: done.moduleType,
      operationType: done.operationType,
      baseImageId: done.baseImageId,
      createdAt: shown.createdAt,
    });
    // The batch is closed while the message goes out; batch_completed follows variation_completed.
    const [, closed] = await Promise.all([announced, closeBatchIfDone(ctx, done.batchId)]);
    if (closed) await announceBatchCompleted(ctx, closed);
  } catch (err) {
    const reason = job.signal.reason;
    if (reason instanceof JobAbortedError && reason.reason === 'shutdown') throw err; // retried by the next worker
    const permanent = err instanceof AppError && err.status < 500;
    if (!permanent && !job.isFinalAttempt) {
      ctx.log.warn({ err, imageId, queue: opts.name, attempt: job.retryCount + 1 }, 'variation failed; it will be retried');
      await ctx.db
        .update(generatedImages)
        .set({ runpodStatus: 'RETRYING', updatedAt: new Date() })
        .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'PROCESSING')));
      throw err;
    }
    ctx.log.error({ err, imageId, queue: opts.name }, 'variation failed for good');
    await failGeneratedImage(ctx, imageId, describe(err, reason));
    if (!permanent) throw err; // recorded as a failed job; its dead letter finds the image already FAILED
  }
}

function describe(err: unknown, reason: unknown): string {
  if (reason instanceof JobAbortedError && reason.reason === 'timeout') return reason.message;
  if (err instanceof Error) return err.message.slice(0, 500);
  return String(err).slice(0, 500);
}

/**
 * Marks a PROCESSING image FAILED and refunds its credit, in one transaction, once: the update
 * only matches while the image is PROCESSING and not refunded, and the refund's idempotency key
 * is refund:image:<id>. Returns false when there was nothing to do.
 */
export async function failGeneratedImage(ctx: AppContext, imageId: number, error: string): Promise<boolean> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(generatedImages)
      .set({ status: 'FAILED', runpodStatus: 'FAILED', errorMessage: error.slice(0, 1000), refundedAt: now, updatedAt: now })
      .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'PROCESSING'), isNull(generatedImages.refundedAt)))
      .returning();
    if (!row) return null;
    let debitKey = row.debitKey;
    if (!debitKey) {
      const [b] = await tx.select({ debitKey: batches.debitKey }).from(batches).where(eq(batches.id, row.batchId)).limit(1);
      debitKey = b?.debitKey ?? null;
    }
    if (!debitKey) return { row, refunded: 0, balance: undefined };
    const refund = await refundCredits(tx, {
      userId: row.userId,
      debitKey,
      amount: 1,
      idempotencyKey: `refund:image:${row.id}`,
      description: `Refund: variation ${row.variationNumber} of batch ${row.batchId} failed`,
      refType: 'image',
      refId: row.id,
    });
    return { row, refunded: refund.refunded, balance: refund.balance };
  });
  if (!outcome) return false;
  const { row } = outcome;
  await emit(ctx, row.userId, {
    type: 'variation_failed',
    batchId: row.batchId,
    imageId: row.id,
    variationNumber: row.variationNumber,
    status: 'FAILED',
    error: GENERATION_MESSAGES.variationFailed,
    refunded: outcome.refunded,
    ...(outcome.balance !== undefined ? { remainingCredits: outcome.balance } : {}),
  });
  await completeBatchIfDone(ctx, row.batchId);
  return true;
}

/**
 * Completes the batch when none of its images is PROCESSING any more, once (the update matches
 * only a PROCESSING batch), and tells its owner with batch_completed. Whichever variation
 * commits last sees all the others finished, so exactly one caller completes it.
 */
export async function completeBatchIfDone(ctx: AppContext, batchId: number): Promise<boolean> {
  const batch = await closeBatchIfDone(ctx, batchId);
  if (batch) await announceBatchCompleted(ctx, batch);
  return !!batch;
}

/** The batch's row when this call completed it; undefined when an image is still PROCESSING or it was completed already. */
async function closeBatchIfDone(ctx: AppContext, batchId: number): Promise<typeof batches.$inferSelect | undefined> {
  const now = new Date();
  const [batch] = await ctx.db
    .update(batches)
    .set({ status: 'COMPLETED', completedAt: now, updatedAt: now })
    .where(
      and(
        eq(batches.id, batchId),
        eq(batches.status, 'PROCESSING'),
        sql`NOT EXISTS (SELECT 1 FROM ${generatedImages} WHERE ${generatedImages.batchId} = ${batchId} AND ${generatedImages.status} = 'PROCESSING')`,
      ),
    )
    .returning();
  return batch;
}

async function announceBatchCompleted(ctx: AppContext, batch: typeof batches.$inferSelect): Promise<void> {
  const batchId = batch.id;
  const images = await ctx.db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.batchId, batchId), eq(generatedImages.userId, batch.userId)))
    .orderBy(asc(generatedImages.variationNumber));
  const completed = images.filter((i) => i.status === 'COMPLETED');
  await emit(ctx, batch.userId, {
    type: 'batch_completed',
    batchId,
    status: 'COMPLETED',
    totalVariations: images.length,
    successfulVariations: completed.length,
    failedVariations: images.length - completed.length,
    completedImages: completed.map((i) => {
      const shown = presentGeneratedImage(ctx, i);
      return { id: i.id, url: shown.imageUrl ?? '', thumbnailUrl: shown.thumbnailUrl, variationNumber: i.variationNumber };
    }),
    inputImageId: batch.inputImageId,
    moduleType: batch.moduleType,
  });
}

/**
 * Recovery of one queue, at start-up and after each maintenance round: a PROCESSING image whose
 * job is gone or finished (its worker died and the retries and expiry ran out, or the job row
 * was lost) is failed and refunded; a PROCESSING batch whose images are all finished is completed.
 */
export async function recoverLostVariations(ctx: AppContext, queue: string): Promise<void> {
  const processing = await ctx.db
    .select({ id: generatedImages.id, jobId: generatedImages.jobId })
    .from(generatedImages)
    .where(and(eq(generatedImages.status, 'PROCESSING'), eq(generatedImages.jobQueue, queue), isNotNull(generatedImages.jobId)))
    .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id))
    .limit(500);
  if (processing.length > 0) {
    const states = await ctx.jobs.states(queue, processing.map((p) => p.jobId as string));
    const ended = processing.filter((p) => !states.has(p.jobId as string) || FINAL_JOB_STATES.has(states.get(p.jobId as string)!));
    // A failed job's dead letter fails its image too, with the job's own error: the sweep, which can
    // run first, records the same error, so whichever of the two comes first the image says why.
    const failures = ended.length > 0 ? await ctx.jobs.failures(queue, ended.map((p) => p.jobId as string)) : new Map<string, string>();
    for (const p of ended) {
      const state = states.get(p.jobId as string);
      ctx.log.warn({ imageId: p.id, jobId: p.jobId, queue, state: state ?? 'gone' }, 'variation job lost; failing its image');
      const error = failures.get(p.jobId as string) ?? (state ? `The ${queue} job ended (${state}) without finishing the image` : `The ${queue} job was lost`);
      await failGeneratedImage(ctx, p.id, error);
    }
  }
  const stale = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.status, 'PROCESSING'),
        sql`EXISTS (SELECT 1 FROM ${generatedImages} WHERE ${generatedImages.batchId} = ${batches.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${generatedImages} WHERE ${generatedImages.batchId} = ${batches.id} AND ${generatedImages.status} = 'PROCESSING')`,
      ),
    )
    .limit(100);
  for (const b of stale) await completeBatchIfDone(ctx, b.id);
}
