import type { TweakSnapshot } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { EngineImage } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';
import { defineVariationQueue, type VariationWork } from '../generation/index.js';
import { readTweakFile } from './tweak.files.js';
import { TWEAK_QUEUE } from './tweak-batch.js';
import { readSnapshotImage } from './tweak-images.js';

/**
 * The tweak queue: one job per TWEAK variation, run by the generation module's variation job
 * (progress, stored files, COMPLETED, or FAILED with its credit refunded once, batch completion,
 * the same live messages as Create). This file says how a variation's pixels are made, from its
 * settings snapshot: the engine's outpaint of the source image to the canvas bounds, its inpaint
 * of the stored mask, or its composite of the stored picture. Sources are read from storage,
 * never from a URL; one deleted meanwhile is a permanent failure (404), refunded.
 */

export const TWEAK_RETRY_LIMIT = 2;
export const TWEAK_RETRY_DELAY_SECONDS = 2;

export function registerTweakQueue(ctx: AppContext): void {
  defineVariationQueue(ctx, {
    name: TWEAK_QUEUE,
    timeoutSeconds: ctx.config.RENDER_TIMEOUT_SECONDS,
    retryLimit: TWEAK_RETRY_LIMIT,
    retryDelaySeconds: TWEAK_RETRY_DELAY_SECONDS,
    concurrency: ctx.config.RENDER_CONCURRENCY,
    produce: (work) => tweakVariation(ctx, work),
  });
}

async function tweakVariation(ctx: AppContext, { image, onProgress, signal }: VariationWork): Promise<EngineImage> {
  const snap = image.settingsSnapshot as unknown as TweakSnapshot | null;
  if (!snap?.source || !snap.operationType) throw new AppError(422, 'INVALID_JOB', 'The variation has no tweak settings');
  const seed = image.seed ?? snap.seed;
  const source = await readSnapshotImage(ctx, image.userId, snap.source);
  onProgress(2);
  switch (snap.operationType) {
    case 'outpaint': {
      if (!snap.canvasBounds || !snap.originalImageBounds) throw new AppError(422, 'INVALID_JOB', 'The outpaint has no bounds');
      const out = await ctx.engine.outpaint({
        image: source,
        canvasBounds: snap.canvasBounds,
        originalImageBounds: snap.originalImageBounds,
        prompt: snap.prompt ?? '',
        seed,
        onProgress,
        signal,
      });
      return out;
    }
    case 'inpaint': {
      if (!snap.maskKey) throw new AppError(422, 'INVALID_JOB', 'The inpaint has no mask');
      const mask = await readTweakFile(ctx, snap.maskKey);
      const out = await ctx.engine.inpaint({
        image: source,
        mask,
        prompt: snap.prompt ?? '',
        negativePrompt: snap.negativePrompt,
        seed,
        onProgress,
        signal,
      });
      return out;
    }
    case 'add_image': {
      if (!snap.overlayKey || !snap.position || !snap.size) throw new AppError(422, 'INVALID_JOB', 'The add image has no picture');
      const overlay = await readTweakFile(ctx, snap.overlayKey, 'The placed image is missing');
      const out = await ctx.engine.addImage({ image: source, overlay, position: snap.position, size: snap.size, rotation: snap.rotation ?? 0, onProgress, signal });
      return out;
    }
    default:
      throw new AppError(422, 'INVALID_JOB', `Unknown tweak operation ${String(snap.operationType)}`);
  }
}
