import { z } from 'zod';

// Which image engine the server runs (ARCHITECTURE §4). The web shows a badge when the engine is
// the CPU preview engine, so nobody mistakes its honest image processing for a diffusion model.

export const ENGINE_NAMES = ['local', 'comfyui', 'runpod'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** GET /engine */
export const engineInfoResponseSchema = z.object({
  name: z.enum(ENGINE_NAMES),
  /** True for the CPU engine: grading, sky, materials and art styles, not a diffusion model. */
  isPreview: z.boolean(),
});
export type EngineInfo = z.infer<typeof engineInfoResponseSchema>;
