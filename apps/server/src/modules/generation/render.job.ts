import { storedRenderType } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { EngineImage, RenderRegion, RenderRequest } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';
import { controlImagesFromPasses, passValuesOf, readPasses } from '../passes/index.js';
import type { GeneratedImageRow } from '../images/index.js';
import { readBatchInputs } from './batch-inputs.js';
import type { RenderSnapshot } from './generation.settings.js';
import type { MaskForRender } from './masks.hook.js';
import { defineVariationQueue, recoverLostVariations, type VariationWork } from './variation.job.js';

export { failGeneratedImage } from './variation.job.js';

/**
 * The render queue (Create): one job per variation, run by the variation job (variation.job.ts:
 * progress, stored files, COMPLETED or FAILED with a refund, batch completion); this file says
 * how a variation's pixels are made: the engine's render of the input image with the
 * variation's settings snapshot and the input's mask regions.
 */

export const RENDER_QUEUE = 'render';
export const RENDER_RETRY_LIMIT = 2;
export const RENDER_RETRY_DELAY_SECONDS = 2;

export function registerRenderQueue(ctx: AppContext): void {
  defineVariationQueue(ctx, {
    name: RENDER_QUEUE,
    timeoutSeconds: ctx.config.RENDER_TIMEOUT_SECONDS,
    retryLimit: RENDER_RETRY_LIMIT,
    retryDelaySeconds: RENDER_RETRY_DELAY_SECONDS,
    concurrency: ctx.config.RENDER_CONCURRENCY,
    prepare: (image) => renderRequestFor(ctx, image),
    produce: (work) => renderVariation(ctx, work),
  });
}

/** Recovery of the render queue (the sweep registerRenderQueue installs). */
export function recoverLostRenders(ctx: AppContext): Promise<void> {
  return recoverLostVariations(ctx, RENDER_QUEUE);
}

async function renderVariation(ctx: AppContext, { image, prepared, onProgress, signal }: VariationWork<RenderRequest>): Promise<EngineImage> {
  return ctx.engine.render({ ...(prepared ?? (await renderRequestFor(ctx, image))), onProgress, signal });
}

/** What the engine is asked for a variation: its input image, settings snapshot and mask regions (the bench replays it). */
export async function renderRequestFor(ctx: AppContext, image: GeneratedImageRow): Promise<RenderRequest> {
  const snapshot = image.settingsSnapshot as unknown as RenderSnapshot | null;
  if (!snapshot?.engine || image.inputImageId === null) throw new AppError(422, 'INVALID_JOB', 'The variation has no render settings');
  const { bytes, masks } = await readBatchInputs(ctx, image.userId, image.batchId, image.inputImageId);
  return {
    input: bytes,
    mode: snapshot.mode,
    renderType: storedRenderType(snapshot.renderType),
    prompt: image.prompt ?? '',
    negativePrompt: snapshot.negativePrompt ?? undefined,
    variationNumber: image.variationNumber,
    settings: snapshot.engine,
    selections: snapshot.selections ?? {},
    artStyle: snapshot.artStyle ?? undefined,
    regions: renderRegions(image, masks),
    ...(await passInputs(ctx, image.userId, image.inputImageId)),
  };
}

/**
 * What the view's depth and normal passes give a render: the GPU engines their ControlNet images,
 * the preview engine the passes' values (exact region planes, light from the normals, haze by depth).
 */
async function passInputs(ctx: AppContext, userId: number, inputImageId: number): Promise<Pick<RenderRequest, 'passes' | 'passValues'>> {
  try {
    const passes = await readPasses(ctx, userId, inputImageId);
    if (!passes.length) return {};
    return ctx.engine.isPreview ? { passValues: await passValuesOf(passes) } : { passes: await controlImagesFromPasses(passes) };
  } catch (err) {
    // The input image deleted since the batch started: the render goes on from its copy, without passes.
    if (err instanceof AppError && err.status === 404) return {};
    throw err;
  }
}

/** The input's mask regions that carry a material or a prompt for this variation (mask_{id} keys). */
function renderRegions(image: GeneratedImageRow, masks: MaskForRender[]): RenderRegion[] {
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
    if (materialId || prompt) regions.push({ mask: m.mask, materialId, prompt, label: m.label });
  }
  return regions;
}
