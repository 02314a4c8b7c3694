import { ENGINE_DEFAULTS } from '@atelier/contract';
import type { Bounds, EngineSettings } from '../engine.js';
import { EngineRejectedError } from './errors.js';
import { out, WorkflowBuilder, type Link, type WorkflowImage, type WorkflowJob } from './graph.js';
import { samplerPreset, type SamplerPreset, type SamplerPresetName } from './presets.js';
import { checkResultSize, fitArea, round8, SDXL_PIXELS } from './sizing.js';

/**
 * The workflows of the GPU engines (ComfyUI directly, or worker-comfyui on RunPod), built in
 * code in ComfyUI's API format from core nodes only (no custom nodes):
 *
 * render   SDXL img2img: checkpoint + LoRA, the input scaled to ~1 MP, ControlNet canny on it,
 *          the prompt plus one masked prompt per region (LoadImage -> ImageToMask ->
 *          ConditioningSetMask, combined with ConditioningCombine), then two-stage sampling:
 *          stage 1 at the spec's steps/cfg/denoise, stage 2 a refining pass (after a 1.5x
 *          latent upscale when the settings say upscale Yes).
 * inpaint  InpaintModelConditioning on the masked image at ~1 MP (a denoise that keeps the
 *          surroundings, or 1 with a dedicated inpainting checkpoint), scaled back and composited
 *          over the original through the feathered mask (pixels far from it stay as they were).
 * outpaint ImagePadForOutpaint + InpaintModelConditioning on the canvas at ~1 MP, scaled to the
 *          canvas's pixel size, the original composited back at its place with feathered edges.
 * Steps, cfg, sampler and scheduler come from the checkpoint's sampler preset (presets.ts).
 * upscale  UpscaleModelLoader + ImageUpscaleWithModel, ImageScale to the target size, then
 *          ImageSharpen for clarity and sharpness.
 */

/** Model file names, as installed in ComfyUI's models/ folders. */
export interface GpuModels {
  /** Overrides the checkpoint of the settings (EngineSettings.model) when set. */
  checkpoint?: string;
  controlnet: string;
  /** The depth ControlNet used when a view comes with a depth pass (COMFYUI_CONTROLNET_DEPTH). */
  controlnetDepth?: string;
  lora: string;
  upscaleModel: string;
  /** A dedicated inpainting checkpoint for inpaint and outpaint (COMFYUI_INPAINT_CHECKPOINT). */
  inpaintCheckpoint?: string;
  /** COMFYUI_SAMPLER_PRESET; unset, each checkpoint's name chooses. */
  samplerPreset?: SamplerPresetName;
}

export const CANNY_LOW = 0.4;
export const CANNY_HIGH = 0.8;
/** Stage 2 of a render: half the steps (at least 4), denoise from the creativity sent (5..10 -> 0.2..0.4). */
export const stage2Steps = (steps: number) => Math.max(4, Math.round(steps / 2));
export const stage2Denoise = (creativity: number) => Math.min(0.5, Math.max(0.15, Math.round((creativity / 25) * 1000) / 1000));
/** The latent upscale between the stages when the settings say upscale Yes. */
export const STAGE2_UPSCALE = 1.5;
export const OUTPAINT_FEATHERING = 40;
export const INPAINT_GROW_MASK = 8;
/** Inpaint with a general checkpoint: enough to redraw the masked part, little enough to keep its light and perspective. */
export const INPAINT_DENOISE = 0.85;
/** The padded area of an outpaint holds nothing worth keeping (the mask keeps the original). */
export const OUTPAINT_DENOISE = 1;
/** Blur of a mask's edge, in pixels of the image it applies to (ImageBlur allows 1..31). */
export const featherRadius = (width: number, height: number) => Math.max(2, Math.min(31, Math.round(Math.max(width, height) / 160)));

export interface InputImage {
  data: Buffer;
  width: number;
  height: number;
  /** File extension for the upload: png, jpg or webp. */
  ext: string;
}

