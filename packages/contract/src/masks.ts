import { z } from 'zod';
import { customizationOptionSchema } from './customization.js';
import { imageErrorResponseSchema, imageIdSchema } from './images.js';
import { MASKS_FAILED_DEFAULT } from './live.js';
import { renderTypeSchema } from './render-types.js';

// Mask regions of an input image (spec image-modules §2 Generate Regions, §3 mask region,
// §4 mask status, §7 the /masks calls, §8 Masks errors). The engine splits the image into
// regions (a job on the masks queue); each region is a stored PNG (white = region) with a
// style: a material or customization option of the catalog, its subcategory and custom text.

export const MASK_STATUSES = ['none', 'processing', 'completed', 'failed'] as const;
export type MaskStatus = (typeof MASK_STATUSES)[number];

export const MASK_LIMITS = {
  /** A generated region under this confidence is shown as unsure. */
  unsureBelow: 0.6,
  /** Regions the engine makes at most. */
  maxRegions: 15,
  /** Regions an image can have after the user's edits (splits, new regions). */
  maxEditedRegions: 32,
  nameMaxLength: 100,
  /** An ID pass colour under this share of the image is folded into its neighbour. */
  idPassMinShare: 0.002,
  /** How far an ID pass's aspect ratio may be from the image's. */
  idPassAspectTolerance: 0.01,
  customTextMaxLength: 1000,
} as const;

/**
 * The colour of each region on the canvas and in the region list, by its position (largest
 * region first). Distinct hues that read on photographs and drawings alike.
 */
export const MASK_COLORS = [
  '#f97316', // orange
  '#3b82f6', // blue
  '#22c55e', // green
  '#e11d48', // rose
  '#a855f7', // purple
  '#eab308', // yellow
  '#06b6d4', // cyan
  '#ec4899', // pink
  '#84cc16', // lime
  '#6366f1', // indigo
  '#14b8a6', // teal
  '#f43f5e', // red
  '#8b5cf6', // violet
  '#0ea5e9', // sky
  '#d946ef', // fuchsia
] as const;

export function maskColor(position: number): string {
  return MASK_COLORS[((position % MASK_COLORS.length) + MASK_COLORS.length) % MASK_COLORS.length];
}

/** Texts both sides show: the server's messages and the spec §8 defaults the web shows. */
export const MASK_MESSAGES = {
  maskNotFound: 'Mask not found',
  planRequired: 'An active subscription is required to generate regions',
  generationStarted: 'Mask generation started',
  styleUpdated: 'Mask style updated',
  styleCleared: 'Mask style cleared',
  visibilityUpdated: 'Mask visibility updated',
  unknownMaterialOption: 'materialOptionId: no material of the catalog has this id',
  unknownCustomizationOption: 'customizationOptionId: no option of the catalog has this id',
  unknownSubCategory: 'subCategoryId: no material category of the catalog has this id',
  subCategoryMismatch: 'subCategoryId: the material belongs to another category',
  customTextTooLong: `customText must be at most ${MASK_LIMITS.customTextMaxLength} characters`,
  isVisibleRequired: 'isVisible must be true or false',
  // Spec §8 defaults shown by the web when the server gives no message.
  generateFailed: 'Failed to generate masks',
  fetchFailed: 'Failed to fetch masks',
  updateStyleFailed: 'Failed to update mask style',
  clearStyleFailed: 'Failed to clear mask style',
  visibilityFailed: 'Failed to update mask visibility',
  generationFailed: MASKS_FAILED_DEFAULT,
  noImageUrl: 'No image URL available for mask generation',
  // The ID pass of an upload (POST /images/upload-input idPass + materials).
  idPassNotPng: 'idPass must be a PNG image',
  idPassUnreadable: 'idPass could not be read: the PNG is corrupt or truncated',
  idPassAspect: 'idPass must have the same aspect ratio as the image (within 1%)',
  idPassFlat: 'idPass has no material colours: every pixel is the same colour or transparent',
  materialsInvalid: 'materials must be a JSON object mapping "#rrggbb" colours to names',
  materialsWithoutIdPass: 'materials is only read together with an idPass file',
  // Region edits (PUT /masks/{maskId}, merge, split, DELETE).
  maskFileNotPng: 'mask must be a PNG image',
  maskFileSize: 'mask must have the size of the region mask',
  maskFileEmpty: 'mask must have at least one white pixel',
  nameInvalid: `name must be text of 1 to ${MASK_LIMITS.nameMaxLength} characters`,
  editNothing: 'Send a mask file, a name or both',
  mergeIds: 'ids must list at least two region ids of one input image',
  splitPoints: 'points must be a line of at least two {x, y} points inside the image (0–1)',
  splitMissed: 'points: the line does not cut the region in two',
  tooManyRegions: 'An image can have at most 32 regions',
  regionUpdated: 'Region updated',
  regionsMerged: 'Regions merged',
  regionSplit: 'Region split',
  regionDeleted: 'Region deleted',
  regionCreated: 'Region created',
  editFailed: 'Failed to change the region',
  regionsFailed: 'Failed to generate regions. Please try generating regions again from the Edit Inspector.',
} as const;

