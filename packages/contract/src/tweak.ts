import { z } from 'zod';
import { imageIdSchema, inputImageSchema } from './images.js';
import { TWEAK_LIMITS } from './tweakLimits.js';

export * from './tweakLimits.js';

// Tweak: inpaint and outpaint on a drawing canvas (spec image-modules §2 /edit, §3 inpaint and
// outpaint requests, tweak canvas and pipeline state, §4 tweak pipeline and undo history, §5 tweak
// rules, §7 the /tweak calls, §8 tweak errors, §9 tweak constants). Server and web share these
// schemas, limits and texts.
//
// Images. A tweak starts from one of the caller's images: an input image or a generated image
// (a Create render, or an earlier tweak result). The two kinds have separate ids, so requests may
// say which kind an id is (`selectedBaseImageType`, `originalBaseImageType`: 'input' or
// 'generated'); left out, the kind is read from `baseImageUrl` (a file URL this server signed),
// else a generated image with that id is assumed when the caller has one. URLs are never fetched:
// the server reads its own stored files.
//
// Results are generated images of module TWEAK, operation 'outpaint', 'inpaint' or 'add_image'.
// Their `baseImageId` is the original base of the editing session (the input or generated image
// the user started from, also when the work was done on one of its tweak results), so
// GET /api/images/tweak-history/{baseImageId} lists every step of a session together; their
// settingsSnapshot.baseImageType says which kind that base is.
//
// Credits: one credit per variation (spec §5 "tweak: 1"; a 2-variation inpaint costs 2), debited
// with the batch and refunded once for each variation that fails.

export const TWEAK_IMAGE_KINDS = ['input', 'generated'] as const;
export type TweakImageKind = (typeof TWEAK_IMAGE_KINDS)[number];

export const TWEAK_OPERATION_TYPES = ['outpaint', 'inpaint', 'add_image'] as const;
export type TweakOperationType = (typeof TWEAK_OPERATION_TYPES)[number];

/** Spec §4 tweak pipeline phases (null: idle). */
export const TWEAK_PIPELINE_PHASES = ['OUTPAINT_STARTED', 'INPAINT_STARTING', 'INPAINT_STARTED'] as const;
export type TweakPipelinePhase = (typeof TWEAK_PIPELINE_PHASES)[number];

/** The Generate button's label by pipeline phase (spec §2). */
export const TWEAK_PHASE_LABELS: Record<TweakPipelinePhase | 'IDLE', string> = {
  OUTPAINT_STARTED: 'Phase 1: Outpaint...',
  INPAINT_STARTING: 'Starting Phase 2...',
  INPAINT_STARTED: 'Phase 2: Inpaint...',
  IDLE: 'Generate',
};

export const TWEAK_TOOLS = ['select', 'move', 'rectangle', 'brush', 'pencil', 'cut', 'addImage'] as const;
export type TweakTool = (typeof TWEAK_TOOLS)[number];

/** Spec §5: tweak costs 1 credit, charged per variation. */
export const TWEAK_CREDITS_PER_VARIATION = 1;

/** Spec §9: the default negative prompt of an inpaint (the spec does not show its text). */
export const DEFAULT_TWEAK_NEGATIVE_PROMPT =
  'lowres, low quality, worst quality, blurry, out of focus, jpeg artifacts, compression artifacts, noise, grain, ' +
  'pixelated, watermark, signature, text, logo, caption, frame, border, cropped, out of frame, duplicate, ' +
  'distorted perspective, warped lines, bent verticals, asymmetrical windows, deformed architecture, floating objects, ' +
  'disconnected structure, melted, smudged, oversaturated, overexposed, underexposed, harsh shadows, cartoon, anime, ' +
  'illustration, painting, sketch, 3d render artifacts, plastic look, people, person, crowd, cars in foreground, ' +
  'visible seams, mismatched lighting, mismatched perspective, inconsistent scale';

