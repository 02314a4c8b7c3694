// No zod here on purpose: the web's store imports these at start-up, and a zod-free module keeps
// zod out of the first JS of every screen (issue #19). refine.ts re-exports them.

export const REFINE_LIMITS = {
  scaleFactor: { min: 1, max: 4, default: 1 },
  aiStrength: { min: 1, max: 50, default: 12 },
  resemblance: { min: 1, max: 50, default: 12 },
  clarity: { min: 1, max: 50, default: 12 },
  sharpness: { min: 1, max: 50, default: 12 },
  variations: { min: 1, max: 4, default: 1 },
  /** Each side of `resolution`, in pixels. */
  resolutionSide: { min: 64, max: 16384 },
  /** The output may have at most this many pixels (64 megapixels). */
  maxOutputPixels: 64_000_000,
  /** Operations listed per image (spec §9: refine loads the first 50). */
  operationsPage: 50,
} as const;

export interface RefineResolution {
  width: number;
  height: number;
}

/** Spec §9 defaults. */
export const REFINE_DEFAULT_SETTINGS = {
  resolution: { width: 1969, height: 1969 },
  scaleFactor: 1,
  aiStrength: 12,
  resemblance: 12,
  clarity: 12,
  sharpness: 12,
  matchColor: true,
} as const;
