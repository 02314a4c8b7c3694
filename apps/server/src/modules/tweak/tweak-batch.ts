import {
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  hasActivePlan,
  type OutpaintRequestParsed,
  type TweakOperationResponse,
  type TweakOperationType,
  type TweakSnapshot,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import { getSubscription } from '../billing/index.js';
import { randomSeed, startVariationBatch } from '../generation/index.js';
import { orientedSize } from './tweak.files.js';
import { findTweakImage, readTweakImageBytes, sessionRoot, type TweakImage, type TweakImageRef } from './tweak-images.js';

/**
 * Tweak (spec §2 /edit, §3, §4, §5, §7): outpaint, inpaint and add image start a TWEAK batch
 * through the generation module's startVariationBatch (one credit per variation debited with the
 * batch and its PROCESSING images, one tweak job each, refunded once per failed variation, live
 * events as for Create). Every check that can refuse the request runs first, so a refusal costs
 * nothing: ownership (404), the plan (403), the request's geometry and mask (400), the credits (402).
 *
 * The image edited ("selected base") is an input or generated image of the caller's; the results'
 * baseImageId is the session's original base (see the top of packages/contract/src/tweak.ts).
 */

/** The job queue of tweak variations (tweak.job.ts). */
export const TWEAK_QUEUE = 'tweak';

export async function requirePlan(ctx: AppContext, userId: number): Promise<void> {
  const sub = await getSubscription(ctx.db, userId);
  if (!hasActivePlan(sub)) throw forbidden(GENERATION_MESSAGES.planRequired, GENERATION_ERROR_CODES.planRequired);
}

interface ResolvedBases {
  selected: TweakImage;
  root: TweakImageRef;
  bytes: Buffer;
  size: { width: number; height: number };
}

/** The selected base (owned, finished) and the original base (owned), the session root and the selected image's pixels. */
export async function resolveBases(
  ctx: AppContext,
  userId: number,
  body: Pick<OutpaintRequestParsed, 'baseImageUrl' | 'originalBaseImageId' | 'selectedBaseImageId' | 'originalBaseImageType' | 'selectedBaseImageType'>,
): Promise<ResolvedBases> {
  const selected = await findTweakImage(ctx, userId, body.selectedBaseImageId, body.selectedBaseImageType, body.baseImageUrl);
  const originalType = body.originalBaseImageType ?? (body.originalBaseImageId === selected.id ? selected.type : undefined);
  if (!(body.originalBaseImageId === selected.id && originalType === selected.type)) {
    await findTweakImage(ctx, userId, body.originalBaseImageId, originalType);
  }
  const bytes = await readTweakImageBytes(ctx, selected);
  return { selected, root: sessionRoot(selected), bytes, size: await orientedSize(bytes) };
}

interface OpenBatch {
  userId: number;
  operationType: TweakOperationType;
  bases: ResolvedBases;
  prompt: string;
  variations: number;
  output: { width: number; height: number };
  /** The operation's own snapshot fields. */
  extra: Partial<TweakSnapshot>;
  label: string;
  message: string;
  /** The masks the engine is sent with the image (inpaint). */
  masks?: Buffer[];
}

/** Opens the TWEAK batch (credits checked and debited there: 402 before anything is written). */
export async function openTweakBatch(ctx: AppContext, op: OpenBatch): Promise<TweakOperationResponse> {
  const { selected, root } = op.bases;
  const base: Omit<TweakSnapshot, 'seed'> = {
    moduleType: 'TWEAK',
    operationType: op.operationType,
    variations: op.variations,
    prompt: op.prompt,
    source: { type: selected.type, id: selected.id },
    baseImageType: root.type,
    originalBaseImageId: root.id,
    output: op.output,
    ...op.extra,
  };
  const started = await startVariationBatch(ctx, {
    userId: op.userId,
    moduleType: 'TWEAK',
    operationType: op.operationType,
    inputImageId: root.type === 'input' ? root.id : selected.inputImageId,
    baseGeneratedImageId: selected.type === 'generated' ? selected.id : null,
    prompt: op.prompt || null,
    settings: { ...base },
    variations: op.variations,
    queue: TWEAK_QUEUE,
    label: op.label,
    requestImages: async () => ({ image: op.bases.bytes, masks: op.masks ?? [] }),
    variation: () => {
      const seed = randomSeed();
      const snapshot: TweakSnapshot = { ...base, seed };
      return { baseImageId: root.id, seed, prompt: op.prompt || null, settingsSnapshot: snapshot as unknown as Record<string, unknown> };
    },
  });
  return {
    success: true,
    message: op.message,
    data: {
      batchId: started.batchId,
      runpodId: started.runpodId,
      operationType: op.operationType,
      imageIds: started.images.map((i) => i.id),
      images: started.images.map((i) => ({ imageId: i.id, variationNumber: i.variationNumber, status: 'PROCESSING' as const, runpodStatus: i.runpodStatus })),
      baseImageId: root.id,
      baseImageType: root.type,
      output: op.output,
      remainingCredits: started.remainingCredits,
    },
  };
}