const checkpointOf = (models: GpuModels, settings?: Pick<EngineSettings, 'model'>) =>
  models.checkpoint ?? settings?.model ?? ENGINE_DEFAULTS.model;
const inpaintCheckpointOf = (models: GpuModels) => models.inpaintCheckpoint ?? checkpointOf(models);

/** The sampler preset a workflow on this checkpoint uses. */
export const presetOf = (models: GpuModels, checkpoint: string): SamplerPreset => samplerPreset(checkpoint, models.samplerPreset);

/** A mask with soft edges: MASK -> IMAGE, blurred, -> MASK (seams do not show where it is composited). */
function feather(b: WorkflowBuilder, mask: Link, radius: number): Link {
  const asImage = b.add('MaskToImage', { mask });
  const blurred = b.add('ImageBlur', { image: out(asImage), blur_radius: radius, sigma: Math.max(0.1, Math.min(10, radius / 2)) }, 'Feathered mask');
  return out(b.add('ImageToMask', { image: out(blurred), channel: 'red' }));
}

function images(prefix: string) {
  const list: WorkflowImage[] = [];
  return {
    list,
    add(label: string, data: Buffer, ext: string): string {
      const name = `${prefix}-${label}.${ext}`;
      list.push({ name, data });
      return name;
    },
  };
}

function save(b: WorkflowBuilder, image: Link, kind: string): string {
  return b.add('SaveImage', { images: image, filename_prefix: `atelier/${kind}` }, 'Result');
}

export interface RenderWorkflowInput {
  /** Unique per call: the uploaded files are named `${prefix}-….ext`. */
  prefix: string;
  input: InputImage;
  prompt: string;
  negativePrompt: string;
  /** Masks (PNG, white = region, the input's size) with their prompts. */
  regions: Array<{ mask: Buffer; prompt: string }>;
  settings: EngineSettings;
  models: GpuModels;
  /** ControlNet images from the view's passes (PNG, the input's size): depth (near light) and the model's edges. */
  passes?: { depth?: Buffer; edges?: Buffer };
}

/**
 * The strengths of the structure ControlNets (issue 31): the canny one at the resemblance's
 * strength, raised to the structure fidelity's when the edges are the model's own; the depth one
 * at the structure fidelity's (0–10 → 0–1; 5 when not sent).
 */
export function structureStrengths(s: Pick<EngineSettings, 'cannyStrength' | 'structureFidelity'>, modelEdges: boolean) {
  const fidelity = Math.min(1, Math.max(0, (s.structureFidelity ?? 5) / 10));
  return { canny: modelEdges ? Math.max(s.cannyStrength, fidelity) : s.cannyStrength, depth: fidelity };
}

