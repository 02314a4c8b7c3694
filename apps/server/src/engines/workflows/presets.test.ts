import { describe, expect, it } from 'vitest';
import { nodeDefinitions, objectInfoFor, validatePrompt } from '../../../test/fakes/comfy-graph.js';
import { DEFAULT_MODELS } from '../../../test/fakes/object-info.js';
import type { EngineSettings } from '../engine.js';
import { gpuModels } from '../index.js';
import { buildInpaintWorkflow, buildOutpaintWorkflow, buildRenderWorkflow, buildUpscaleWorkflow, type GpuModels } from './builders.js';
import type { WorkflowJob } from './graph.js';
import { presetNameForCheckpoint, SAMPLER_PRESETS, samplerPreset } from './presets.js';

const settings: EngineSettings = {
  seed: 99,
  model: 'realvisxlLightning.safetensors',
  cfgKsampler1: 7,
  stepsKsampler1: 20,
  denoiseKsampler1: 0.8,
  cannyStrength: 0.5,
  loraStrength: [1, 0.5],
  creativity: 7.5,
  expressivity: 5,
  resemblance: 5,
  upscale: 'No',
  style: 'No',
};
const image = { data: Buffer.from('x'), width: 1200, height: 800, ext: 'png' };

/** ComfyUI's validate_prompt against the real /object_info of a server with these checkpoints. */
function validate(job: WorkflowJob, checkpoints: string[]) {
  const info = objectInfoFor({ ...DEFAULT_MODELS, checkpoints });
  return validatePrompt(job.workflow, nodeDefinitions(info, () => job.images.map((i) => i.name)));
}
const samplers = (job: WorkflowJob) => Object.values(job.workflow).filter((n) => n.class_type === 'KSampler').map((n) => n.inputs);

describe('sampler presets', () => {
  it('are chosen by the checkpoint name unless COMFYUI_SAMPLER_PRESET says otherwise', () => {
    expect(presetNameForCheckpoint('realvisxlLightning.safetensors')).toBe('lightning');
    expect(presetNameForCheckpoint('RealVisXL_V5.0_Lightning_fp16.safetensors')).toBe('lightning');
    expect(presetNameForCheckpoint('sd_xl_turbo_1.0_fp16.safetensors')).toBe('turbo');
    expect(presetNameForCheckpoint('sd_xl_base_1.0.safetensors')).toBe('standard');
    expect(samplerPreset('sd_xl_base_1.0.safetensors', 'lightning')).toEqual(SAMPLER_PRESETS.lightning);
    expect(SAMPLER_PRESETS).toEqual({
      lightning: { name: 'lightning', steps: 6, cfg: 1.5, sampler: 'dpmpp_sde', scheduler: 'karras' },
      turbo: { name: 'turbo', steps: 4, cfg: 1, sampler: 'euler_ancestral', scheduler: 'normal' },
      standard: { name: 'standard', steps: 28, cfg: 6, sampler: 'dpmpp_2m', scheduler: 'karras' },
    });
    expect(gpuModels({ COMFYUI_SAMPLER_PRESET: 'turbo' }).samplerPreset).toBe('turbo');
  });

  const cases: Array<[string, string, GpuModels['samplerPreset'], { steps: number; cfg: number; sampler_name: string; scheduler: string }]> = [
    ['lightning by name', 'realvisxlLightning.safetensors', undefined, { steps: 6, cfg: 1.5, sampler_name: 'dpmpp_sde', scheduler: 'karras' }],
    ['turbo by name', 'sd_xl_turbo_1.0_fp16.safetensors', undefined, { steps: 4, cfg: 1, sampler_name: 'euler_ancestral', scheduler: 'normal' }],
    // Create's spec values (20 / 7) apply to the standard preset only.
    ['standard by name', 'sd_xl_base_1.0.safetensors', undefined, { steps: 20, cfg: 7, sampler_name: 'dpmpp_2m', scheduler: 'karras' }],
    ['standard by setting', 'realvisxlLightning.safetensors', 'standard', { steps: 20, cfg: 7, sampler_name: 'dpmpp_2m', scheduler: 'karras' }],
  ];
  for (const [title, checkpoint, preset, expected] of cases) {
    it(`render, ${title}: passes ComfyUI's validation with the preset's sampler`, () => {
      const models: GpuModels = { ...gpuModels({}), checkpoint, samplerPreset: preset };
      const job = buildRenderWorkflow({ prefix: 'p', input: image, prompt: 'a house', negativePrompt: 'n', regions: [{ mask: Buffer.from('m'), prompt: 'brick' }], settings, models });
      expect(validate(job, [checkpoint])).toMatchObject({ ok: true });
      expect(samplers(job)[0]).toMatchObject({ ...expected, denoise: 0.8 });
    });
  }

  it('inpaint and outpaint use the preset of the inpainting checkpoint when one is set, at denoise 1', () => {
    const models: GpuModels = { ...gpuModels({}), inpaintCheckpoint: 'sd_xl_inpainting_0.1.safetensors' };
    const inpaint = buildInpaintWorkflow({ prefix: 'p', image, mask: Buffer.from('m'), prompt: 'a door', negativePrompt: 'n', seed: 1, models });
    const outpaint = buildOutpaintWorkflow({
      prefix: 'p',
      image,
      originalImageBounds: { x: 0, y: 0, width: 1200, height: 800 },
      canvasBounds: { x: -200, y: -100, width: 1600, height: 1000 },
      prompt: 'more sky',
      negativePrompt: 'n',
      seed: 1,
      models,
    });
    for (const job of [inpaint, outpaint]) {
      expect(validate(job, ['sd_xl_inpainting_0.1.safetensors'])).toMatchObject({ ok: true });
      expect(Object.values(job.workflow).find((n) => n.class_type === 'CheckpointLoaderSimple')!.inputs.ckpt_name).toBe('sd_xl_inpainting_0.1.safetensors');
      expect(samplers(job)[0]).toMatchObject({ steps: 28, cfg: 6, sampler_name: 'dpmpp_2m', denoise: 1 });
    }
    // Without it the render checkpoint is used: then the real validation refuses a server lacking it.
    const plain = buildInpaintWorkflow({ prefix: 'p', image, mask: Buffer.from('m'), prompt: 'a door', negativePrompt: 'n', seed: 1, models: gpuModels({}) });
    expect(validate(plain, ['sd_xl_inpainting_0.1.safetensors'])).toMatchObject({ ok: false, error: { type: 'prompt_outputs_failed_validation' } });
  });

  it('upscale 2× and 4× pass validation, even without the upscale model (new-style COMBO: it fails when run)', () => {
    for (const k of [2, 4]) {
      const job = buildUpscaleWorkflow({ prefix: 'p', image, width: 1200 * k, height: 800 * k, clarity: 10, sharpness: 10, models: gpuModels({}) });
      expect(validate(job, DEFAULT_MODELS.checkpoints)).toMatchObject({ ok: true });
      const info = objectInfoFor({ ...DEFAULT_MODELS, upscale_models: [] });
      expect(validatePrompt(job.workflow, nodeDefinitions(info, () => job.images.map((i) => i.name)))).toMatchObject({ ok: true });
    }
  });
});
