import { describe, expect, it } from 'vitest';
import type { EngineSettings } from '../engine.js';
import { DEFAULT_MODELS, nodeDefinitions, objectInfoFor, validatePrompt } from '../../../test/fakes/comfy-graph.js';
import { realObjectInfo } from '../../../test/fakes/object-info.js';
import {
  buildInpaintWorkflow,
  buildOutpaintWorkflow,
  buildRenderWorkflow,
  buildUpscaleWorkflow,
  clarityAlpha,
  featherRadius,
  INPAINT_DENOISE,
  sharpnessAlpha,
  stage2Denoise,
  stage2Steps,
  type GpuModels,
} from './builders.js';
import { EngineRejectedError } from './errors.js';
import { isLink, type ApiWorkflow, type WorkflowJob } from './graph.js';
import { positivePrompt, regionPrompt } from './prompts.js';

/** Outputs of each node, from ComfyUI's real /object_info. */
const REAL = realObjectInfo();
const OUTPUT_COUNTS: Record<string, number> = Object.fromEntries(Object.entries(REAL).map(([name, n]) => [name, n.output.length]));

const models: GpuModels = { controlnet: 'cn-canny.safetensors', lora: 'detail.safetensors', upscaleModel: 'RealESRGAN_x4plus.pth' };

const settings: EngineSettings = {
  seed: 4815162342,
  model: 'realvisxlLightning.safetensors',
  cfgKsampler1: 7,
  stepsKsampler1: 20,
  denoiseKsampler1: 0.8,
  cannyStrength: 0.3,
  loraStrength: [1, 0.2],
  creativity: 7.5,
  expressivity: 3,
  resemblance: 3,
  upscale: 'Yes',
  style: 'No',
};

const png = Buffer.from('png');
const input = { data: png, width: 1600, height: 900, ext: 'png' };

/** Every link points at an existing node's existing output; every node is known and used; one SaveImage, the output node. */
function checkStructure(job: WorkflowJob): void {
  const wf = job.workflow;
  const consumed = new Set<string>();
  for (const [id, node] of Object.entries(wf)) {
    expect(OUTPUT_COUNTS, `node ${id} ${node.class_type}`).toHaveProperty(node.class_type);
    for (const [name, value] of Object.entries(node.inputs)) {
      if (!Array.isArray(value)) continue;
      expect(isLink(value), `${id}.${name} is a [nodeId, index] link`).toBe(true);
      const [src, index] = value as [string, number];
      expect(wf[src], `${id}.${name} -> missing node ${src}`).toBeDefined();
      expect(index, `${id}.${name} -> ${wf[src].class_type} has no output ${index}`).toBeLessThan(OUTPUT_COUNTS[wf[src].class_type]);
      expect(index).toBeGreaterThanOrEqual(0);
      consumed.add(src);
    }
  }
  const saves = Object.entries(wf).filter(([, n]) => n.class_type === 'SaveImage');
  expect(saves.map(([id]) => id)).toEqual([job.outputNode]);
  for (const id of Object.keys(wf)) if (id !== job.outputNode) expect(consumed.has(id), `node ${id} (${wf[id].class_type}) is used`).toBe(true);
  const loaded = Object.values(wf)
    .filter((n) => n.class_type === 'LoadImage')
    .map((n) => n.inputs.image);
  expect(loaded.sort()).toEqual(job.images.map((i) => i.name).sort());
  // And ComfyUI's own validation, against its real node schema, accepts it.
  const info = objectInfoFor({ ...DEFAULT_MODELS, checkpoints: [...DEFAULT_MODELS.checkpoints, 'juggernautXL.safetensors'], loras: ['detail.safetensors'], controlnet: ['cn-canny.safetensors', 'cn-depth.safetensors'] });
  const v = validatePrompt(wf, nodeDefinitions(info, () => job.images.map((i) => i.name)));
  expect(v).toMatchObject({ ok: true });
}

const nodesOf = (wf: ApiWorkflow, type: string) => Object.entries(wf).filter(([, n]) => n.class_type === type);
const one = (wf: ApiWorkflow, type: string) => {
  const list = nodesOf(wf, type);
  expect(list, type).toHaveLength(1);
  return list[0];
};