export function buildRenderWorkflow(p: RenderWorkflowInput): WorkflowJob {
  const s = p.settings;
  const b = new WorkflowBuilder();
  const files = images(p.prefix);
  const work = fitArea(p.input.width, p.input.height, SDXL_PIXELS);
  const checkpoint = checkpointOf(p.models, s);
  const preset = presetOf(p.models, checkpoint);
  // The settings' steps and cfg (the spec's 20 / 7) are for standard checkpoints only.
  const steps = preset.name === 'standard' ? s.stepsKsampler1 : preset.steps;
  const cfg = preset.name === 'standard' ? s.cfgKsampler1 : preset.cfg;

  const ckpt = b.add('CheckpointLoaderSimple', { ckpt_name: checkpoint }, 'Checkpoint');
  const lora = b.add(
    'LoraLoader',
    { model: out(ckpt, 0), clip: out(ckpt, 1), lora_name: p.models.lora, strength_model: s.loraStrength[0], strength_clip: s.loraStrength[1] },
    'LoRA',
  );
  const load = b.add('LoadImage', { image: files.add('input', p.input.data, p.input.ext) }, 'Input');
  const scaled = b.add('ImageScale', { image: out(load), upscale_method: 'lanczos', width: work.width, height: work.height, crop: 'disabled' }, 'Working size');

  const positive = b.add('CLIPTextEncode', { text: p.prompt, clip: out(lora, 1) }, 'Prompt');
  const negative = b.add('CLIPTextEncode', { text: p.negativePrompt, clip: out(lora, 1) }, 'Negative prompt');

  // Per-region prompts, each limited to its mask, combined with the whole-image prompt.
  let conditioning: Link = out(positive);
  p.regions.forEach((r, i) => {
    const maskImage = b.add('LoadImage', { image: files.add(`region${i + 1}`, r.mask, 'png') }, `Region ${i + 1} mask`);
    const mask = b.add('ImageToMask', { image: out(maskImage), channel: 'red' });
    const text = b.add('CLIPTextEncode', { text: r.prompt, clip: out(lora, 1) }, `Region ${i + 1} prompt`);
    const masked = b.add('ConditioningSetMask', { conditioning: out(text), mask: out(mask), strength: 1, set_cond_area: 'default' });
    conditioning = out(b.add('ConditioningCombine', { conditioning_1: conditioning, conditioning_2: out(masked) }));
  });

  // The edges: the model's own (from its normal pass) when the view has them, else the photo's.
  const passImage = (label: string, data: Buffer, title: string) => {
    const loaded = b.add('LoadImage', { image: files.add(label, data, 'png') }, title);
    return b.add('ImageScale', { image: out(loaded), upscale_method: 'bilinear', width: work.width, height: work.height, crop: 'disabled' });
  };
  const strengths = structureStrengths(s, !!p.passes?.edges);
  const edges = p.passes?.edges
    ? passImage('edges', p.passes.edges, 'Model edges')
    : b.add('Canny', { image: out(scaled), low_threshold: CANNY_LOW, high_threshold: CANNY_HIGH }, 'Edges');
  const controlnet = b.add('ControlNetLoader', { control_net_name: p.models.controlnet }, 'ControlNet');
  let controlled = b.add(
    'ControlNetApply',
    { conditioning, control_net: out(controlnet), image: out(edges), strength: strengths.canny },
    'Resemblance',
  );
  if (p.passes?.depth) {
    if (!p.models.controlnetDepth) throw new EngineRejectedError('A depth pass needs a depth ControlNet: set COMFYUI_CONTROLNET_DEPTH');
    const depth = passImage('depth', p.passes.depth, 'Depth pass');
    const depthNet = b.add('ControlNetLoader', { control_net_name: p.models.controlnetDepth }, 'Depth ControlNet');
    controlled = b.add('ControlNetApply', { conditioning: out(controlled), control_net: out(depthNet), image: out(depth), strength: strengths.depth }, 'Structure fidelity');
  }

  const latent = b.add('VAEEncode', { pixels: out(scaled), vae: out(ckpt, 2) });
  const stage1 = b.add(
    'KSampler',
    {
      model: out(lora, 0),
      seed: s.seed,
      steps,
      cfg,
      sampler_name: preset.sampler,
      scheduler: preset.scheduler,
      positive: out(controlled),
      negative: out(negative),
      latent_image: out(latent),
      denoise: s.denoiseKsampler1,
    },
    'Stage 1',
  );
  let stage2Input: Link = out(stage1);
  if (s.upscale === 'Yes') {
    stage2Input = out(b.add('LatentUpscaleBy', { samples: out(stage1), upscale_method: 'bislerp', scale_by: STAGE2_UPSCALE }, 'Stage 2 size'));
  }
  const stage2 = b.add(
    'KSampler',
    {
      model: out(lora, 0),
      seed: s.seed,
      steps: stage2Steps(steps),
      cfg,
      sampler_name: preset.sampler,
      scheduler: preset.scheduler,
      positive: out(controlled),
      negative: out(negative),
      latent_image: stage2Input,
      denoise: stage2Denoise(s.creativity),
    },
    'Stage 2',
  );
  const decoded = b.add('VAEDecode', { samples: out(stage2), vae: out(ckpt, 2) });
  const result = save(b, out(decoded), 'render');
  return { kind: 'render', workflow: b.build(), images: files.list, outputNode: result };
}

