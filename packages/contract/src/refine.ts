import { z } from 'zod';
import { imageIdSchema, imageStatusSchema } from './images.js';
import { REFINE_DEFAULT_SETTINGS, REFINE_LIMITS, type RefineResolution } from './refineLimits.js';

export * from './refineLimits.js';

// Refine and Upscale (spec image-modules §2 /refine and /upscale, §3 refine request, settings
// and operation, §5, §7 the /refine calls, §8 refine errors, §9 refine defaults). Server and web
// share these schemas, the limits and the output-size rule.
//
// The output size: the source image is fitted inside `resolution` (its aspect ratio kept), then
// multiplied by `scaleFactor`. A 1600 × 1200 source with the default 1969 × 1969 and 2× becomes
// 3938 × 2954. At most 64 megapixels: the default resolution at 4× (7876 × 7876, 62 MP) fits.
//
// The image refined is the caller's input image (imageType 'uploaded', the default) or one of
// the caller's generated images (imageType 'generated', as Create's "Upscale Image" sends it);
// the two kinds have separate ids, so GET calls take ?imageType=generated. `imageUrl` is
// accepted for compatibility and never fetched: the server reads its own stored file.

export const REFINE_IMAGE_TYPES = ['uploaded', 'generated'] as const;
export type RefineImageType = (typeof REFINE_IMAGE_TYPES)[number];

/** Spec §9: 1 credit per variation. */
export const REFINE_CREDITS_PER_VARIATION = 1;

export const REFINE_MESSAGES = {
  imageType: `imageType must be one of ${REFINE_IMAGE_TYPES.join(', ')}`,
  imageNotFound: 'Image not found',
  settingsNotFound: 'No refine settings are saved for this image',
  matchColor: 'matchColor must be true or false',
  imageRequired: 'Select an image to refine',
  // Spec §8 defaults shown by the web when the server gives no message.
  fetchOperationsFailed: 'Failed to fetch refine operations',
  generateFailed: 'Failed to generate refine',
  loadSettingsFailed: 'Failed to load refine settings',
  saveSettingsFailed: 'Failed to save refine settings',
  variationFailed: 'Refine failed',
} as const;

export const REFINE_ERROR_CODES = {
  outputTooLarge: 'OUTPUT_TOO_LARGE',
  settingsNotFound: 'NOT_FOUND',
} as const;

export interface RefineOutputSize {
  width: number;
  height: number;
  /** width × height */
  pixels: number;
}

/** The output of refining a `source` image with `resolution` and `scaleFactor` (see the top of this file). */
export function refineOutputSize(source: RefineResolution, resolution: RefineResolution, scaleFactor: number): RefineOutputSize {
  const sw = Math.max(1, source.width);
  const sh = Math.max(1, source.height);
  const k = Math.min(resolution.width / sw, resolution.height / sh);
  const baseW = Math.max(1, Math.round(sw * k));
  const baseH = Math.max(1, Math.round(sh * k));
  const width = Math.max(1, Math.round(baseW * scaleFactor));
  const height = Math.max(1, Math.round(baseH * scaleFactor));
  return { width, height, pixels: width * height };
}

/** "62.0 MP" */
export function formatMegapixels(pixels: number): string {
  return `${(pixels / 1_000_000).toFixed(1)} MP`;
}

/** The 400 message for an output above 64 megapixels, or null when the size is allowed. */
export function refineOutputTooLargeMessage(size: RefineOutputSize): string | null {
  if (size.pixels <= REFINE_LIMITS.maxOutputPixels) return null;
  return (
    `resolution × scaleFactor would give ${size.width} × ${size.height} px (${formatMegapixels(size.pixels)}); ` +
    `the output may have at most ${REFINE_LIMITS.maxOutputPixels / 1_000_000} megapixels. Lower the resolution or the scale factor.`
  );
}

// ---- fields ----

const between = (name: string, lim: { min: number; max: number }) => `${name} must be between ${lim.min} and ${lim.max}`;

const numberIn = (name: string, lim: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, `${name} must be a number`)
    .pipe(z.number().min(lim.min, between(name, lim)).max(lim.max, between(name, lim)));

const integerIn = (name: string, lim: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .pipe(z.number().int(`${name} must be a whole number`).min(lim.min, between(name, lim)).max(lim.max, between(name, lim)));

export const refineImageTypeSchema = z.enum(REFINE_IMAGE_TYPES, { error: REFINE_MESSAGES.imageType });

/** { width, height }; "1969x1969" is read as the same. */
export const refineResolutionSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const m = /^\s*(\d+)\s*[x×*]\s*(\d+)\s*$/i.exec(v);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : v;
  },
  z.object(
    {
      width: integerIn('resolution.width', REFINE_LIMITS.resolutionSide),
      height: integerIn('resolution.height', REFINE_LIMITS.resolutionSide),
    },
    { error: 'resolution must be { width, height } in pixels' },
  ),
);

