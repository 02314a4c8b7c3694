import crypto from 'node:crypto';
import {
  ART_STYLES,
  DEFAULT_PROMPT,
  ENGINE_DEFAULTS,
  GENERATION_LIMITS,
  type CustomizationSettings,
  type MaskMaterialMapping,
  storedRenderType,
  type RenderMode,
  type RenderType,
} from '@atelier/contract';
import type { EngineSettings } from '../../engines/engine.js';

/**
 * One generation, normalised from any of the entry points (generate, generate-with-state,
 * create-from-batch, legacy create). Kept as the batch's settings, so that "create from batch"
 * and "load settings" can rebuild it.
 */
export interface GenerationInput {
  inputImageId: number;
  prompt: string;
  variations: number;
  existingBatchId: number | null;
  mode: RenderMode;
  /** Exterior, interior, aerial or elevation (the view the render shows). */
  renderType: RenderType;
  /** The user's slider values (creativity 2–4, expressivity 1–6, resemblance 1–10). */
  creativity: number;
  expressivity: number;
  resemblance: number;
  /** Structure fidelity 0–10 (issue 31), when the request sent it. */
  structureFidelity?: number;
  /** Inspector selections by section: option ids, as strings. */
  selections: Record<string, string>;
  artStyle: string | null;
  regions: Record<string, unknown> | null;
  ksampler: { cfgKsampler1: number; stepsKsampler1: number; denoiseKsampler1: number };
  maskPrompts: Record<string, string>;
  maskMaterialMappings: Record<string, MaskMaterialMapping>;
  aiPromptMaterials: unknown[];
  contextSelection: Record<string, unknown> | null;
  sliderSettings: Record<string, unknown> | null;
  maskKeyword: string | null;
  negativePrompt: string | null;
}

/**
 * What each generated image keeps in settingsSnapshot: the spec's fields (variations, the
 * slider values, mode, regions, moduleType, operationType, maskKeyword, negativePrompt), the
 * selections and art style, and under `engine` exactly the values sent to the engine (spec §9),
 * so a retry renders the same image.
 */
export interface RenderSnapshot {
  variations: number;
  creativity: number;
  expressivity: number;
  resemblance: number;
  mode: RenderMode;
  renderType: RenderType;
  regions: Record<string, unknown> | null;
  moduleType: 'CREATE';
  operationType: string | null;
  maskKeyword: string | null;
  negativePrompt: string | null;
  selections: Record<string, string>;
  artStyle: string | null;
  maskPrompts: Record<string, string>;
  engine: EngineSettings;
}

/** A random 10-digit seed (crypto). */
export function randomSeed(): number {
  return crypto.randomInt(1_000_000_000, 10_000_000_000);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Spec §9: creativity × 2.5, expressivity × 1.5, resemblance unchanged, canny strength =
 * resemblance / 10, LoRA strength [1, expressivity / 10] (the slider value), model
 * realvisxlLightning, upscale Yes, style No.
 */
export function engineSettings(
  input: Pick<GenerationInput, 'creativity' | 'expressivity' | 'resemblance' | 'ksampler' | 'structureFidelity'>,
  seed: number,
): EngineSettings {
  return {
    seed,
    model: ENGINE_DEFAULTS.model,
    cfgKsampler1: input.ksampler.cfgKsampler1,
    stepsKsampler1: input.ksampler.stepsKsampler1,
    denoiseKsampler1: input.ksampler.denoiseKsampler1,
    cannyStrength: round(input.resemblance / 10),
    loraStrength: [1, round(input.expressivity / 10)],
    creativity: round(input.creativity * ENGINE_DEFAULTS.creativityFactor),
    expressivity: round(input.expressivity * ENGINE_DEFAULTS.expressivityFactor),
    resemblance: input.resemblance,
    upscale: ENGINE_DEFAULTS.upscale,
    style: ENGINE_DEFAULTS.style,
    ...(input.structureFidelity === undefined ? {} : { structureFidelity: input.structureFidelity }),
  };
}

export function renderSnapshot(input: GenerationInput, seed: number): RenderSnapshot {
  return {
    variations: input.variations,
    creativity: input.creativity,
    expressivity: input.expressivity,
    resemblance: input.resemblance,
    mode: input.mode,
    renderType: input.renderType,
    regions: input.regions,
    moduleType: 'CREATE',
    operationType: null,
    maskKeyword: input.maskKeyword,
    negativePrompt: input.negativePrompt,
    selections: input.selections,
    artStyle: input.artStyle,
    maskPrompts: input.maskPrompts,
    engine: engineSettings(input, seed),
  };
}

export const defaultKsampler = () => ({
  cfgKsampler1: ENGINE_DEFAULTS.cfgKsampler1,
  stepsKsampler1: ENGINE_DEFAULTS.stepsKsampler1,
  denoiseKsampler1: ENGINE_DEFAULTS.denoiseKsampler1,
});

export function promptOrDefault(prompt: string | null | undefined): string {
  const p = (prompt ?? '').trim();
  return p.length > 0 ? p : DEFAULT_PROMPT;
}

const isArtStyle = (s: string | null | undefined): s is string => !!s && (ART_STYLES as readonly string[]).includes(s);

/** Section selections as strings, without empty ones. */
export function cleanSelections(...sources: Array<Record<string, unknown> | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    for (const [k, v] of Object.entries(source ?? {})) {
      if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') out[k] = String(v).trim();
    }
  }
  return out;
}

/** Art mode: the art section asked for, else `category` when it is one, else a selected art section. */
export function resolveArtStyle(
  mode: RenderMode,
  artStyle: string | null | undefined,
  category: string | null | undefined,
  selections: Record<string, string>,
): string | null {
  if (mode !== 'art') return null;
  if (artStyle) return artStyle;
  if (isArtStyle(category)) return category;
  return Object.keys(selections).find((k) => isArtStyle(k)) ?? ART_STYLES[0];
}

/** Customization settings (spec §3) from a batch's stored settings, with the spec's restore defaults. */
export function customizationFromStored(
  stored: Record<string, unknown> | null | undefined,
  extra: { batchId: number; inputImageId: number | null; prompt: string | null },
): CustomizationSettings {
  const s = (stored ?? {}) as Partial<GenerationInput>;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    selectedStyle: s.mode === 'art' ? 'art' : 'photorealistic',
    renderType: storedRenderType(s.renderType),
    variations: num(s.variations, GENERATION_LIMITS.variations.default),
    creativity: num(s.creativity, GENERATION_LIMITS.creativity.default),
    expressivity: num(s.expressivity, GENERATION_LIMITS.expressivity.default),
    resemblance: num(s.resemblance, GENERATION_LIMITS.resemblance.default),
    selections: { ...(s.selections ?? {}), ...(s.artStyle ? { artStyle: s.artStyle } : {}) },
    maskMaterialMappings: (s.maskMaterialMappings ?? {}) as Record<string, unknown>,
    contextSelection: s.contextSelection ?? null,
    generatedPrompt: extra.prompt,
    aiMaterials: Array.isArray(s.aiPromptMaterials) ? s.aiPromptMaterials : [],
    inputImageId: extra.inputImageId,
    batchId: extra.batchId,
  };
}