export const TWEAK_MESSAGES = {
  variations: `variations must be ${TWEAK_LIMITS.variations.min} or ${TWEAK_LIMITS.variations.max}`,
  imageKind: `must be one of ${TWEAK_IMAGE_KINDS.join(', ')}`,
  promptRequired: 'prompt is required',
  promptTooLong: `prompt must be at most ${TWEAK_LIMITS.promptMaxLength} characters`,
  regenerateHint: 'Enter a prompt to enable regeneration',
  noSelection: 'No Selection',
  noCurrentImage: 'No current image URL available',
  noBaseImage: 'No valid base image ID found. Please select an image before attempting to generate inpaint/outpaint',
  noDrawnObjects: 'Draw the area to change first: a rectangle, a brush stroke or a pencil region.',
  imageNotFound: 'Image not found',
  maskNotFound: 'Mask not found',
  maskUrl: 'maskImageUrl must be the url of a mask uploaded with POST /api/tweak/upload/mask',
  maskEmpty: 'maskImageUrl: the mask is empty; paint the area to change in white',
  maskProportions: "maskImageUrl: the mask must have the base image's proportions",
  boundsContain: 'canvasBounds must contain originalImageBounds',
  boundsNotExpanded: 'canvasBounds must extend beyond originalImageBounds to outpaint',
  overlayOutside: 'position: the placed image lies entirely outside the base image',
  inputCreated: 'Input image created from the tweak result',
  maskUploaded: 'Mask uploaded',
  promptSaved: 'Tweak prompt saved',
  outpaintStarted: 'Outpaint started',
  inpaintStarted: 'Inpaint started',
  addImageStarted: 'Add image started',
  // Spec §8 defaults shown by the web when the server gives no message.
  fetchHistoryFailed: 'Failed to fetch tweak history',
  fetchTweakImagesFailed: 'Failed to fetch all tweak images',
  fetchCreateImagesFailed: 'Failed to fetch all create images',
  outpaintFailed: 'Failed to generate outpaint',
  inpaintFailed: 'Failed to generate inpaint',
  addImageFailed: 'Failed to add image',
  createInputFailed: 'Failed to create input from tweak result',
  savePromptFailed: 'Failed to save tweak prompt',
  maskUploadFailed: 'Failed to upload mask image',
  variationFailed: 'Tweak failed',
} as const;

export const TWEAK_ERROR_CODES = {
  canvasTooLarge: 'CANVAS_TOO_LARGE',
  maskEmpty: 'MASK_EMPTY',
  invalidMask: 'INVALID_MASK',
  notExpanded: 'BOUNDS_NOT_EXPANDED',
} as const;

/** The alert after a failed pipeline step (spec §8): "Failed to generate inpaint: {message}". */
export function tweakFailureAlert(operation: 'inpaint' | 'outpaint', message: string): string {
  return `${operation === 'inpaint' ? TWEAK_MESSAGES.inpaintFailed : TWEAK_MESSAGES.outpaintFailed}: ${message}`;
}

// ---- fields ----

const finite = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .refine(Number.isFinite, `${name} must be a number`)
    .refine((v) => Math.abs(v) <= TWEAK_LIMITS.maxCoordinate, `${name} is out of range`);
const positive = (name: string) => finite(name).refine((v) => v > 0, `${name} must be greater than 0`);

/** x, y, width, height in canvas units (spec §3 canvasBounds and originalImageBounds). */
export function boundsSchema(name: string) {
  return z.object(
    {
      x: finite(`${name}.x`),
      y: finite(`${name}.y`),
      width: positive(`${name}.width`),
      height: positive(`${name}.height`),
    },
    { error: `${name} must be { x, y, width, height }` },
  );
}
export interface TweakBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const tweakVariationsSchema = z.coerce
  .number({ error: TWEAK_MESSAGES.variations })
  .int(TWEAK_MESSAGES.variations)
  .min(TWEAK_LIMITS.variations.min, TWEAK_MESSAGES.variations)
  .max(TWEAK_LIMITS.variations.max, TWEAK_MESSAGES.variations);

const imageKind = (name: string) => z.enum(TWEAK_IMAGE_KINDS, { error: `${name} ${TWEAK_MESSAGES.imageKind}` });
export const tweakImageKindSchema = imageKind('imageType');

const promptText = z.string({ error: 'prompt must be text' }).max(TWEAK_LIMITS.promptMaxLength, TWEAK_MESSAGES.promptTooLong);
const requiredPrompt = promptText.refine((s) => s.trim().length > 0, TWEAK_MESSAGES.promptRequired);
const urlText = (name: string) => z.string({ error: `${name} must be text` }).trim().min(1, `${name} is required`).max(8192, `${name} is too long`);
const baseId = (name: string) => z.coerce.number({ error: `${name} must be an image id` }).int(`${name} must be an image id`).min(1, `${name} must be an image id`).max(2_147_483_647, `${name} must be an image id`);

