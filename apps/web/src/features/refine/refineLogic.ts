import {
  REFINE_LIMITS,
  refineOutputSize,
  refineOutputTooLargeMessage,
  type GeneratedImage,
  type RefineOperation,
  type RefineOutputSize,
  type RefineResolution,
  type RefineSettings,
} from '@atelier/contract';

/**
 * The refine screen's pure rules: resolution presets, the output summary the inspector shows,
 * the credit check, which result to show, and when the 10 s fallback reloads the results.
 */

/** Square boxes the source is fitted into (spec §9 default 1969 × 1969). */
export const RESOLUTION_PRESETS = [1024, 1536, 1969, 2560, 3072, 4096] as const;

export function presetOf(resolution: RefineResolution): number | null {
  return resolution.width === resolution.height && (RESOLUTION_PRESETS as readonly number[]).includes(resolution.width) ? resolution.width : null;
}

export const SCALE_FACTORS = [1, 2, 3, 4] as const;

export interface OutputSummary extends RefineOutputSize {
  /** "3,938 × 2,954 px, 6.2× this render" */
  label: string;
  /** "3,938 × 2,954 px" */
  sizeText: string;
  /** "6.2× this render" */
  relative: string;
  megapixels: string;
  /** The 400 the server would answer (above 64 MP), or null. */
  tooLarge: string | null;
}

/**
 * The output size and what it is relative to the chosen image (issue 28 item 6): the scale factor
 * multiplies the resolution box the image is fitted into (spec §9: 1969 px), not the image, so
 * "2×" alone would mislead. "3,938 × 2,954 px, 6.2× this render".
 */
export function outputSummary(
  source: { width: number; height: number } | null,
  settings: Pick<RefineSettings, 'resolution' | 'scaleFactor'>,
  sourceKind: 'render' | 'image' = 'image',
): OutputSummary | null {
  if (!source || source.width <= 0 || source.height <= 0) return null;
  const size = refineOutputSize(source, settings.resolution, settings.scaleFactor);
  const sizeText = `${size.width.toLocaleString('en-US')} × ${size.height.toLocaleString('en-US')} px`;
  const relative = `${(size.width / source.width).toLocaleString('en-US', { maximumFractionDigits: 1 })}× this ${sourceKind}`;
  return {
    ...size,
    label: `${sizeText}, ${relative}`,
    sizeText,
    relative,
    megapixels: `${(size.pixels / 1_000_000).toFixed(1)} MP`,
    tooLarge: refineOutputTooLargeMessage(size),
  };
}

/** Spec §5, §9: one credit per variation; the action stops without them (null: not known yet, the server decides). */
export function hasCreditsFor(credits: number | null, variations: number): boolean {
  return credits === null || credits >= variations;
}

/** Clamps a typed resolution side into the allowed range (whole pixels). */
export function clampSide(value: number): number {
  if (!Number.isFinite(value)) return REFINE_LIMITS.resolutionSide.min;
  return Math.min(REFINE_LIMITS.resolutionSide.max, Math.max(REFINE_LIMITS.resolutionSide.min, Math.round(value)));
}

/**
 * The results strip's tiles: finished and running results only (spec §4). A failed one is its
 * batch's status, told once with its refund (useRefineFailureNotice), never a tile.
 */
export function stripOperations(operations: RefineOperation[]): RefineOperation[] {
  return operations.filter((o) => o.status !== 'FAILED');
}

/** The newest completed result (the list is newest first). */
export function newestCompleted(operations: RefineOperation[]): RefineOperation | null {
  return operations.find((o) => o.status === 'COMPLETED') ?? null;
}

export function isProcessing(operations: RefineOperation[]): boolean {
  return operations.some((o) => o.status === 'PROCESSING');
}

/**
 * The result to show: the one chosen if it is still listed and not failed, else the newest
 * completed one (auto-select when the results load and none is chosen).
 */
export function shownResult(operations: RefineOperation[], selectedId: number | null): RefineOperation | null {
  const chosen = selectedId === null ? undefined : operations.find((o) => o.id === selectedId);
  if (chosen && chosen.status === 'COMPLETED') return chosen;
  return newestCompleted(operations);
}

/** Spec §4: 10 s after a refine starts, if results are still processing, the list is reloaded. */
export const COMPLETION_FALLBACK_MS = 10_000;

/** "2× · 3,938 × 2,954" for a result tile. */
export function describeResult(op: RefineOperation): string {
  const scale = op.settings ? `${op.settings.scaleFactor}×` : '';
  const size = op.width && op.height ? `${op.width.toLocaleString('en-US')} × ${op.height.toLocaleString('en-US')}` : '';
  return [scale, size].filter(Boolean).join(' · ');
}

/** A render's name in the strip: what made it, its id and variation ("Render 12, variation 1"). */
export function renderTitle(image: Pick<GeneratedImage, 'id' | 'moduleType' | 'operationType' | 'variationNumber'>): string {
  const kind = image.moduleType === 'TWEAK' ? 'Tweak' : image.moduleType === 'REFINE' ? (image.operationType === 'upscale' ? 'Upscaled' : 'Refined') : 'Render';
  return `${kind} ${image.id}, variation ${image.variationNumber}`;
}
