import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { GENERATION_MESSAGES, type LiveMessage } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { batches, generatedImages } from '../../db/schema/index.js';
import type { RenderRegion } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';
import { FINAL_JOB_STATES, JobAbortedError, type JobContext } from '../../lib/jobs/index.js';
import { refundCredits } from '../credits/index.js';
import {
  getOwnedInputImage,
  presentGeneratedImage,
  readInputImageBytes,
  storeGeneratedImageFiles,
  type GeneratedImageRow,
} from '../images/index.js';
import type { RenderSnapshot } from './generation.settings.js';
import { readMasksForRender } from './masks.hook.js';

/**
 * The render queue: one job per variation (deterministic by its seed, so retrying is safe).
 * A job renders its image with the engine, stores the files and marks it COMPLETED; the last
 * variation of a batch to finish completes the batch. A variation that fails for good (its
 * final attempt, an expiry after its worker died, or a permanent error such as a deleted input)
 * is marked FAILED and its credit refunded once (generated_images.refunded_at, idempotency
 * key refund:image:<id>).
 */

export const RENDER_QUEUE = 'render';
export const RENDER_RETRY_LIMIT = 2;
export const RENDER_RETRY_DELAY_SECONDS = 2;

export interface RenderJobData {
  imageId: number;
  userId: number;
  batchId: number;
}

/** Publishes without ever failing the caller: live messages are best effort. */
export async function emit(ctx: AppContext, userId: number, message: LiveMessage): Promise<void> {
  try {
    await ctx.events.publish(userId, message);
  } catch (err) {
    ctx.log.warn({ err, type: message.type }, 'live message not published');
  }
}

export function registerRenderQueue(ctx: AppContext): void {
  ctx.jobs.define<RenderJobData>({
    name: RENDER_QUEUE,
    timeoutSeconds: ctx.config.RENDER_TIMEOUT_SECONDS,
    retryLimit: RENDER_RETRY_LIMIT,
    retryDelaySeconds: RENDER_RETRY_DELAY_SECONDS,
    concurrency: ctx.config.RENDER_CONCURRENCY,
    handle: (job) => renderVariation(ctx, job),
    onDead: async (data, error) => {
      await failGeneratedImage(ctx, data.imageId, error);
    },
  });
  ctx.jobs.onMaintenance('render-recovery', () => recoverLostRenders(ctx));
}

async function loadImage(ctx: AppContext, imageId: number, userId: number): Promise<GeneratedImageRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.id, imageId), eq(generatedImages.userId, userId)))
    .limit(1);
  return row;
}