export const MASK_ERROR_CODES = {
  notFound: 'NOT_FOUND',
  planRequired: 'PLAN_REQUIRED',
} as const;

export const maskErrorResponseSchema = imageErrorResponseSchema;

// ---- the region ----

/** A material category of the catalog (walls-brick, floors-wood, context-exterior, …). */
export const maskSubCategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  displayName: z.string(),
});
export type MaskSubCategory = z.infer<typeof maskSubCategorySchema>;

/** Spec §3 mask region: the stored PNG (a signed URL) and its style. */
export const maskRegionSchema = z.object({
  id: z.number().int(),
  inputImageId: z.number().int(),
  /** Signed, expiring URL of the PNG: white = region, the size of the input image. */
  maskUrl: z.string(),
  isVisible: z.boolean(),
  customText: z.string().nullable(),
  materialOption: customizationOptionSchema.nullable(),
  customizationOption: customizationOptionSchema.nullable(),
  subCategory: maskSubCategorySchema.nullable(),
  /** What the engine thinks it is: sky, facade, window, door, roof, vegetation, ground, water, people_vehicles, wall, floor, ceiling, or region (unsure: shown as "Region N"). */
  label: z.string(),
  /** How sure the engine was of the label (0–1); null where it cannot tell (older regions, ID passes, regions the user named). */
  confidence: z.number().nullable(),
  /** Fraction of the image, 0–1. */
  area: z.number(),
  /** Its colour on the canvas (#rrggbb, MASK_COLORS by position). */
  color: z.string(),
  /** The mean colour of its pixels (#rrggbb). */
  averageColor: z.string(),
  /** 0 = the largest region. */
  position: z.number().int(),
});
export type MaskRegion = z.infer<typeof maskRegionSchema>;

// ---- calls (spec §7) ----

export const maskInputParamsSchema = z.object({ inputImageId: imageIdSchema });
export const maskIdParamsSchema = z.object({ maskId: imageIdSchema });

const urlText = (name: string) => z.string({ error: `${name} must be text` }).max(8192, `${name} is too long`);

/**
 * POST /masks/generate. `imageUrl` and `callbackUrl` are accepted for compatibility; the server
 * segments its own stored copy of the input image and never fetches a URL a client sent, and
 * the result arrives as the live message masks_completed or masks_failed.
 */
export const generateMasksRequestSchema = z.object({
  inputImageId: z.coerce
    .number({ error: 'inputImageId must be an image id' })
    .int('inputImageId must be an image id')
    .min(1, 'inputImageId must be an image id')
    .max(2_147_483_647, 'inputImageId must be an image id'),
  imageUrl: urlText('imageUrl').nullish(),
  callbackUrl: urlText('callbackUrl').nullish(),
  /** What the image shows: interior names walls, floor and ceiling; exterior, aerial and elevation sky, façade, roof… (default exterior). */
  renderType: renderTypeSchema().nullish(),
});
export type GenerateMasksRequest = z.input<typeof generateMasksRequestSchema>;

export const generateMasksResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    inputImageId: z.number().int(),
    status: z.literal('processing'),
  }),
});
export type GenerateMasksResponse = z.infer<typeof generateMasksResponseSchema>;

/** GET /masks/{inputImageId}: the regions (largest first) and the mask status. */
export const getMasksResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    inputImageId: z.number().int(),
    maskStatus: z.enum(MASK_STATUSES),
    maskRegions: z.array(maskRegionSchema),
    /** Why the last generation failed (maskStatus failed). */
    error: z.string().nullable(),
  }),
});
export type GetMasksResponse = z.infer<typeof getMasksResponseSchema>;