describe('render workflow with the view\'s passes (issue 31)', () => {
  const withDepth: GpuModels = { ...models, controlnetDepth: 'cn-depth.safetensors' };
  const passes = { depth: Buffer.from('depth png'), edges: Buffer.from('edges png') };
  const build = (p: Partial<Parameters<typeof buildRenderWorkflow>[0]>) =>
    buildRenderWorkflow({ prefix: 'atelier-test', input, prompt: 'a villa', negativePrompt: 'blurry', regions: [], settings: { ...settings, structureFidelity: 8 }, models: withDepth, ...p });

  it('adds a depth ControlNet after the canny one, on the model\'s own edges instead of the photo\'s', () => {
    const job = build({ passes });
    checkStructure(job);
    const wf = job.workflow;
    expect(nodesOf(wf, 'Canny')).toEqual([]);
    const loaders = nodesOf(wf, 'ControlNetLoader').map(([, n]) => n.inputs.control_net_name);
    expect(loaders).toEqual(['cn-canny.safetensors', 'cn-depth.safetensors']);
    const applies = nodesOf(wf, 'ControlNetApply');
    expect(applies).toHaveLength(2);
    const [[cannyId, canny], [depthId, depth]] = applies;
    // Structure fidelity 8 raises the canny strength (resemblance 0.3) to 0.8 and sets the depth one.
    expect(canny.inputs.strength).toBe(0.8);
    expect(depth.inputs.strength).toBe(0.8);
    expect(depth.inputs.conditioning).toEqual([cannyId, 0]);
    for (const [, sampler] of nodesOf(wf, 'KSampler')) expect(sampler.inputs.positive).toEqual([depthId, 0]);
    // Each control image is the uploaded pass, scaled to the working size.
    const fileOf = (link: unknown) => {
      const scale = wf[(link as [string, number])[0]];
      expect(scale.class_type).toBe('ImageScale');
      return wf[(scale.inputs.image as [string, number])[0]].inputs.image;
    };
    expect(fileOf(canny.inputs.image)).toBe('atelier-test-edges.png');
    expect(fileOf(depth.inputs.image)).toBe('atelier-test-depth.png');
    expect(job.images.find((i) => i.name === 'atelier-test-depth.png')?.data).toBe(passes.depth);
  });

  it('with only a normal pass: the model\'s edges, no depth ControlNet', () => {
    const job = build({ passes: { edges: passes.edges } });
    checkStructure(job);
    expect(nodesOf(job.workflow, 'ControlNetLoader')).toHaveLength(1);
    expect(nodesOf(job.workflow, 'Canny')).toEqual([]);
  });

  it('without passes: the photo\'s canny edges at the resemblance\'s strength, as before', () => {
    const job = build({});
    checkStructure(job);
    expect(one(job.workflow, 'ControlNetApply')[1].inputs.strength).toBe(0.3);
    expect(nodesOf(job.workflow, 'Canny')).toHaveLength(1);
  });

  it('refuses a depth pass when no depth ControlNet is configured', () => {
    expect(() => build({ passes, models })).toThrow(EngineRejectedError);
  });
});

