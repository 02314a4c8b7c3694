import { z } from 'zod';

// Which image engine the server runs (ARCHITECTURE §4). The web shows a badge when the engine is
// the CPU preview engine, so nobody mistakes its honest image processing for a diffusion model,
// and when a GPU engine lacks a model or node its work needs (the server's preflight).

export const ENGINE_NAMES = ['local', 'comfyui', 'runpod'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** ready: everything the workflows need is there; degraded: something is missing; unreachable: ComfyUI did not answer /object_info. */
export const ENGINE_STATUSES = ['ready', 'degraded', 'unreachable'] as const;
export type EngineStatus = (typeof ENGINE_STATUSES)[number];

/** A model file or node type the GPU server lacks, and the operations refused until it is installed. */
export const engineMissingSchema = z.object({
  kind: z.enum(['model', 'node']),
  /** The model's file name (RealESRGAN_x4plus.pth) or the node's class type. */
  name: z.string(),
  /** Models: the folder under ComfyUI's models/ it belongs in. */
  folder: z.string().optional(),
  operations: z.array(z.enum(['render', 'inpaint', 'outpaint', 'upscale'])),
  /** Needed only by renders of views sent with a depth pass (the depth ControlNet, issue 31). */
  onlyWithDepthPass: z.boolean().optional(),
});
export type EngineMissing = z.infer<typeof engineMissingSchema>;

/** GET /engine */
export const engineInfoResponseSchema = z.object({
  name: z.enum(ENGINE_NAMES),
  /** True for the CPU engine: grading, sky, materials and art styles, not a diffusion model. */
  isPreview: z.boolean(),
  status: z.enum(ENGINE_STATUSES),
  missing: z.array(engineMissingSchema),
});
export type EngineInfo = z.infer<typeof engineInfoResponseSchema>;