const optionId = (name: string) =>
  z.union([z.string().trim().max(200, `${name} is too long`), z.number().int()], { error: `${name} must be an option id` }).transform((v) => {
    const s = String(v).trim();
    return s === '' ? null : s;
  });

/**
 * PUT /masks/{maskId}/style. Fields left out keep their value; null (or '') clears one. Option
 * ids are the catalog's (GET /customization/options): materialOptionId a walls, floors or
 * context material, customizationOptionId any option, subCategoryId a material category id
 * (walls-brick); a material's own category is taken when subCategoryId is left out.
 */
export const updateMaskStyleRequestSchema = z.object({
  materialOptionId: optionId('materialOptionId').nullish(),
  customizationOptionId: optionId('customizationOptionId').nullish(),
  customText: z.string({ error: 'customText must be text' }).max(MASK_LIMITS.customTextMaxLength, MASK_MESSAGES.customTextTooLong).nullish(),
  subCategoryId: optionId('subCategoryId').nullish(),
});
export type UpdateMaskStyleRequest = z.input<typeof updateMaskStyleRequestSchema>;

/** PUT /masks/{maskId}/visibility. */
export const updateMaskVisibilityRequestSchema = z.object({
  isVisible: z.boolean({ error: MASK_MESSAGES.isVisibleRequired }),
});
export type UpdateMaskVisibilityRequest = z.infer<typeof updateMaskVisibilityRequestSchema>;

/** The answer of the style and visibility calls: the region as it is now. */
export const maskRegionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: maskRegionSchema,
});
export type MaskRegionResponse = z.infer<typeof maskRegionResponseSchema>;

// ---- the save rules (spec §5), shared so both sides read a region's configuration alike ----

/** What the prompt modal holds for a region before it is saved. */
export interface MaskDraft {
  materialOptionId?: string | null;
  customizationOptionId?: string | null;
  subCategoryId?: string | null;
  /** The text stored on the region. */
  customText?: string | null;
  /** The name typed in the region list; when not blank it wins over customText. */
  displayName?: string | null;
}

/** Spec §5: a region is sent when it has custom text, a material or customization option, or a non-blank typed name. */
export function isMaskConfigured(d: MaskDraft): boolean {
  return !!(d.customText?.trim() || d.materialOptionId || d.customizationOptionId || d.displayName?.trim());
}

/** Spec §5: the trimmed typed name wins over the stored custom text. */
export function maskTextToSave(d: MaskDraft): string | null {
  const typed = d.displayName?.trim();
  if (typed) return typed;
  const stored = d.customText?.trim();
  return stored ? stored : null;
}

// ---- the ID pass (POST /images/upload-input `idPass` + `materials`) ----

/**
 * `materials`: which material each flat colour of the ID pass is, `{"#c8553d": "Brick"}`. A
 * region's name (customText and label) comes from here, else "Material N".
 */
