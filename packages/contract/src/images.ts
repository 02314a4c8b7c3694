import { z } from 'zod';
import { IMAGE_PAGE_SIZES } from './imageLimits.js';

export * from './imageLimits.js';

// Image modules (spec image-modules §3, §7, §9): input images, generated images and the calls
// that list, upload, copy, delete and download them. Server and web share these schemas.

export const UPLOAD_SOURCES = ['CREATE_MODULE', 'TWEAK_MODULE', 'REFINE_MODULE'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];
export const MODULE_TYPES = ['CREATE', 'TWEAK', 'REFINE'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
export const IMAGE_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/** Texts both sides show (server messages; the web's defaults are the spec §8 catalogue). */
export const IMAGE_MESSAGES = {
  unsupportedType: 'Unsupported file type. Allowed types: JPEG, PNG, WEBP.',
  tooLarge: 'The file is too large. The maximum size is 25 MB.',
  tooManyPixels: 'The image is too large. The maximum is 50 megapixels.',
  corrupt: 'The image could not be read: the file is corrupt or truncated.',
  emptyFile: 'The uploaded file is empty.',
  noFile: 'No file uploaded: send the image in the "file" field.',
  uploadSource: `uploadSource must be one of ${UPLOAD_SOURCES.join(', ')}`,
  moduleType: `moduleType must be one of ${MODULE_TYPES.join(', ')}`,
  inputNotFound: 'Input image not found',
  generatedNotFound: 'Generated image not found',
  imageNotReady: 'The image is not ready yet.',
  // Spec §8 defaults shown by the web when the server gives no message.
  fetchInputImagesFailed: 'Failed to fetch input images',
  uploadFailed: 'Failed to upload image',
  fetchBySourceFailed: 'Failed to fetch input images by source',
  convertFailed: 'Failed to convert generated image',
  createInputFromGeneratedFailed: 'Failed to create InputImage from generated image',
  fetchInputAndCreateFailed: 'Failed to fetch input and create images',
  fetchAvailableImagesFailed: 'Failed to fetch available images',
  loadingImagesError: 'Error loading images',
} as const;

export const IMAGE_ERROR_CODES = {
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  corruptImage: 'CORRUPT_IMAGE',
  emptyFile: 'EMPTY_FILE',
  noFile: 'NO_FILE',
  notFound: 'NOT_FOUND',
  imageNotReady: 'IMAGE_NOT_READY',
  invalidSignature: 'INVALID_SIGNATURE',
  linkExpired: 'LINK_EXPIRED',
} as const;

/** An images error reply: `{message, code}`; validation errors also name the `field`. */
export const imageErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});

export const uploadSourceSchema = z.enum(UPLOAD_SOURCES, { error: IMAGE_MESSAGES.uploadSource });
export const moduleTypeSchema = z.enum(MODULE_TYPES, { error: IMAGE_MESSAGES.moduleType });
export const imageStatusSchema = z.enum(IMAGE_STATUSES);

/** Database ids are PostgreSQL integers: anything else is a validation error, never a 5xx. */
export const imageIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

// ---- pagination ----

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `?page&limit` with the given default page size; limit at most 100. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(IMAGE_PAGE_SIZES.max).default(defaultLimit),
  });
}

// ---- entities ----

export const imageDimensionsSchema = z.object({ width: z.number().int(), height: z.number().int() });

const jsonObject = z.record(z.string(), z.unknown());

/** Input image (spec §3). URLs are signed and expire (about an hour). */
export const inputImageSchema = z.object({
  id: z.number().int(),
  originalUrl: z.string(),
  processedUrl: z.string().nullable(),
  /** The processed (web-sized) image, else the original. */
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  fileName: z.string(),
  status: imageStatusSchema,
  /** True when a processed URL exists. */
  isProcessed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  uploadSource: uploadSourceSchema,
  dimensions: imageDimensionsSchema,
  aiMaterials: z.array(z.unknown()),
  aiPrompt: z.string().nullable(),
  generatedPrompt: z.string().nullable(),
  /** Set when this input was made from a generated image / copied from another input. */
  sourceGeneratedImageId: z.number().int().nullable(),
  sourceInputImageId: z.number().int().nullable(),
  /** The view set a pushed view belongs to (issue 31), when it names one. */
  viewSet: z.string().nullish(),
});
export type InputImage = z.infer<typeof inputImageSchema>;

/** Generated image or variation (spec §3). URLs are null until the image is COMPLETED. */
export const generatedImageSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable(),
  processedImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  batchId: z.number().int(),
  variationNumber: z.number().int(),
  status: imageStatusSchema,
  runpodStatus: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  moduleType: moduleTypeSchema,
  operationType: z.string().nullable(),
  maskMaterialMappings: jsonObject.nullable(),
  aiPrompt: z.string().nullable(),
  aiMaterials: z.array(z.unknown()),
  settingsSnapshot: jsonObject.nullable(),
  contextSelection: jsonObject.nullable(),
  prompt: z.string().nullable(),
  settings: jsonObject.nullable(),
  inputImageId: z.number().int().nullable(),
  baseImageId: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

// ---- calls (spec §7) ----

/** GET /images/input-images?page&limit (default 1 and 50) */
export const inputImagesQuerySchema = pageQuerySchema(IMAGE_PAGE_SIZES.inputImages);
export const inputImagesResponseSchema = z.object({
  inputImages: z.array(inputImageSchema),
  pagination: paginationSchema,
});
export type InputImagesResponse = z.infer<typeof inputImagesResponseSchema>;

