/**
 * Sampler settings by checkpoint family. Distilled checkpoints are made for few steps at a low
 * cfg (their model cards): SDXL Lightning about 4–8 steps at cfg 1–2, SDXL Turbo 1–4 steps at
 * cfg 1; sampled at 20 steps and cfg 7 they come out burnt. COMFYUI_SAMPLER_PRESET chooses one;
 * unset, the checkpoint's name decides. Only the standard preset takes the steps and cfg of the
 * render settings (the spec's 20 / 7).
 */
export const SAMPLER_PRESET_NAMES = ['lightning', 'turbo', 'standard'] as const;
export type SamplerPresetName = (typeof SAMPLER_PRESET_NAMES)[number];

export interface SamplerPreset {
  name: SamplerPresetName;
  steps: number;
  cfg: number;
  sampler: string;
  scheduler: string;
}

export const SAMPLER_PRESETS: Record<SamplerPresetName, SamplerPreset> = {
  lightning: { name: 'lightning', steps: 6, cfg: 1.5, sampler: 'dpmpp_sde', scheduler: 'karras' },
  turbo: { name: 'turbo', steps: 4, cfg: 1, sampler: 'euler_ancestral', scheduler: 'normal' },
  standard: { name: 'standard', steps: 28, cfg: 6, sampler: 'dpmpp_2m', scheduler: 'karras' },
};

export function presetNameForCheckpoint(checkpoint: string): SamplerPresetName {
  const name = checkpoint.toLowerCase();
  if (name.includes('lightning')) return 'lightning';
  if (name.includes('turbo')) return 'turbo';
  return 'standard';
}

/** The configured preset, else the one the checkpoint's name implies. */
export function samplerPreset(checkpoint: string, configured?: SamplerPresetName): SamplerPreset {
  return SAMPLER_PRESETS[configured ?? presetNameForCheckpoint(checkpoint)];
}