/** The base image fields shared by outpaint and inpaint (spec §3). */
const baseFields = {
  /** The url of the image being edited (a file URL this server signed); never fetched, used to tell the kind of the ids. */
  baseImageUrl: urlText('baseImageUrl'),
  /** The image the session started from (an input or generated image). */
  originalBaseImageId: baseId('originalBaseImageId'),
  /** The image whose pixels are edited: the original, or one of its tweak results. */
  selectedBaseImageId: baseId('selectedBaseImageId'),
  originalBaseImageType: imageKind('originalBaseImageType').optional(),
  selectedBaseImageType: imageKind('selectedBaseImageType').optional(),
  variations: tweakVariationsSchema.default(TWEAK_LIMITS.variations.default),
};

// ---- calls (spec §7) ----

/** POST /tweak/outpaint (spec §3 outpaint request). `prompt` is optional and guides the new area. */
export const outpaintRequestSchema = z.object({
  ...baseFields,
  canvasBounds: boundsSchema('canvasBounds'),
  originalImageBounds: boundsSchema('originalImageBounds'),
  prompt: promptText.optional(),
});
export type OutpaintRequest = z.input<typeof outpaintRequestSchema>;
export type OutpaintRequestParsed = z.output<typeof outpaintRequestSchema>;

/** POST /tweak/inpaint (spec §3 inpaint request). The mask is white where the image changes. */
export const inpaintRequestSchema = z.object({
  ...baseFields,
  /** The url POST /tweak/upload/mask answered (the caller's own mask; never fetched). */
  maskImageUrl: urlText('maskImageUrl'),
  prompt: requiredPrompt,
  /** Default: DEFAULT_TWEAK_NEGATIVE_PROMPT. */
  negativePrompt: z.string({ error: 'negativePrompt must be text' }).max(4000, 'negativePrompt must be at most 4000 characters').optional(),
  maskKeyword: z.string({ error: 'maskKeyword must be text' }).max(200, 'maskKeyword must be at most 200 characters').optional(),
});
export type InpaintRequest = z.input<typeof inpaintRequestSchema>;
export type InpaintRequestParsed = z.output<typeof inpaintRequestSchema>;

/** One PROCESSING result of a tweak request. */
export const tweakStartedImageSchema = z.object({
  imageId: z.number().int(),
  variationNumber: z.number().int(),
  status: z.literal('PROCESSING'),
  runpodStatus: z.string(),
});

/** The answer of outpaint, inpaint and add-image: the new batch, its images and the balance (spec §4: data.remainingCredits). */
export const tweakOperationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    batchId: z.number().int(),
    runpodId: z.string(),
    operationType: z.enum(TWEAK_OPERATION_TYPES),
    /** The image ids, in variation order. */
    imageIds: z.array(z.number().int()),
    images: z.array(tweakStartedImageSchema),
    /** The original base the results are listed under (GET /images/tweak-history/{id}). */
    baseImageId: z.number().int(),
    baseImageType: tweakImageKindSchema,
    /** The size every result will have, in pixels. */
    output: z.object({ width: z.number().int(), height: z.number().int() }),
    remainingCredits: z.number().int(),
  }),
});
export type TweakOperationResponse = z.infer<typeof tweakOperationResponseSchema>;

/**
 * POST /tweak/add-image: multipart/form-data with `baseImageId`, `image` (JPEG, PNG or WEBP, the
 * upload limits), `position` ({"x","y"} JSON) and `size` ({"width","height"} JSON), both in the
 * base image's pixels (top-left corner); optional `baseImageType` and `prompt`. One credit.
 */
export const ADD_IMAGE_FIELDS = {
  baseImageId: 'baseImageId',
  baseImageType: 'baseImageType',
  image: 'image',
  position: 'position',
  size: 'size',
  rotation: 'rotation',
  prompt: 'prompt',
} as const;
export const addImagePositionSchema = z.object(
  { x: finite('position.x'), y: finite('position.y') },
  { error: 'position must be JSON { "x": number, "y": number }' },
);
export const addImageSizeSchema = z.object(
  {
    width: positive('size.width').refine((v) => v <= 16384, 'size.width must be at most 16384'),
    height: positive('size.height').refine((v) => v <= 16384, 'size.height must be at most 16384'),
  },
  { error: 'size must be JSON { "width": number, "height": number }' },
);
export const addImageFieldsSchema = z.object({
  baseImageId: baseId('baseImageId'),
  baseImageType: imageKind('baseImageType').optional(),
  position: addImagePositionSchema,
  size: addImageSizeSchema,
  /** Degrees clockwise about the box's centre; a number as text in the multipart form. */
  rotation: z.coerce
    .number({ error: 'rotation must be a number of degrees' })
    .refine(Number.isFinite, 'rotation must be a number of degrees')
    .refine((v) => Math.abs(v) <= 360, 'rotation must be between -360 and 360 degrees')
    .default(0),
  prompt: promptText.optional(),
});
export type AddImageFields = z.output<typeof addImageFieldsSchema>;