/** GET /images/input-images-by-source/{uploadSource}?page&limit (default 1 and 50) */
export const inputImagesBySourceParamsSchema = z.object({ uploadSource: uploadSourceSchema });
export const inputImagesBySourceQuerySchema = pageQuerySchema(IMAGE_PAGE_SIZES.inputImagesBySource);
export const inputImagesBySourceResponseSchema = inputImagesResponseSchema;

/**
 * POST /images/upload-input: multipart/form-data with `file` (JPEG, PNG or WEBP, at most 25 MB
 * and 50 megapixels) and `uploadSource` (default CREATE_MODULE). Answers the input image.
 * Optionally `idPass` (a PNG of the same view, every material a flat colour) and `materials`
 * (JSON: colour → name, masks.ts idPassMaterialsSchema): the image then has its regions at once.
 */
export const UPLOAD_INPUT_FIELDS = { file: 'file', uploadSource: 'uploadSource', idPass: 'idPass', materials: 'materials' } as const;
export const uploadInputResponseSchema = inputImageSchema;

const fileNameSchema = z
  .string()
  .trim()
  .max(255, 'fileName must be at most 255 characters')
  .optional();

/**
 * A reference to one of the caller's images: a generated image id, or a file URL this server
 * signed for the caller (`/api/files/...`, relative or absolute). The server never fetches it.
 */
const imageReferenceSchema = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z.string().trim().min(1, 'url is required').max(4096),
]);

/** POST /images/convert-generated-to-input */
export const convertGeneratedToInputRequestSchema = z.object({
  url: imageReferenceSchema,
  fileName: fileNameSchema,
  uploadSource: uploadSourceSchema.default('CREATE_MODULE'),
});
export type ConvertGeneratedToInputRequest = z.input<typeof convertGeneratedToInputRequestSchema>;
export const convertGeneratedToInputResponseSchema = inputImageSchema;

/** POST /images/create-input-from-generated: a new input image; the masks are copied. */
export const createInputFromGeneratedRequestSchema = z.object({
  generatedImageUrl: imageReferenceSchema,
  /** Accepted for compatibility; the server makes its own thumbnail. */
  generatedThumbnailUrl: z.string().max(4096).nullish(),
  originalInputImageId: z.coerce.number().int().min(1).max(2_147_483_647).nullish(),
  fileName: fileNameSchema,
  uploadSource: uploadSourceSchema.default('CREATE_MODULE'),
});
export type CreateInputFromGeneratedRequest = z.input<typeof createInputFromGeneratedRequestSchema>;
export const createInputFromGeneratedResponseSchema = inputImageSchema;

/** GET /images/input-and-create?page&limit&uploadSource: the caller's inputs and completed CREATE images. */
export const inputAndCreateQuerySchema = pageQuerySchema(IMAGE_PAGE_SIZES.inputImages).extend({
  uploadSource: uploadSourceSchema.optional(),
});
export const inputAndCreateResponseSchema = z.object({
  inputImages: z.array(inputImageSchema),
  createImages: z.array(generatedImageSchema),
  pagination: z.object({ inputImages: paginationSchema, createImages: paginationSchema }),
});
export type InputAndCreateResponse = z.infer<typeof inputAndCreateResponseSchema>;

/** GET /images/all-user-images?moduleType&limit=100&page: the caller's completed generated images, newest first. */
export const allUserImagesQuerySchema = pageQuerySchema(IMAGE_PAGE_SIZES.allUserImages).extend({
  moduleType: moduleTypeSchema.optional(),
});
export const allUserImagesResponseSchema = z.object({
  images: z.array(generatedImageSchema),
  pagination: paginationSchema,
});
export type AllUserImagesResponse = z.infer<typeof allUserImagesResponseSchema>;

/**
 * GET /images/tweak-history/{baseImageId}?page&limit&baseImageType. Input and generated images
 * have separate ids: `baseImageType` (input or generated) reads the id as that kind only;
 * without it a generated image with the id is tried first.
 */
export const tweakHistoryParamsSchema = z.object({ baseImageId: imageIdSchema });
export const tweakHistoryQuerySchema = pageQuerySchema(IMAGE_PAGE_SIZES.tweakHistory).extend({
  baseImageType: z.enum(['input', 'generated'], { error: 'baseImageType must be one of input, generated' }).optional(),
});
export const tweakHistoryResponseSchema = z.object({
  variations: z.array(generatedImageSchema),
  /** The image asked for. */
  currentBaseImageId: z.number().int(),
  /** The original base image the history is grouped by (the same id unless the asked one is itself a tweak result). */
  baseImageId: z.number().int(),
  pagination: paginationSchema,
});
export type TweakHistoryResponse = z.infer<typeof tweakHistoryResponseSchema>;

/** GET and DELETE /images/input-images/{id} */
export const inputImageIdParamsSchema = z.object({ id: imageIdSchema });
/** GET /images/generated-images/{id}: one of the caller's generated images (any module), 404 when not theirs. */
export const generatedImageIdParamsSchema = z.object({ id: imageIdSchema });
export const deleteInputImageResponseSchema = z.object({ success: z.literal(true), id: z.number().int() });

/** GET /images/download/{kind}/{id}?name=atelier: a JPEG attachment (image_{id}.jpg, or atelier-<timestamp>.jpg). */
export const DOWNLOAD_KINDS = ['input', 'generated'] as const;
export const downloadParamsSchema = z.object({
  kind: z.enum(DOWNLOAD_KINDS, { error: `kind must be one of ${DOWNLOAD_KINDS.join(', ')}` }),
  id: imageIdSchema,
});
export const downloadQuerySchema = z.object({
  name: z.enum(['atelier'], { error: 'name must be atelier' }).optional(),
});