async function renderVariation(ctx: AppContext, job: JobContext<RenderJobData>): Promise<void> {
  const { imageId, userId } = job.data;
  const image = await loadImage(ctx, imageId, userId);
  if (!image || image.status !== 'PROCESSING') return; // done already (a retry after success, or failed meanwhile)

  await ctx.db
    .update(generatedImages)
    .set({ runpodStatus: 'IN_PROGRESS', updatedAt: new Date() })
    .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'PROCESSING')));
  await emit(ctx, userId, {
    type: 'variation_started',
    batchId: image.batchId,
    imageId,
    variationNumber: image.variationNumber,
    status: 'PROCESSING',
    runpodStatus: 'IN_PROGRESS',
  });

  try {
    const snapshot = image.settingsSnapshot as unknown as RenderSnapshot | null;
    if (!snapshot?.engine || image.inputImageId === null) throw new AppError(422, 'INVALID_JOB', 'The variation has no render settings');
    const input = await getOwnedInputImage(ctx.db, userId, image.inputImageId);
    const bytes = await readInputImageBytes(ctx, input);
    const regions = await renderRegions(ctx, userId, image);

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

    const out = await ctx.engine.render({
      input: bytes,
      mode: snapshot.mode,
      prompt: image.prompt ?? '',
      negativePrompt: snapshot.negativePrompt ?? undefined,
      variationNumber: image.variationNumber,
      settings: snapshot.engine,
      selections: snapshot.selections ?? {},
      artStyle: snapshot.artStyle ?? undefined,
      regions,
      onProgress,
      signal: job.signal,
    });
    job.signal.throwIfAborted();
    const files = await storeGeneratedImageFiles(ctx, { userId, generatedImageId: imageId, bytes: out.image });
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
    await emit(ctx, userId, {
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
    await completeBatchIfDone(ctx, done.batchId);
  } catch (err) {
    const reason = job.signal.reason;
    if (reason instanceof JobAbortedError && reason.reason === 'shutdown') throw err; // retried by the next worker
    const permanent = err instanceof AppError && err.status < 500;
    if (!permanent && !job.isFinalAttempt) {
      ctx.log.warn({ err, imageId, attempt: job.retryCount + 1 }, 'render failed; it will be retried');
      await ctx.db
        .update(generatedImages)
        .set({ runpodStatus: 'RETRYING', updatedAt: new Date() })
        .where(and(eq(generatedImages.id, imageId), eq(generatedImages.status, 'PROCESSING')));
      throw err;
    }
    ctx.log.error({ err, imageId }, 'render failed for good');
    await failGeneratedImage(ctx, imageId, describe(err, reason));
    if (!permanent) throw err; // recorded as a failed job; its dead letter finds the image already FAILED
  }
}

function describe(err: unknown, reason: unknown): string {
  if (reason instanceof JobAbortedError && reason.reason === 'timeout') return reason.message;
  if (err instanceof Error) return err.message.slice(0, 500);
  return String(err).slice(0, 500);
}

/** The input's mask regions that carry a material or a prompt (mask_{id} keys). */
async function renderRegions(ctx: AppContext, userId: number, image: GeneratedImageRow): Promise<RenderRegion[]> {
  if (image.inputImageId === null) return [];
  const masks = await readMasksForRender(ctx, userId, image.inputImageId);
  if (masks.length === 0) return [];
  const mappings = (image.maskMaterialMappings ?? {}) as Record<string, { customText?: unknown; materialOptionId?: unknown; customizationOptionId?: unknown }>;
  const prompts = ((image.settingsSnapshot as unknown as RenderSnapshot | null)?.maskPrompts ?? {}) as Record<string, string>;
  const regions: RenderRegion[] = [];
  for (const m of masks) {
    const key = `mask_${m.id}`;
    const mapping = mappings[key];
    const material = mapping?.materialOptionId ?? mapping?.customizationOptionId;
    const text = prompts[key] ?? (typeof mapping?.customText === 'string' ? mapping.customText : undefined);
    const prompt = text?.trim() ? text.trim() : undefined;
    const materialId = material === null || material === undefined || material === '' ? undefined : String(material);
    if (materialId || prompt) regions.push({ mask: m.mask, materialId, prompt });
  }
  return regions;
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
  if (!batch) return false;
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
  return true;
}

/**
 * Recovery, at start-up and after each maintenance round: a PROCESSING image whose job is gone
 * or finished (its worker died and the retries and expiry ran out, or the job row was lost) is
 * failed and refunded; a PROCESSING batch whose images are all finished is completed.
 */
export async function recoverLostRenders(ctx: AppContext): Promise<void> {
  const processing = await ctx.db
    .select({ id: generatedImages.id, jobId: generatedImages.jobId })
    .from(generatedImages)
    .where(and(eq(generatedImages.status, 'PROCESSING'), eq(generatedImages.jobQueue, RENDER_QUEUE), isNotNull(generatedImages.jobId)))
    .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id))
    .limit(500);
  if (processing.length > 0) {
    const states = await ctx.jobs.states(RENDER_QUEUE, processing.map((p) => p.jobId as string));
    for (const p of processing) {
      const state = states.get(p.jobId as string);
      if (state && !FINAL_JOB_STATES.has(state)) continue;
      ctx.log.warn({ imageId: p.id, jobId: p.jobId, state: state ?? 'gone' }, 'render job lost; failing its image');
      await failGeneratedImage(ctx, p.id, state ? `The render job ended (${state}) without finishing the image` : 'The render job was lost');
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