describe('render workflow', () => {
  const regions = [
    { mask: png, prompt: 'red brick walls' },
    { mask: png, prompt: 'oak floor' },
  ];
  const job = buildRenderWorkflow({ prefix: 'atelier-test', input, prompt: 'a villa at dusk', negativePrompt: 'blurry', regions, settings, models });
  const wf = job.workflow;

  it('is structurally sound', () => {
    checkStructure(job);
    checkStructure(buildRenderWorkflow({ prefix: 'p', input, prompt: 'x', negativePrompt: 'y', regions: [], settings: { ...settings, upscale: 'No' }, models }));
  });

  it('puts the settings in the right node inputs', () => {
    expect(one(wf, 'CheckpointLoaderSimple')[1].inputs.ckpt_name).toBe('realvisxlLightning.safetensors');
    expect(one(wf, 'LoraLoader')[1].inputs).toMatchObject({ lora_name: 'detail.safetensors', strength_model: 1, strength_clip: 0.2 });
    expect(one(wf, 'ControlNetLoader')[1].inputs.control_net_name).toBe('cn-canny.safetensors');
    const [, apply] = one(wf, 'ControlNetApply');
    expect(apply.inputs.strength).toBe(0.3);
    const samplers = nodesOf(wf, 'KSampler').map(([, n]) => n.inputs);
    expect(samplers).toHaveLength(2);
    // A Lightning checkpoint: the lightning preset, not the spec's 20 steps at cfg 7.
    expect(samplers[0]).toMatchObject({ seed: 4815162342, steps: 6, cfg: 1.5, denoise: 0.8, sampler_name: 'dpmpp_sde', scheduler: 'karras' });
    expect(samplers[1]).toMatchObject({ seed: 4815162342, steps: stage2Steps(6), cfg: 1.5, denoise: stage2Denoise(7.5) });
    expect(stage2Steps(20)).toBe(10);
    expect(stage2Denoise(7.5)).toBe(0.3);
    // Both stages are conditioned by the ControlNet output and use the LoRA's model.
    const applyId = one(wf, 'ControlNetApply')[0];
    const loraId = one(wf, 'LoraLoader')[0];
    for (const s of samplers) {
      expect(s.positive).toEqual([applyId, 0]);
      expect(s.model).toEqual([loraId, 0]);
    }
    // Stage 2 samples stage 1's latent, upscaled 1.5x (upscale Yes).
    const [upId, up] = one(wf, 'LatentUpscaleBy');
    expect(up.inputs.samples).toEqual([nodesOf(wf, 'KSampler')[0][0], 0]);
    expect(samplers[1].latent_image).toEqual([upId, 0]);
    // The working size is ~1 MP in multiples of 8, aspect kept.
    const scale = nodesOf(wf, 'ImageScale')[0][1].inputs;
    expect(Number(scale.width) % 8).toBe(0);
    expect(Number(scale.height) % 8).toBe(0);
    expect(Math.abs(Number(scale.width) * Number(scale.height) - 1024 * 1024)).toBeLessThan(60_000);
  });

  it('conditions each region through its mask and combines them with the prompt', () => {
    const masks = nodesOf(wf, 'ConditioningSetMask');
    expect(masks).toHaveLength(2);
    for (const [, m] of masks) {
      const [maskSrc] = m.inputs.mask as [string, number];
      expect(wf[maskSrc].class_type).toBe('ImageToMask');
      const [imgSrc] = wf[maskSrc].inputs.image as [string, number];
      expect(wf[imgSrc].class_type).toBe('LoadImage');
      expect(String(wf[imgSrc].inputs.image)).toMatch(/^atelier-test-region\d\.png$/);
      const [textSrc] = m.inputs.conditioning as [string, number];
      expect(wf[textSrc].class_type).toBe('CLIPTextEncode');
    }
    const texts = nodesOf(wf, 'CLIPTextEncode').map(([, n]) => n.inputs.text);
    expect(texts).toEqual(expect.arrayContaining(['red brick walls', 'oak floor', 'blurry']));
    const combines = nodesOf(wf, 'ConditioningCombine');
    expect(combines).toHaveLength(2);
    expect(one(wf, 'ControlNetApply')[1].inputs.conditioning).toEqual([combines[1][0], 0]);
    expect(combines[1][1].inputs.conditioning_1).toEqual([combines[0][0], 0]);
  });

  it('uses COMFYUI_CHECKPOINT over the settings model when set', () => {
    const j = buildRenderWorkflow({ prefix: 'p', input, prompt: 'x', negativePrompt: 'y', regions: [], settings, models: { ...models, checkpoint: 'juggernautXL.safetensors' } });
    expect(one(j.workflow, 'CheckpointLoaderSimple')[1].inputs.ckpt_name).toBe('juggernautXL.safetensors');
    const noUpscale = buildRenderWorkflow({ prefix: 'p', input, prompt: 'x', negativePrompt: 'y', regions: [], settings: { ...settings, upscale: 'No' }, models });
    checkStructure(noUpscale);
    expect(nodesOf(noUpscale.workflow, 'LatentUpscaleBy')).toHaveLength(0);
    expect(nodesOf(noUpscale.workflow, 'KSampler')[1][1].inputs.latent_image).toEqual([nodesOf(noUpscale.workflow, 'KSampler')[0][0], 0]);
  });

  it('writes prompts from the selections, the art style and the regions', () => {
    const p = positivePrompt({ prompt: 'a villa', mode: 'art', selections: { weather: 'not-a-catalog-id' }, artStyle: 'pen_and_ink' });
    expect(p).toContain('a villa');
    expect(p).toContain('not a catalog id');
    expect(p).toContain('pen and ink');
    expect(positivePrompt({ prompt: '', mode: 'photorealistic', selections: {} })).toMatch(/photorealistic/);
    expect(regionPrompt({ prompt: ' glass ', materialId: undefined })).toBe('glass');
    expect(regionPrompt({ prompt: undefined, materialId: undefined })).toBeUndefined();
  });
});

