import type { RefineImageType, RefineSettings } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { EngineImage } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';
import { defineVariationQueue, type VariationWork } from '../generation/index.js';
import { getOwnedGeneratedImage, getOwnedInputImage, readGeneratedImageBytes, readInputImageBytes } from '../images/index.js';

/** What a refine variation keeps in its settingsSnapshot (the job reads it). */
export interface RefineSnapshot extends RefineSettings {
  moduleType: 'REFINE';
  source: { imageType: RefineImageType; imageId: number };
  output: { width: number; height: number };
  seed: number;
  variations: number;
}

/**
 * The refine queue: one job per REFINE variation, run by the generation module's variation job
 * (progress, stored files, COMPLETED, or FAILED with its credit refunded once, batch
 * completion, the same live messages as Create). This file says how a variation's pixels are
 * made: the engine's upscale of the source image (read from storage, never from a URL) to the
 * output size kept in the variation's settings snapshot, with its own seed.
 */

export const REFINE_QUEUE = 'refine';
export const REFINE_RETRY_LIMIT = 2;
export const REFINE_RETRY_DELAY_SECONDS = 2;

export function registerRefineQueue(ctx: AppContext): void {
  defineVariationQueue(ctx, {
    name: REFINE_QUEUE,
    timeoutSeconds: ctx.config.RENDER_TIMEOUT_SECONDS,
    retryLimit: REFINE_RETRY_LIMIT,
    retryDelaySeconds: REFINE_RETRY_DELAY_SECONDS,
    concurrency: ctx.config.RENDER_CONCURRENCY,
    produce: (work) => refineVariation(ctx, work),
  });
}

async function refineVariation(ctx: AppContext, { image, onProgress, signal }: VariationWork): Promise<EngineImage> {
  const snap = image.settingsSnapshot as unknown as RefineSnapshot | null;
  if (!snap?.output || !snap.source) throw new AppError(422, 'INVALID_JOB', 'The variation has no refine settings');
  // A source deleted meanwhile is a permanent failure (404): the variation is failed and refunded.
  const bytes =
    snap.source.imageType === 'generated'
      ? await readGeneratedImageBytes(ctx, await getOwnedGeneratedImage(ctx.db, image.userId, snap.source.imageId))
      : await readInputImageBytes(ctx, await getOwnedInputImage(ctx.db, image.userId, snap.source.imageId));
  const out = await ctx.engine.upscale({
    image: bytes,
    width: snap.output.width,
    height: snap.output.height,
    scaleFactor: snap.scaleFactor,
    aiStrength: snap.aiStrength,
    resemblance: snap.resemblance,
    clarity: snap.clarity,
    sharpness: snap.sharpness,
    matchColor: snap.matchColor,
    seed: image.seed ?? snap.seed,
    variationNumber: image.variationNumber,
    onProgress,
    signal,
  });
  return out;
}