export const idPassMaterialsSchema = z.record(
  z.string().regex(/^#[0-9a-fA-F]{6}$/, MASK_MESSAGES.materialsInvalid),
  z.string({ error: MASK_MESSAGES.materialsInvalid }).trim().min(1, MASK_MESSAGES.materialsInvalid).max(MASK_LIMITS.nameMaxLength, MASK_MESSAGES.materialsInvalid),
  { error: MASK_MESSAGES.materialsInvalid },
);
export type IdPassMaterials = z.infer<typeof idPassMaterialsSchema>;

// ---- region edits (PUT /masks/{maskId}, merge, split, DELETE, POST /masks/{inputImageId}/regions) ----

const regionName = z
  .string({ error: MASK_MESSAGES.nameInvalid })
  .trim()
  .min(1, MASK_MESSAGES.nameInvalid)
  .max(MASK_LIMITS.nameMaxLength, MASK_MESSAGES.nameInvalid);

/** PUT /masks/{maskId} as JSON (a rename); as multipart it has a `mask` PNG and optionally `name`. */
export const updateMaskRequestSchema = z.object({ name: regionName });
export type UpdateMaskRequest = z.infer<typeof updateMaskRequestSchema>;
export const MASK_EDIT_FIELDS = { mask: 'mask', name: 'name' } as const;
export const maskNameSchema = regionName;

/** POST /masks/{inputImageId}/merge: the first id keeps its style and takes the others' pixels. */
export const mergeMasksRequestSchema = z.object({
  ids: z
    .array(z.number({ error: MASK_MESSAGES.mergeIds }).int(MASK_MESSAGES.mergeIds).min(1, MASK_MESSAGES.mergeIds).max(2_147_483_647, MASK_MESSAGES.mergeIds), {
      error: MASK_MESSAGES.mergeIds,
    })
    .min(2, MASK_MESSAGES.mergeIds)
    .max(MASK_LIMITS.maxEditedRegions, MASK_MESSAGES.mergeIds)
    .refine((ids) => new Set(ids).size === ids.length, MASK_MESSAGES.mergeIds),
});
export type MergeMasksRequest = z.infer<typeof mergeMasksRequestSchema>;

const unit = z.number({ error: MASK_MESSAGES.splitPoints }).min(0, MASK_MESSAGES.splitPoints).max(1, MASK_MESSAGES.splitPoints);
/**
 * POST /masks/{maskId}/split: a drawn line as points in image fractions (0–1, x to the right,
 * y down). The line is extended straight at both ends to the image's edge; the region's larger
 * side keeps the id, the other side becomes a new region.
 */
export const splitMaskRequestSchema = z.object({
  points: z.array(z.object({ x: unit, y: unit }), { error: MASK_MESSAGES.splitPoints }).min(2, MASK_MESSAGES.splitPoints).max(2000, MASK_MESSAGES.splitPoints),
});
export type SplitMaskRequest = z.infer<typeof splitMaskRequestSchema>;

/** The answer of the edits that change several regions: all the image's regions as they are now. */
export const maskRegionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ inputImageId: z.number().int(), maskRegions: z.array(maskRegionSchema) }),
});
export type MaskRegionsResponse = z.infer<typeof maskRegionsResponseSchema>;

// ---- geometry of the photo (issue 30 part 1) ----

/** A homogeneous image point (x, y, w) in the geometry's pixel frame; w = 0 is a direction (a point at infinity). */
export const geometryPointSchema = z.object({ x: z.number(), y: z.number(), w: z.number() });
export type GeometryPoint = z.infer<typeof geometryPointSchema>;

const polylineSchema = z.array(z.tuple([z.number(), z.number()]));

export const GEOMETRY_PLANE_KINDS = ['wall', 'floor', 'roof'] as const;
export const GEOMETRY_PLANE_SOURCES = ['lines', 'passes', 'fallback'] as const;

/**
 * GET /masks/{inputImageId}/geometry: the photo's vanishing points and, for each façade, ground
 * and roof region, its plane drawn as a grid (lines every `step` metres, clipped to the region).
 * Coordinates are pixels of a `width` × `height` copy of the image (scale them to the display).
 */
export const maskGeometryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    inputImageId: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    /** Focal length in those pixels, read from two orthogonal vanishing points or assumed (~55° field of view). */
    focal: z.number(),
    focalFrom: z.enum(['vanishing-points', 'assumed']),
    /** The three directions came out near-orthogonal. */
    manhattan: z.boolean(),
    vanishingPoints: z.array(
      geometryPointSchema.extend({
        role: z.enum(['vertical', 'horizontal']),
        /** Summed length (pixels) of the segments pointing at it; 0 when implied. */
        support: z.number(),
        /** Not seen in the lines: completed from the others. */
        implied: z.boolean(),
      }),
    ),
    regions: z.array(
      z.object({
        maskId: z.number().int(),
        label: z.string(),
        kind: z.enum(GEOMETRY_PLANE_KINDS),
        source: z.enum(GEOMETRY_PLANE_SOURCES),
        confidence: z.number(),
        /** The plane's u and v vanishing points. */
        vanishing: z.tuple([geometryPointSchema, geometryPointSchema]),
        /** A region across a building's corner comes in faces, each with its own plane and grid (1: one plane). */
        faces: z.number().int().min(1),
        /** Metres between grid lines. */
        step: z.number(),
        /** Image polylines of the lines of constant u, then of constant v. */
        u: z.array(polylineSchema),
        v: z.array(polylineSchema),
      }),
    ),
  }),
});
export type MaskGeometryResponse = z.infer<typeof maskGeometryResponseSchema>;
export type MaskGeometryRegion = MaskGeometryResponse['data']['regions'][number];