export interface InpaintWorkflowInput {
  prefix: string;
  image: InputImage;
  /** PNG, white = replace, the image's size. */
  mask: Buffer;
  prompt: string;
  negativePrompt: string;
  seed: number;
  models: GpuModels;
  steps?: number;
  cfg?: number;
}

export function buildInpaintWorkflow(p: InpaintWorkflowInput): WorkflowJob {
  const b = new WorkflowBuilder();
  const files = images(p.prefix);
  const { width, height } = p.image;
  const work = fitArea(width, height, SDXL_PIXELS);
  const checkpoint = inpaintCheckpointOf(p.models);
  const preset = presetOf(p.models, checkpoint);

  const ckpt = b.add('CheckpointLoaderSimple', { ckpt_name: checkpoint }, 'Checkpoint');
  const load = b.add('LoadImage', { image: files.add('image', p.image.data, p.image.ext) }, 'Image');
  const maskImage = b.add('LoadImage', { image: files.add('mask', p.mask, 'png') }, 'Mask');
  const fullMask = b.add('ImageToMask', { image: out(maskImage), channel: 'red' });
  const scaled = b.add('ImageScale', { image: out(load), upscale_method: 'lanczos', width: work.width, height: work.height, crop: 'disabled' });
  const scaledMaskImage = b.add('ImageScale', { image: out(maskImage), upscale_method: 'bilinear', width: work.width, height: work.height, crop: 'disabled' });
  const workMask = b.add('ImageToMask', { image: out(scaledMaskImage), channel: 'red' });
  const grown = b.add('GrowMask', { mask: out(workMask), expand: INPAINT_GROW_MASK, tapered_corners: true });
  const positive = b.add('CLIPTextEncode', { text: p.prompt, clip: out(ckpt, 1) }, 'Prompt');
  const negative = b.add('CLIPTextEncode', { text: p.negativePrompt, clip: out(ckpt, 1) }, 'Negative prompt');
  const cond = b.add('InpaintModelConditioning', {
    positive: out(positive),
    negative: out(negative),
    vae: out(ckpt, 2),
    pixels: out(scaled),
    mask: feather(b, out(grown), featherRadius(work.width, work.height)),
    noise_mask: true,
  });
  const sampled = b.add('KSampler', {
    model: out(ckpt, 0),
    seed: p.seed,
    steps: p.steps ?? preset.steps,
    cfg: p.cfg ?? preset.cfg,
    sampler_name: preset.sampler,
    scheduler: preset.scheduler,
    positive: out(cond, 0),
    negative: out(cond, 1),
    latent_image: out(cond, 2),
    denoise: p.models.inpaintCheckpoint ? 1 : INPAINT_DENOISE,
  });
  const decoded = b.add('VAEDecode', { samples: out(sampled), vae: out(ckpt, 2) });
  const back = b.add('ImageScale', { image: out(decoded), upscale_method: 'lanczos', width, height, crop: 'disabled' }, 'Original size');
  // Only the masked pixels change, blending into the original over a feathered edge.
  const grownFull = b.add('GrowMask', { mask: out(fullMask), expand: INPAINT_GROW_MASK, tapered_corners: true });
  const composeMask = feather(b, out(grownFull), featherRadius(width, height));
  const composed = b.add('ImageCompositeMasked', { destination: out(load), source: out(back), x: 0, y: 0, resize_source: false, mask: composeMask });
  const result = save(b, out(composed), 'inpaint');
  return { kind: 'inpaint', workflow: b.build(), images: files.list, outputNode: result };
}

export interface OutpaintWorkflowInput {
  prefix: string;
  image: InputImage;
  canvasBounds: Bounds;
  originalImageBounds: Bounds;
  prompt: string;
  negativePrompt: string;
  seed: number;
  models: GpuModels;
  steps?: number;
  cfg?: number;
}

