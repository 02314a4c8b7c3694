import { ENGINE_DEFAULTS } from '@atelier/contract';
import { buildInpaintWorkflow, buildOutpaintWorkflow, buildRenderWorkflow, buildUpscaleWorkflow, type GpuModels } from './builders.js';
import type { EngineSettings } from '../engine.js';
import type { ApiWorkflow } from './graph.js';

/** The paid operations that run a workflow on the GPU ("add image" is exact compositing, done locally). */
export const GPU_OPERATIONS = ['render', 'inpaint', 'outpaint', 'upscale'] as const;
export type GpuOperation = (typeof GPU_OPERATIONS)[number];

/** ComfyUI's model folders (under models/) and the loader input that lists each one's files. */
export const MODEL_FOLDERS = {
  checkpoints: { node: 'CheckpointLoaderSimple', input: 'ckpt_name' },
  loras: { node: 'LoraLoader', input: 'lora_name' },
  controlnet: { node: 'ControlNetLoader', input: 'control_net_name' },
  upscale_models: { node: 'UpscaleModelLoader', input: 'model_name' },
} as const;
export type ModelFolder = keyof typeof MODEL_FOLDERS;

export interface ModelRequirement {
  file: string;
  folder: ModelFolder;
  /** Where it is configured (the README's names). */
  setting: string;
}

export interface OperationRequirements {
  nodes: string[];
  models: ModelRequirement[];
}

/** What a render of a view with passes needs beyond a plain render: the depth ControlNet (when configured). */
export function depthPassRequirements(models: GpuModels): OperationRequirements {
  return {
    nodes: [],
    models: models.controlnetDepth ? [{ file: models.controlnetDepth, folder: 'controlnet', setting: 'COMFYUI_CONTROLNET_DEPTH' }] : [],
  };
}

const png = Buffer.alloc(0);
const image = { data: png, width: 1024, height: 768, ext: 'png' };
const nodesOf = (wf: ApiWorkflow) => [...new Set(Object.values(wf).map((n) => n.class_type))];

/**
 * What each operation needs on the ComfyUI server: the node types of its workflow (built here
 * with every optional branch on: regions, the stage 2 upscale, a crop, sharpening) and the model
 * files the configuration names.
 */
export function operationRequirements(models: GpuModels): Record<GpuOperation, OperationRequirements> {
  const checkpoint: ModelRequirement = { file: models.checkpoint ?? ENGINE_DEFAULTS.model, folder: 'checkpoints', setting: 'COMFYUI_CHECKPOINT' };
  const inpaintCheckpoint: ModelRequirement = models.inpaintCheckpoint
    ? { file: models.inpaintCheckpoint, folder: 'checkpoints', setting: 'COMFYUI_INPAINT_CHECKPOINT' }
    : checkpoint;
  const settings: EngineSettings = {
    seed: 1,
    model: checkpoint.file,
    cfgKsampler1: ENGINE_DEFAULTS.cfgKsampler1,
    stepsKsampler1: ENGINE_DEFAULTS.stepsKsampler1,
    denoiseKsampler1: ENGINE_DEFAULTS.denoiseKsampler1,
    cannyStrength: 0.5,
    loraStrength: [1, 1],
    creativity: 5,
    expressivity: 5,
    resemblance: 5,
    upscale: 'Yes',
    style: 'No',
  };
  const render = buildRenderWorkflow({ prefix: 'p', input: image, prompt: 'p', negativePrompt: 'n', regions: [{ mask: png, prompt: 'r' }], settings, models });
  // The passes' branch (the model's edges, the depth ControlNet) uses the same node types as the canny one.
  const withPasses = models.controlnetDepth
    ? buildRenderWorkflow({ prefix: 'p', input: image, prompt: 'p', negativePrompt: 'n', regions: [], settings, models, passes: { depth: png, edges: png } })
    : render;
  const inpaint = buildInpaintWorkflow({ prefix: 'p', image, mask: png, prompt: 'p', negativePrompt: 'n', seed: 1, models });
  const outpaint = buildOutpaintWorkflow({
    prefix: 'p',
    image,
    originalImageBounds: { x: 0, y: 0, width: 1024, height: 768 },
    canvasBounds: { x: 100, y: -100, width: 1200, height: 900 },
    prompt: 'p',
    negativePrompt: 'n',
    seed: 1,
    models,
  });
  const upscale = buildUpscaleWorkflow({ prefix: 'p', image, width: 1024, height: 768, clarity: 10, sharpness: 10, models });
  return {
    render: {
      nodes: [...new Set([...nodesOf(render.workflow), ...nodesOf(withPasses.workflow)])],
      models: [checkpoint, { file: models.lora, folder: 'loras', setting: 'COMFYUI_LORA' }, { file: models.controlnet, folder: 'controlnet', setting: 'COMFYUI_CONTROLNET' }],
    },
    inpaint: { nodes: nodesOf(inpaint.workflow), models: [inpaintCheckpoint] },
    outpaint: { nodes: nodesOf(outpaint.workflow), models: [inpaintCheckpoint] },
    upscale: { nodes: nodesOf(upscale.workflow), models: [{ file: models.upscaleModel, folder: 'upscale_models', setting: 'COMFYUI_UPSCALE_MODEL' }] },
  };
}