export const refineScaleFactorSchema = numberIn('scaleFactor', REFINE_LIMITS.scaleFactor);
export const refineAiStrengthSchema = integerIn('aiStrength', REFINE_LIMITS.aiStrength);
export const refineResemblanceSchema = integerIn('resemblance', REFINE_LIMITS.resemblance);
export const refineClaritySchema = integerIn('clarity', REFINE_LIMITS.clarity);
export const refineSharpnessSchema = integerIn('sharpness', REFINE_LIMITS.sharpness);
export const refineMatchColorSchema = z.boolean({ error: REFINE_MESSAGES.matchColor });
export const refineVariationsSchema = integerIn('variations', REFINE_LIMITS.variations);

/** Refine settings (spec §3). */
export const refineSettingsSchema = z.object({
  resolution: refineResolutionSchema,
  scaleFactor: refineScaleFactorSchema,
  aiStrength: refineAiStrengthSchema,
  resemblance: refineResemblanceSchema,
  clarity: refineClaritySchema,
  sharpness: refineSharpnessSchema,
  matchColor: refineMatchColorSchema,
});
export type RefineSettings = z.infer<typeof refineSettingsSchema>;

// Typed as the schema's settings: the zod-free defaults (refineLimits.ts) must fit them.
const D: RefineSettings = REFINE_DEFAULT_SETTINGS;

// ---- calls (spec §7) ----

/** POST /refine/generate (spec §3 refine request). Missing settings take the §9 defaults. */
export const refineGenerateRequestSchema = z.object({
  imageId: imageIdSchema,
  imageType: refineImageTypeSchema.default('uploaded'),
  /** Accepted for compatibility; never fetched. */
  imageUrl: z.string().max(8192).nullish(),
  resolution: refineResolutionSchema.default({ ...D.resolution }),
  scaleFactor: refineScaleFactorSchema.default(D.scaleFactor),
  aiStrength: refineAiStrengthSchema.default(D.aiStrength),
  resemblance: refineResemblanceSchema.default(D.resemblance),
  clarity: refineClaritySchema.default(D.clarity),
  sharpness: refineSharpnessSchema.default(D.sharpness),
  matchColor: refineMatchColorSchema.default(D.matchColor),
  variations: refineVariationsSchema.default(REFINE_LIMITS.variations.default),
});
export type RefineGenerateRequest = z.input<typeof refineGenerateRequestSchema>;
export type RefineGenerateRequestParsed = z.output<typeof refineGenerateRequestSchema>;

/** One result of refining an image (spec §3 refine operation), newest first in the lists. */
export const refineOperationSchema = z.object({
  id: z.number().int(),
  status: imageStatusSchema,
  runpodStatus: z.string(),
  /** The refined image (signed, expiring); null until COMPLETED. */
  resultImageUrl: z.string().nullable(),
  processedImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  batchId: z.number().int(),
  variationNumber: z.number().int(),
  /** upscale (scale factor above 1) or refine. */
  operationType: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The settings this result was made with. */
  settings: refineSettingsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefineOperation = z.infer<typeof refineOperationSchema>;

export const refineGenerateResponseSchema = z.object({
  success: z.literal(true),
  batchId: z.number().int(),
  runpodId: z.string(),
  /** The new PROCESSING results, one per variation. */
  operations: z.array(refineOperationSchema),
  /** The size every result will have. */
  output: z.object({ width: z.number().int(), height: z.number().int() }),
  remainingCredits: z.number().int(),
});
export type RefineGenerateResponse = z.infer<typeof refineGenerateResponseSchema>;

export const refineImageParamsSchema = z.object({ imageId: imageIdSchema });
export const refineImageQuerySchema = z.object({ imageType: refineImageTypeSchema.default('uploaded') });

/** GET /refine/operations/{imageId}?imageType&limit: the image's refine results, newest first (first 50). */
export const refineOperationsQuerySchema = refineImageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(REFINE_LIMITS.operationsPage),
});
/** The image being refined, as the refine screen shows it (the "before" of the comparison). */
export const refineSourceSchema = z.object({
  imageId: z.number().int(),
  imageType: refineImageTypeSchema,
  name: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The prompt the image was rendered with (or the input's saved prompt), shown in the prompt modal. */
  prompt: z.string().nullable(),
});
export type RefineSource = z.infer<typeof refineSourceSchema>;

export const refineOperationsResponseSchema = z.object({
  imageId: z.number().int(),
  imageType: refineImageTypeSchema,
  /** Null while a generated image is still being made. */
  source: refineSourceSchema.nullable(),
  operations: z.array(refineOperationSchema),
});
export type RefineOperationsResponse = z.infer<typeof refineOperationsResponseSchema>;

/** GET /refine/settings/{imageId}?imageType (404 when none are saved: the web uses the defaults). */
export const refineSettingsResponseSchema = z.object({
  imageId: z.number().int(),
  imageType: refineImageTypeSchema,
  settings: refineSettingsSchema,
  updatedAt: z.string(),
});
export type RefineSettingsResponse = z.infer<typeof refineSettingsResponseSchema>;

/** POST /refine/settings: imageId plus settings fields; fields left out keep their saved (or default) value. */
export const saveRefineSettingsRequestSchema = refineSettingsSchema.partial().extend({
  imageId: imageIdSchema,
  imageType: refineImageTypeSchema.default('uploaded'),
});
export type SaveRefineSettingsRequest = z.input<typeof saveRefineSettingsRequestSchema>;
export type SaveRefineSettingsRequestParsed = z.output<typeof saveRefineSettingsRequestSchema>;