/** The canvas in the image's pixels: its size, and where the original lands on it (may be partly outside). */
export function outpaintGeometry(p: Pick<OutpaintWorkflowInput, 'image' | 'canvasBounds' | 'originalImageBounds'>) {
  const o = p.originalImageBounds;
  const c = p.canvasBounds;
  for (const [name, b] of [
    ['originalImageBounds', o],
    ['canvasBounds', c],
  ] as const) {
    if (![b.x, b.y, b.width, b.height].every(Number.isFinite) || b.width <= 0 || b.height <= 0) {
      throw new EngineRejectedError(`${name} must have a positive width and height`);
    }
  }
  const sx = p.image.width / o.width;
  const sy = p.image.height / o.height;
  const canvasW = Math.max(1, Math.round(c.width * sx));
  const canvasH = Math.max(1, Math.round(c.height * sy));
  checkResultSize(canvasW, canvasH, 'The expanded canvas');
  const offX = Math.round((o.x - c.x) * sx);
  const offY = Math.round((o.y - c.y) * sy);
  // The part of the original that lies on the canvas.
  const cropX = Math.max(0, -offX);
  const cropY = Math.max(0, -offY);
  const cropW = Math.min(p.image.width, canvasW - offX) - cropX;
  const cropH = Math.min(p.image.height, canvasH - offY) - cropY;
  if (cropW <= 0 || cropH <= 0) throw new EngineRejectedError('The canvas does not overlap the image');
  const placeX = Math.max(0, offX);
  const placeY = Math.max(0, offY);
  return {
    canvasW,
    canvasH,
    crop: { x: cropX, y: cropY, width: cropW, height: cropH },
    place: { x: placeX, y: placeY },
    pads: { left: placeX, top: placeY, right: Math.max(0, canvasW - placeX - cropW), bottom: Math.max(0, canvasH - placeY - cropH) },
  };
}

export function buildOutpaintWorkflow(p: OutpaintWorkflowInput): WorkflowJob {
  const g = outpaintGeometry(p);
  const b = new WorkflowBuilder();
  const files = images(p.prefix);
  const k = Math.sqrt(SDXL_PIXELS / (g.canvasW * g.canvasH));
  const pad = (n: number) => (n > 0 ? round8(n * k) : 0);
  const pads = { left: pad(g.pads.left), top: pad(g.pads.top), right: pad(g.pads.right), bottom: pad(g.pads.bottom) };
  const checkpoint = inpaintCheckpointOf(p.models);
  const preset = presetOf(p.models, checkpoint);

  const ckpt = b.add('CheckpointLoaderSimple', { ckpt_name: checkpoint }, 'Checkpoint');
  const load = b.add('LoadImage', { image: files.add('image', p.image.data, p.image.ext) }, 'Image');
  let original: Link = out(load);
  if (g.crop.x > 0 || g.crop.y > 0 || g.crop.width < p.image.width || g.crop.height < p.image.height) {
    original = out(b.add('ImageCrop', { image: original, width: g.crop.width, height: g.crop.height, x: g.crop.x, y: g.crop.y }, 'Part on the canvas'));
  }
  const scaled = b.add('ImageScale', {
    image: original,
    upscale_method: 'lanczos',
    width: round8(g.crop.width * k),
    height: round8(g.crop.height * k),
    crop: 'disabled',
  });
  const padded = b.add('ImagePadForOutpaint', { image: out(scaled), ...pads, feathering: OUTPAINT_FEATHERING }, 'Canvas');
  const positive = b.add('CLIPTextEncode', { text: p.prompt, clip: out(ckpt, 1) }, 'Prompt');
  const negative = b.add('CLIPTextEncode', { text: p.negativePrompt, clip: out(ckpt, 1) }, 'Negative prompt');
  const grown = b.add('GrowMask', { mask: out(padded, 1), expand: INPAINT_GROW_MASK, tapered_corners: true });
  const cond = b.add('InpaintModelConditioning', {
    positive: out(positive),
    negative: out(negative),
    vae: out(ckpt, 2),
    pixels: out(padded, 0),
    mask: out(grown),
    noise_mask: true,
  });
  const sampled = b.add('KSampler', {
    model: out(ckpt, 0),
    seed: p.seed,
    steps: p.steps ?? preset.steps,
    cfg: p.cfg ?? preset.cfg,
    sampler_name: preset.sampler,
    scheduler: preset.scheduler,
    positive: out(cond, 0),
    negative: out(cond, 1),
    latent_image: out(cond, 2),
    denoise: OUTPAINT_DENOISE,
  });
  const decoded = b.add('VAEDecode', { samples: out(sampled), vae: out(ckpt, 2) });
  const full = b.add('ImageScale', { image: out(decoded), upscale_method: 'lanczos', width: g.canvasW, height: g.canvasH, crop: 'disabled' }, 'Canvas size');
  // The original goes back at full resolution; its edges that border new content fade in.
  const f = featherRadius(g.canvasW, g.canvasH) * 2;
  const solid = b.add('SolidMask', { value: 1, width: g.crop.width, height: g.crop.height });
  const edges = b.add('FeatherMask', {
    mask: out(solid),
    left: g.pads.left > 0 ? f : 0,
    top: g.pads.top > 0 ? f : 0,
    right: g.pads.right > 0 ? f : 0,
    bottom: g.pads.bottom > 0 ? f : 0,
  }, 'Feathered edges');
  const composed = b.add('ImageCompositeMasked', { destination: out(full), source: original, x: g.place.x, y: g.place.y, resize_source: false, mask: out(edges) });
  const result = save(b, out(composed), 'outpaint');
  return { kind: 'outpaint', workflow: b.build(), images: files.list, outputNode: result };
}

