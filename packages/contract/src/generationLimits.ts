// No zod here on purpose: the web's store imports these at start-up, and a zod-free module keeps
// zod out of the first JS of every screen (issue #19). generation.ts re-exports them.

/** Spec §9 sliders, variation counts and the values sent to the engine. */
export const GENERATION_LIMITS = {
  variations: { min: 1, max: 4, default: 1 },
  creativity: { min: 2, max: 4, default: 3 },
  expressivity: { min: 1, max: 6, default: 2 },
  resemblance: { min: 1, max: 10, default: 3 },
  /** How hard a render holds the model's depth and edges when its view came with passes (issue 31). */
  structureFidelity: { min: 0, max: 10, default: 5 },
} as const;
