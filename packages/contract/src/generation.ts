import { z } from 'zod';
import { generatedImageSchema, imageIdSchema, imageStatusSchema, pageQuerySchema, paginationSchema } from './images.js';
import { GENERATION_LIMITS } from './generationLimits.js';
import { RENDER_TYPES, renderTypeSchema } from './render-types.js';

export * from './generationLimits.js';
export * from './render-types.js';

// Create module generation (spec image-modules §3 generation request, §4 batch states, §7 calls,
// §9 constants). Server and web share these schemas.

export const DEFAULT_PROMPT = 'CREATE AN ARCHITECTURAL VISUALIZATION';

export const RENDER_MODES = ['photorealistic', 'art'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/** Art sections (spec §3); in art mode the chosen one is the engine's artStyle. */
export const ART_STYLES = [
  'illustration',
  'pen_and_ink',
  'aquarelle',
  'linocut',
  'collage',
  'fine_black_pen',
  'minimalist',
  'avantgarde',
] as const;

/** Photorealistic inspector sections (spec §3). */
export const PHOTOREALISTIC_SECTIONS = ['type', 'walls', 'floors', 'context', 'style', 'weather', 'lighting'] as const;

export const ENGINE_DEFAULTS = {
  model: 'realvisxlLightning.safetensors',
  upscale: 'Yes',
  style: 'No',
  cfgKsampler1: 7,
  stepsKsampler1: 20,
  denoiseKsampler1: 0.8,
  /** Sent creativity = slider × 2.5; expressivity × 1.5; resemblance unchanged. */
  creativityFactor: 2.5,
  expressivityFactor: 1.5,
} as const;

export const BATCH_STATUSES = ['PROCESSING', 'COMPLETED'] as const;
export const batchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

/** Page sizes of spec §9. */
export const GENERATION_PAGE_SIZES = { history: 10, variations: 50 } as const;

export const GENERATION_MESSAGES = {
  planRequired: 'An active subscription is required to generate images',
  variations: `variations must be between ${GENERATION_LIMITS.variations.min} and ${GENERATION_LIMITS.variations.max}`,
  inputImageRequired: 'inputImageId is required',
  batchNotFound: 'Batch not found',
  batchInputMissing: 'The input image of this batch no longer exists',
  noInputImage: 'Upload an input image first',
  // Spec §8 defaults shown by the web when the server gives no message.
  generateFailed: 'Failed to generate images',
  startFailed: 'Failed to start RunPod generation',
  generateWithStateFailed: 'Failed to start generation with current state',
  createFromBatchFailed: 'Failed to create from batch',
  statusFailed: 'Failed to fetch batch status',
  historyFailed: 'Failed to fetch history',
  variationsFailed: 'Failed to fetch variations',
  loadBatchSettingsFailed: 'Failed to load batch settings',
  loadImageSettingsFailed: 'Failed to load image settings',
  variationFailed: 'Generation failed',
} as const;

export const GENERATION_ERROR_CODES = {
  planRequired: 'PLAN_REQUIRED',
  insufficientCredits: 'INSUFFICIENT_CREDITS',
  notFound: 'NOT_FOUND',
  noInputImage: 'NO_INPUT_IMAGE',
} as const;

const idLike = z.union([z.string().trim().min(1).max(200), z.number().int()]);
const sliderNumber = (name: string, lim: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(lim.min, `${name} must be between ${lim.min} and ${lim.max}`)
    .max(lim.max, `${name} must be between ${lim.min} and ${lim.max}`);

export const variationsSchema = z.coerce
  .number({ error: GENERATION_MESSAGES.variations })
  .int(GENERATION_MESSAGES.variations)
  .min(GENERATION_LIMITS.variations.min, GENERATION_MESSAGES.variations)
  .max(GENERATION_LIMITS.variations.max, GENERATION_MESSAGES.variations);

export const creativitySchema = sliderNumber('creativity', GENERATION_LIMITS.creativity);
export const expressivitySchema = sliderNumber('expressivity', GENERATION_LIMITS.expressivity);
export const resemblanceSchema = sliderNumber('resemblance', GENERATION_LIMITS.resemblance);
export const structureFidelitySchema = sliderNumber('structureFidelity', GENERATION_LIMITS.structureFidelity);

/** Inspector selections by section (type, walls, floors, context, style, weather, lighting, or an art section): option ids. */
export const selectionsSchema = z.record(z.string().max(64), idLike.nullable());
export type Selections = z.infer<typeof selectionsSchema>;

/**
 * The request's `settings` (spec §3). The slider values are the user's (2–4, 1–6, 1–10); the
 * engine values (seed, model, cannyStrength, …) are computed by the server from them, so those
 * fields are accepted for compatibility and ignored, except the KSampler values.
 */
export const generationSettingsSchema = z.object({
  seed: z.unknown().optional(),
  model: z.unknown().optional(),
  upscale: z.unknown().optional(),
  style: z.unknown().optional(),
  cannyStrength: z.unknown().optional(),
  loraStrength: z.unknown().optional(),
  cfgKsampler1: z.coerce.number().min(1).max(30).optional(),
  stepsKsampler1: z.coerce.number().int().min(1).max(150).optional(),
  denoiseKsampler1: z.coerce.number().min(0).max(1).optional(),
  mode: z.enum(RENDER_MODES, { error: 'mode must be photorealistic or art' }).optional(),
  /** Exterior, interior, aerial or elevation; exterior when not sent. */
  renderType: renderTypeSchema('settings.renderType').nullish(),
  creativity: creativitySchema.optional(),
  expressivity: expressivitySchema.optional(),
  resemblance: resemblanceSchema.optional(),
  /** Structure fidelity (0–10): the strengths of the depth and model-edge ControlNets when the view has passes. */
  structureFidelity: structureFidelitySchema.optional(),
  /** Section selections → RenderRequest.selections: buildingType is `type`, context `context`, styleSelection `style`. */
  buildingType: idLike.nullish(),
  category: z.string().max(64).nullish(),
  context: idLike.nullish(),
  styleSelection: idLike.nullish(),
  /** Art mode: the art section (illustration, pen_and_ink, …); defaults to `category` when that is an art section. */
  artStyle: z.string().max(64).nullish(),
  /** Further inspector selections by section (walls, floors, weather, lighting, …). */
  selections: selectionsSchema.optional(),
  /** Region selections by section (walls, floors, …), merged into the selections. */
  regions: z.record(z.string().max(64), z.unknown()).optional(),
  maskKeyword: z.string().max(500).nullish(),
  negativePrompt: z.string().max(4000).nullish(),
});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

/** Mask material mapping (spec §3), keyed mask_{id}. */
export const maskMaterialMappingSchema = z
  .object({
    customText: z.string().max(1000).nullish(),
    materialOptionId: idLike.nullish(),
    materialOptionName: z.string().nullish(),
    materialOptionThumbnailUrl: z.string().max(8192).nullish(),
    materialOptionImageUrl: z.string().max(8192).nullish(),
    materialOptionCategory: z.string().max(64).nullish(),
    customizationOptionId: idLike.nullish(),
    customizationOptionName: z.string().nullish(),
    customizationOptionThumbnailUrl: z.string().max(8192).nullish(),
    customizationOptionImageUrl: z.string().max(8192).nullish(),
    subCategoryId: idLike.nullish(),
    subCategoryName: z.string().nullish(),
    subCategorySlug: z.string().nullish(),
  })
  .catchall(z.unknown());
export type MaskMaterialMapping = z.infer<typeof maskMaterialMappingSchema>;

const maskKey = z.string().regex(/^mask_\d+$/, 'mask keys are mask_{id}');

/** POST /runpod/generate (spec §3 generation request). */
export const generationRequestSchema = z.object({
  prompt: z.string().max(4000).nullish(),
  inputImageId: imageIdSchema,
  variations: variationsSchema.default(GENERATION_LIMITS.variations.default),
  existingBatchId: imageIdSchema.nullish(),
  settings: generationSettingsSchema.default({}),
  maskPrompts: z.record(maskKey, z.string().max(1000)).optional(),
  maskMaterialMappings: z.record(maskKey, maskMaterialMappingSchema).optional(),
  aiPromptMaterials: z.array(z.unknown()).max(200).optional(),
  contextSelection: z.record(z.string(), z.unknown()).nullish(),
  sliderSettings: z.record(z.string(), z.unknown()).nullish(),
});
export type GenerationRequest = z.input<typeof generationRequestSchema>;
export type GenerationRequestParsed = z.output<typeof generationRequestSchema>;

export const runpodJobSchema = z.object({
  imageId: z.number().int(),
  variationNumber: z.number().int(),
  status: imageStatusSchema,
});

export const generationResponseSchema = z.object({
  success: z.literal(true),
  batchId: z.number().int(),
  /** The engine's job id for the batch (`local-<batchId>` on the local engine). */
  runpodId: z.string(),
  runpodJobs: z.array(runpodJobSchema),
  remainingCredits: z.number().int(),
});
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

export const batchIdParamsSchema = z.object({ batchId: imageIdSchema });

/** One image of a batch as the status call and the history list show it. */
export const batchImageSchema = z.object({
  id: z.number().int(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  variationNumber: z.number().int(),
  status: imageStatusSchema,
});
export type BatchImage = z.infer<typeof batchImageSchema>;

/** GET /runpod/status/{batchId} */
export const batchStatusResponseSchema = z.object({
  batchId: z.number().int(),
  status: batchStatusSchema,
  prompt: z.string().nullable(),
  inputImageId: z.number().int().nullable(),
  totalVariations: z.number().int(),
  images: z.array(batchImageSchema),
});
export type BatchStatusResponse = z.infer<typeof batchStatusResponseSchema>;

/** Batch (spec §3) in the history list. */
export const batchSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  status: batchStatusSchema,
  runpodId: z.string().nullable(),
  prompt: z.string().nullable(),
  createdAt: z.string(),
  inputImageId: z.number().int().nullable(),
  totalVariations: z.number().int(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  previewImage: batchImageSchema.nullable(),
  images: z.array(batchImageSchema),
});
export type Batch = z.infer<typeof batchSchema>;

/** GET /runpod/history?page&limit (default 1 and 10) */
export const historyQuerySchema = pageQuerySchema(GENERATION_PAGE_SIZES.history);
export const historyResponseSchema = z.object({ batches: z.array(batchSchema), pagination: paginationSchema });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** GET /runpod/variations?page&limit (default 1 and 50): the caller's CREATE images, newest first. */
export const variationsQuerySchema = pageQuerySchema(GENERATION_PAGE_SIZES.variations);
export const variationsResponseSchema = z.object({ variations: z.array(generatedImageSchema), pagination: paginationSchema });
export type VariationsResponse = z.infer<typeof variationsResponseSchema>;

/** POST /runpod/create-from-batch: the same input, prompt and settings, new seeds. */
export const createFromBatchRequestSchema = z.object({
  batchId: imageIdSchema,
  variations: variationsSchema.default(GENERATION_LIMITS.variations.default),
  settings: z
    .object({
      stepsKsampler1: z.coerce.number().int().min(1).max(150).default(ENGINE_DEFAULTS.stepsKsampler1),
      cfgKsampler1: z.coerce.number().min(1).max(30).default(ENGINE_DEFAULTS.cfgKsampler1),
      denoiseKsampler1: z.coerce.number().min(0).max(1).default(ENGINE_DEFAULTS.denoiseKsampler1),
    })
    .default({
      stepsKsampler1: ENGINE_DEFAULTS.stepsKsampler1,
      cfgKsampler1: ENGINE_DEFAULTS.cfgKsampler1,
      denoiseKsampler1: ENGINE_DEFAULTS.denoiseKsampler1,
    }),
});
export type CreateFromBatchRequest = z.input<typeof createFromBatchRequestSchema>;
export type CreateFromBatchRequestParsed = z.output<typeof createFromBatchRequestSchema>;

/**
 * POST /runpod/generate-with-state: the Create screen's current customization state (the shape
 * of the customization settings, spec §3) plus the input image and prompt.
 */
export const generateWithStateRequestSchema = z.object({
  inputImageId: imageIdSchema,
  prompt: z.string().max(4000).nullish(),
  /** Also accepted as `generatedPrompt`. */
  generatedPrompt: z.string().max(4000).nullish(),
  selectedStyle: z.enum(RENDER_MODES, { error: 'selectedStyle must be photorealistic or art' }).default('photorealistic'),
  renderType: renderTypeSchema().nullish(),
  variations: variationsSchema.default(GENERATION_LIMITS.variations.default),
  creativity: creativitySchema.default(GENERATION_LIMITS.creativity.default),
  expressivity: expressivitySchema.default(GENERATION_LIMITS.expressivity.default),
  resemblance: resemblanceSchema.default(GENERATION_LIMITS.resemblance.default),
  structureFidelity: structureFidelitySchema.optional(),
  selections: selectionsSchema.default({}),
  artStyle: z.string().max(64).nullish(),
  maskMaterialMappings: z.record(maskKey, maskMaterialMappingSchema).optional(),
  maskPrompts: z.record(maskKey, z.string().max(1000)).optional(),
  contextSelection: z.record(z.string(), z.unknown()).nullish(),
  aiMaterials: z.array(z.unknown()).max(200).optional(),
  existingBatchId: imageIdSchema.nullish(),
});
export type GenerateWithStateRequest = z.input<typeof generateWithStateRequestSchema>;
export type GenerateWithStateRequestParsed = z.output<typeof generateWithStateRequestSchema>;

/** POST /generation/create (legacy): a one-variation render of the newest input image. */
export const legacyCreateRequestSchema = z.object({ prompt: z.string().max(4000).nullish() });
export const legacyCreateResponseSchema = z.object({
  success: z.literal(true),
  batchId: z.number().int(),
  images: z.array(
    z.object({
      id: z.number().int(),
      /** Null when the image did not complete in time (follow it with the status call or the live messages). */
      originalUrl: z.string().nullable(),
      createdAt: z.string(),
      status: imageStatusSchema,
    }),
  ),
});
export type LegacyCreateResponse = z.infer<typeof legacyCreateResponseSchema>;

/** Customization settings (spec §3) as restored from a batch or a generated image. */
export const customizationSettingsSchema = z.object({
  selectedStyle: z.enum(RENDER_MODES),
  /** Always sent by the server (exterior for a render made before render types). */
  renderType: z.enum(RENDER_TYPES).optional(),
  variations: z.number().int(),
  creativity: z.number(),
  expressivity: z.number(),
  resemblance: z.number(),
  selections: z.record(z.string(), z.unknown()),
  maskMaterialMappings: z.record(z.string(), z.unknown()),
  contextSelection: z.record(z.string(), z.unknown()).nullable(),
  generatedPrompt: z.string().nullable(),
  aiMaterials: z.array(z.unknown()),
  inputImageId: z.number().int().nullable(),
  batchId: z.number().int(),
  /** Present for an image's settings: the image's own seed. */
  imageId: z.number().int().optional(),
  seed: z.number().nullable().optional(),
});
export type CustomizationSettings = z.infer<typeof customizationSettingsSchema>;

export const customizationIdParamsSchema = z.object({ id: imageIdSchema });
/** GET /customization/batch/{id}/settings and GET /customization/image/{id}/settings (id of a generated image). */
export const customizationSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: customizationSettingsSchema,
});
export type CustomizationSettingsResponse = z.infer<typeof customizationSettingsResponseSchema>;