export interface UpscaleWorkflowInput {
  prefix: string;
  image: InputImage;
  width: number;
  height: number;
  clarity: number;
  sharpness: number;
  models: GpuModels;
  /** The upscale model's factor (RealESRGAN_x4plus, 4x-UltraSharp: 4). */
  modelScale?: number;
}

export const clarityAlpha = (clarity: number) => Math.round((Math.max(0, Math.min(50, clarity)) / 50) * 1000) / 1000;
export const sharpnessAlpha = (sharpness: number) => Math.round((Math.max(0, Math.min(50, sharpness)) / 50) * 2 * 1000) / 1000;

export function buildUpscaleWorkflow(p: UpscaleWorkflowInput): WorkflowJob {
  const width = Math.round(p.width);
  const height = Math.round(p.height);
  checkResultSize(width, height);
  const b = new WorkflowBuilder();
  const files = images(p.prefix);
  const factor = p.modelScale ?? 4;

  const load = b.add('LoadImage', { image: files.add('image', p.image.data, p.image.ext) }, 'Image');
  let source: Link = out(load);
  // A model upscale far past the target only costs GPU memory: start from half the target.
  if (p.image.width * factor > 2 * width && p.image.height * factor > 2 * height) {
    source = out(
      b.add('ImageScale', { image: source, upscale_method: 'lanczos', width: Math.max(8, Math.round(width / 2)), height: Math.max(8, Math.round(height / 2)), crop: 'disabled' }, 'Pre-scale'),
    );
  }
  const model = b.add('UpscaleModelLoader', { model_name: p.models.upscaleModel }, 'Upscale model');
  const upscaled = b.add('ImageUpscaleWithModel', { upscale_model: out(model), image: source });
  let image: Link = out(b.add('ImageScale', { image: out(upscaled), upscale_method: 'lanczos', width, height, crop: 'disabled' }, 'Target size'));
  const clarity = clarityAlpha(p.clarity);
  if (clarity > 0) image = out(b.add('ImageSharpen', { image, sharpen_radius: 3, sigma: 2, alpha: clarity }, 'Clarity'));
  const sharp = sharpnessAlpha(p.sharpness);
  if (sharp > 0) image = out(b.add('ImageSharpen', { image, sharpen_radius: 1, sigma: 0.6, alpha: sharp }, 'Sharpness'));
  const result = save(b, image, 'upscale');
  return { kind: 'upscale', workflow: b.build(), images: files.list, outputNode: result };
}