describe('render type in the prompt', () => {
  it('names the chosen view after the user words, and an exterior view when none is given', () => {
    const base = { prompt: 'a hotel', mode: 'photorealistic' as const, selections: {} };
    expect(positivePrompt({ ...base, renderType: 'interior' })).toMatch(/^a hotel, interior view/);
    expect(positivePrompt({ ...base, renderType: 'aerial' })).toMatch(/^a hotel, aerial view/);
    expect(positivePrompt({ ...base, renderType: 'elevation' })).toMatch(/^a hotel, orthographic elevation drawing/);
    expect(positivePrompt(base)).toMatch(/^a hotel, exterior view/);
    expect(positivePrompt(base)).not.toMatch(/interior/);
  });
});

describe('inpaint workflow', () => {
  const job = buildInpaintWorkflow({ prefix: 'p', image: input, mask: png, prompt: 'a door', negativePrompt: 'blurry', seed: 1234567890, models });
  const wf = job.workflow;
  it('is structurally sound and conditions through the mask', () => {
    checkStructure(job);
    const [condId, cond] = one(wf, 'InpaintModelConditioning');
    const [, sampler] = one(wf, 'KSampler');
    expect(sampler.inputs).toMatchObject({ seed: 1234567890, denoise: INPAINT_DENOISE, positive: [condId, 0], negative: [condId, 1], latent_image: [condId, 2] });
    expect(INPAINT_DENOISE).toBeLessThan(1);
    // The conditioning mask is the grown mask, feathered (MASK -> IMAGE -> blur -> MASK).
    expect(wf[(cond.inputs.mask as [string, number])[0]].class_type).toBe('ImageToMask');
    const [, composite] = one(wf, 'ImageCompositeMasked');
    // The result has the original's size and only the masked pixels change.
    const [backId] = composite.inputs.source as [string, number];
    expect(wf[backId].inputs).toMatchObject({ width: 1600, height: 900 });
    const [maskId] = composite.inputs.mask as [string, number];
    expect(wf[maskId].class_type).toBe('ImageToMask');
    const [blurId] = wf[maskId].inputs.image as [string, number];
    expect(wf[blurId]).toMatchObject({ class_type: 'ImageBlur', inputs: { blur_radius: featherRadius(1600, 900) } });
    expect(wf[(composite.inputs.destination as [string, number])[0]].class_type).toBe('LoadImage');
  });
});

