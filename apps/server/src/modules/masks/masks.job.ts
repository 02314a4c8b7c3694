import crypto from 'node:crypto';
import { MASK_LIMITS, MASKS_FAILED_DEFAULT } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { FINAL_JOB_STATES, type JobContext } from '../../lib/jobs/index.js';
import { emit, registerMaskReader } from '../generation/index.js';
import { getOwnedInputImage, readInputImageBytes } from '../images/index.js';
import { sharpenWithPasses } from './masks.edges.js';
import {
  completeGeneration,
  currentGeneration,
  failGeneration,
  maskKeyPrefix,
  MASKS_QUEUE,
  processingGenerations,
  readMasksForRender,
  rgbToHex,
  type MasksJobData,
  type StoredRegion,
} from './masks.service.js';

/**
 * The masks queue: one job per requested generation. It segments the server's stored copy of
 * the input image with the engine (up to 15 regions, sky and ground labelled), stores one PNG
 * per region, replaces the image's regions and tells the user's sockets masks_completed. A job
 * superseded by a newer request leaves no trace; a generation that fails for good (a permanent
 * error, the last attempt, an expiry, a lost job) is marked failed and told as masks_failed
 * ('Mask generation failed' unless the reason is one the user can act on). With the view's depth
 * and normal passes the regions' edges snap to the model's edges first (issue 31 part 2).
 */

export const MASKS_RETRY_LIMIT = 1;
export const MASKS_RETRY_DELAY_SECONDS = 2;
/** A processing generation whose job is gone after this long is failed by the sweep. */
const LOST_AFTER_MS = 30_000;

export function registerMasksQueue(ctx: AppContext): void {
  ctx.jobs.define<MasksJobData>({
    name: MASKS_QUEUE,
    timeoutSeconds: ctx.config.RENDER_TIMEOUT_SECONDS,
    retryLimit: MASKS_RETRY_LIMIT,
    retryDelaySeconds: MASKS_RETRY_DELAY_SECONDS,
    concurrency: 1,
    handle: (job) => runMaskJob(ctx, job),
    onDead: async (data, error) => {
      // onDead has no job id: fail the image's generation if its own job is over (not a newer one still to run).
      const row = await currentGeneration(ctx.db, data.userId, data.inputImageId);
      if (row?.status !== 'processing' || !row.jobId) return;
      const state = (await ctx.jobs.states(MASKS_QUEUE, [row.jobId])).get(row.jobId);
      if (state === undefined || FINAL_JOB_STATES.has(state)) {
        ctx.log.warn({ inputImageId: data.inputImageId, error }, 'mask generation failed for good');
        await failAndTell(ctx, data, row.jobId, MASKS_FAILED_DEFAULT);
      }
    },
  });
  ctx.jobs.onMaintenance(`${MASKS_QUEUE}-recovery`, () => recoverLostMaskJobs(ctx));
  // Renders read the regions wherever they run (API process or `npm run worker`).
  registerMaskReader((c, userId, inputImageId) => readMasksForRender(c, userId, inputImageId));
}

async function failAndTell(ctx: AppContext, data: MasksJobData, jobId: string, error: string): Promise<void> {
  const failed = await failGeneration(ctx.db, data.inputImageId, jobId, error);
  if (failed) await emit(ctx, failed.userId, { type: 'masks_failed', inputImageId: data.inputImageId, error });
}

export async function runMaskJob(ctx: AppContext, job: JobContext<MasksJobData>): Promise<void> {
  const { inputImageId, userId } = job.data;
  const current = await currentGeneration(ctx.db, userId, inputImageId);
  if (!current || current.jobId !== job.id || current.status !== 'processing') return; // superseded, or done already

  const written: string[] = [];
  try {
    const input = await getOwnedInputImage(ctx.db, userId, inputImageId);
    const bytes = await readInputImageBytes(ctx, input);
    const raw = await ctx.engine.segment({ image: bytes, maxRegions: MASK_LIMITS.maxRegions, renderType: job.data.renderType, signal: job.signal });
    job.signal.throwIfAborted();
    // With the view's passes, the region edges follow the model's folds and silhouettes (issue 31 part 2).
    const segmented = await sharpenWithPasses(ctx, userId, inputImageId, raw);
    const folder = `${maskKeyPrefix(userId, inputImageId)}${crypto.randomUUID().slice(0, 8)}`;
    const regions: StoredRegion[] = [];
    for (const [i, r] of segmented.entries()) {
      const key = `${folder}/${i}.png`;
      await ctx.storage.put(key, r.mask, 'image/png');
      written.push(key);
      regions.push({ key, label: r.label, area: r.area, averageColor: rgbToHex(r.color), confidence: r.confidence ?? null });
    }
    const oldKeys = await completeGeneration(ctx.db, userId, inputImageId, job.id, regions);
    if (oldKeys === null) {
      // A newer request took over while this one ran.
      await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
      return;
    }
    await Promise.allSettled(oldKeys.map((k) => ctx.storage.delete(k)));
    await emit(ctx, userId, { type: 'masks_completed', inputImageId, maskCount: regions.length });
  } catch (err) {
    await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
    const permanent = err instanceof AppError && err.status < 500;
    if (permanent || job.isFinalAttempt) {
      ctx.log.warn({ err, inputImageId }, 'mask generation failed');
      await failAndTell(ctx, job.data, job.id, permanent ? (err as AppError).message : MASKS_FAILED_DEFAULT);
      return;
    }
    throw err;
  }
}

/** Fails generations left processing whose job no longer runs (a crash between commit and work, a lost dead letter). */
export async function recoverLostMaskJobs(ctx: AppContext): Promise<void> {
  const rows = await processingGenerations(ctx.db, new Date(Date.now() - LOST_AFTER_MS));
  if (rows.length === 0) return;
  const states = await ctx.jobs.states(MASKS_QUEUE, rows.map((r) => r.jobId as string));
  for (const row of rows) {
    const state = states.get(row.jobId as string);
    if (state === undefined || FINAL_JOB_STATES.has(state)) {
      await failAndTell(ctx, { inputImageId: row.inputImageId, userId: row.userId }, row.jobId as string, MASKS_FAILED_DEFAULT);
    }
  }
}