/** POST /tweak/upload/mask: multipart `file` (mask.png; white = change). The url is a signed URL of the caller's stored mask. */
export const UPLOAD_MASK_FIELDS = { file: 'file' } as const;
export const uploadMaskResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadMaskResponse = z.infer<typeof uploadMaskResponseSchema>;

/** What the Tweak screen keeps with an input made from a tweak result. */
export const tweakSettingsSchema = z.looseObject({
  prompt: promptText.optional(),
  variations: tweakVariationsSchema.optional(),
  operationType: z.string().max(40).optional(),
  maskKeyword: z.string().max(200).optional(),
  negativePrompt: z.string().max(4000).optional(),
});

/** POST /tweak/create-input-from-generated (spec §7). */
export const createInputFromTweakRequestSchema = z.object({
  /** A generated image id, or a file URL of it this server signed. */
  generatedImageUrl: z.union([z.number().int().min(1).max(2_147_483_647), urlText('generatedImageUrl')]),
  /** Accepted for compatibility; the server makes its own thumbnail. */
  generatedThumbnailUrl: z.string().max(8192).nullish(),
  originalInputImageId: z.coerce.number().int().min(1).max(2_147_483_647).nullish(),
  fileName: z.string().trim().max(255, 'fileName must be at most 255 characters').optional(),
  tweakSettings: tweakSettingsSchema.nullish(),
  uploadSource: z.literal('TWEAK_MODULE', { error: 'uploadSource must be TWEAK_MODULE' }).default('TWEAK_MODULE'),
});
export type CreateInputFromTweakRequest = z.input<typeof createInputFromTweakRequestSchema>;
export const createInputFromTweakResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: inputImageSchema,
});
export type CreateInputFromTweakResponse = z.infer<typeof createInputFromTweakResponseSchema>;

/**
 * Saving the tweak prompt (spec §7 "path not shown"): POST /tweak/prompt { inputImageId, prompt,
 * imageType? }. `inputImageId` is the id of the image the prompt belongs to (an input image, or a
 * generated image with imageType 'generated'). Read back with GET /tweak/prompt/{imageId}?imageType:
 * the saved prompt, else (for a tweak result) the prompt it was made with, else ''.
 */
export const saveTweakPromptRequestSchema = z.object({
  inputImageId: baseId('inputImageId'),
  imageType: imageKind('imageType').optional(),
  prompt: promptText,
});
export type SaveTweakPromptRequest = z.input<typeof saveTweakPromptRequestSchema>;
export const tweakPromptParamsSchema = z.object({ imageId: imageIdSchema });
export const tweakPromptQuerySchema = z.object({ imageType: imageKind('imageType').optional() });
export const tweakPromptResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({
    imageId: z.number().int(),
    imageType: tweakImageKindSchema,
    prompt: z.string(),
    /** Where the prompt came from: saved for this image, the prompt the tweak result was made with, or none. */
    source: z.enum(['saved', 'result', 'none']),
    updatedAt: z.string().nullable(),
  }),
});
export type TweakPromptResponse = z.infer<typeof tweakPromptResponseSchema>;

/** What a tweak variation keeps in its settingsSnapshot (spec §3 settingsSnapshot, plus what the job needs). */
export interface TweakSnapshot {
  moduleType: 'TWEAK';
  operationType: TweakOperationType;
  variations: number;
  prompt: string;
  negativePrompt?: string;
  maskKeyword?: string;
  seed: number;
  /** The image whose pixels were edited. */
  source: { type: TweakImageKind; id: number };
  /** The original base of the session (the results' baseImageId). */
  baseImageType: TweakImageKind;
  originalBaseImageId: number;
  output: { width: number; height: number };
  canvasBounds?: TweakBounds;
  originalImageBounds?: TweakBounds;
  /** Inpaint: the mask as the client referred to it (regeneration sends it again) and its stored key. */
  maskImageUrl?: string;
  maskKey?: string;
  /** Add image: the stored picture and where it goes, in base image pixels, turned by rotation degrees. */
  overlayKey?: string;
  position?: { x: number; y: number };
  size?: { width: number; height: number };
  rotation?: number;
}