describe('outpaint workflow', () => {
  it('pads the image by the expanded canvas and returns the canvas size', () => {
    const job = buildOutpaintWorkflow({
      prefix: 'p',
      image: { data: png, width: 800, height: 600, ext: 'png' },
      originalImageBounds: { x: 0, y: 0, width: 400, height: 300 },
      canvasBounds: { x: -100, y: 0, width: 600, height: 300 },
      prompt: 'more garden',
      negativePrompt: 'blurry',
      seed: 42,
      models,
    });
    checkStructure(job);
    const wf = job.workflow;
    const [padId, pad] = one(wf, 'ImagePadForOutpaint');
    expect(Number(pad.inputs.left)).toBeGreaterThan(0);
    expect(Number(pad.inputs.right)).toBeGreaterThan(0);
    expect(pad.inputs.top).toBe(0);
    expect(pad.inputs.bottom).toBe(0);
    expect(nodesOf(wf, 'VAEEncodeForInpaint')).toHaveLength(0);
    const [condId, cond] = one(wf, 'InpaintModelConditioning');
    expect(cond.inputs).toMatchObject({ pixels: [padId, 0], noise_mask: true });
    expect(one(wf, 'KSampler')[1].inputs).toMatchObject({ latent_image: [condId, 2], steps: 6, cfg: 1.5 });
    const [, composite] = one(wf, 'ImageCompositeMasked');
    expect(composite.inputs).toMatchObject({ x: 200, y: 0 });
    // The original's edges that border new content (left and right) are feathered, the others not.
    const [edgesId] = composite.inputs.mask as [string, number];
    expect(wf[edgesId]).toMatchObject({ class_type: 'FeatherMask', inputs: { top: 0, bottom: 0 } });
    expect(Number(wf[edgesId].inputs.left)).toBeGreaterThan(0);
    expect(Number(wf[edgesId].inputs.right)).toBeGreaterThan(0);
    const [fullId] = composite.inputs.destination as [string, number];
    expect(wf[fullId].inputs).toMatchObject({ width: 1200, height: 600 });
    expect(nodesOf(wf, 'ImageCrop')).toHaveLength(0);
  });

  it('crops the part of the image that falls off the canvas', () => {
    const job = buildOutpaintWorkflow({
      prefix: 'p',
      image: { data: png, width: 800, height: 600, ext: 'png' },
      originalImageBounds: { x: 0, y: 0, width: 800, height: 600 },
      canvasBounds: { x: 100, y: 0, width: 900, height: 600 },
      prompt: 'x',
      negativePrompt: 'y',
      seed: 1,
      models,
    });
    checkStructure(job);
    expect(one(job.workflow, 'ImageCrop')[1].inputs).toMatchObject({ x: 100, y: 0, width: 700, height: 600 });
    expect(() =>
      buildOutpaintWorkflow({ prefix: 'p', image: input, originalImageBounds: { x: 0, y: 0, width: 0, height: 1 }, canvasBounds: { x: 0, y: 0, width: 1, height: 1 }, prompt: '', negativePrompt: '', seed: 1, models }),
    ).toThrow(/originalImageBounds/);
  });
});

describe('upscale workflow', () => {
  it('upscales with the model, scales to the target and sharpens', () => {
    const job = buildUpscaleWorkflow({ prefix: 'p', image: { data: png, width: 1000, height: 1000, ext: 'jpg' }, width: 1969, height: 1969, clarity: 12, sharpness: 25, models });
    checkStructure(job);
    const wf = job.workflow;
    expect(one(wf, 'UpscaleModelLoader')[1].inputs.model_name).toBe('RealESRGAN_x4plus.pth');
    const scales = nodesOf(wf, 'ImageScale');
    expect(scales.at(-1)![1].inputs).toMatchObject({ width: 1969, height: 1969 });
    const alphas = nodesOf(wf, 'ImageSharpen').map(([, n]) => n.inputs.alpha);
    expect(alphas).toEqual([clarityAlpha(12), sharpnessAlpha(25)]);
    expect(sharpnessAlpha(25)).toBe(1);
  });

  it('pre-scales a large input and skips sharpening at 0', () => {
    const job = buildUpscaleWorkflow({ prefix: 'p', image: { data: png, width: 4000, height: 3000, ext: 'jpg' }, width: 2000, height: 1500, clarity: 0, sharpness: 0, models });
    checkStructure(job);
    expect(nodesOf(job.workflow, 'ImageScale')).toHaveLength(2);
    expect(nodesOf(job.workflow, 'ImageSharpen')).toHaveLength(0);
    expect(() => buildUpscaleWorkflow({ prefix: 'p', image: input, width: 20000, height: 20000, clarity: 0, sharpness: 0, models })).toThrow(/too large/);
  });
});