/**
 * PUT /images/input-images/{id}/settings: the customization settings last used with an input
 * image. Saved before a render continues from one of its generated images, so the new input
 * image (create-input-from-generated) carries them, with the prompt, over.
 */
export const saveInputSettingsRequestSchema = z.object({
  selectedStyle: z.enum(RENDER_MODES, { error: 'selectedStyle must be photorealistic or art' }).optional(),
  renderType: renderTypeSchema().optional(),
  variations: variationsSchema.optional(),
  creativity: creativitySchema.optional(),
  expressivity: expressivitySchema.optional(),
  resemblance: resemblanceSchema.optional(),
  selections: selectionsSchema.optional(),
  maskMaterialMappings: z.record(maskKey, maskMaterialMappingSchema).optional(),
  contextSelection: z.record(z.string(), z.unknown()).nullish(),
  generatedPrompt: z.string().max(4000).nullish(),
  aiMaterials: z.array(z.unknown()).max(200).optional(),
});
export type SaveInputSettingsRequest = z.input<typeof saveInputSettingsRequestSchema>;

// ---- what a preview render changed (issue 30 part 7) ----

/** Most notes a render keeps, and their longest text (they travel in a live message too: < 8000 bytes). */
export const PREVIEW_NOTES_LIMITS = { count: 12, length: 160 } as const;
export const previewNotesSchema = z.array(z.string().max(PREVIEW_NOTES_LIMITS.length)).max(PREVIEW_NOTES_LIMITS.count);

/**
 * The preview engine's notes kept in a render's settingsSnapshot (`previewNotes`): what it changed,
 * in words ("Sky: replaced (grey sky → clear, late afternoon sun from the left)", "Exposure +0.3 EV").
 * Empty for renders of a GPU engine and for renders made before the notes existed.
 */
export function previewNotesOf(snapshot: Record<string, unknown> | null | undefined): string[] {
  const parsed = previewNotesSchema.safeParse(snapshot?.previewNotes);
  return parsed.success ? parsed.data : [];
}

/** The notes as stored: at most PREVIEW_NOTES_LIMITS.count, each cut to PREVIEW_NOTES_LIMITS.length. */
export function storablePreviewNotes(notes: readonly string[]): string[] {
  return notes.slice(0, PREVIEW_NOTES_LIMITS.count).map((n) => n.slice(0, PREVIEW_NOTES_LIMITS.length));
}
