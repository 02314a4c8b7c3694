import { z } from 'zod';
import { imageIdSchema, imageStatusSchema, moduleTypeSchema, paginationSchema } from './images.js';
import { batchStatusSchema } from './generation.js';
import { RENDER_TYPES, type RenderType } from './render-types.js';
import {
  BATCH_GALLERY_MODES,
  DEFAULT_GALLERY_MODE,
  GALLERY_FILTER_MODULES,
  GALLERY_MODES,
  GALLERY_PAGE_SIZES,
  GALLERY_RENDER_TYPES,
  GALLERY_VISIBILITIES,
  IMAGE_GALLERY_MODES,
  type GalleryFilters,
  type GalleryRenderType,
} from './galleryView.js';

export * from './galleryView.js';

// Gallery and Explore (spec image-modules §2 Gallery, §3 gallery state, §7 download, §9 grid).
// The gallery is a day-grouped timeline: the server answers day buckets (date and count in the
// caller's time zone) and the images of a date range, page by page, so the browser never loads
// the whole history. Explore is the public feed of images their owners chose to share.

export const GALLERY_MESSAGES = {
  timeZone: 'tz must be an IANA time zone, such as Europe/Paris',
  date: 'Dates are YYYY-MM-DD',
  range: 'from must be on or before to',
  filterRange: 'dateFrom must be on or before dateTo',
  filtersEmpty: 'No images match these filters',
  clearFilters: 'Clear filters',
  imageNotFound: 'Image not found',
  notReady: 'Only completed images can be shared',
  // Texts the web shows.
  loadFailed: 'Failed to load the gallery',
  deleteConfirm: 'Delete this image?',
  deleteDescription: 'It disappears from your gallery and from Explore. This cannot be undone.',
  deleted: 'Image deleted',
  deleteFailed: 'Failed to delete the image',
  linkCopied: 'Link copied to the clipboard',
  shareFailed: 'Could not share the image',
  madePublic: 'Shared on Explore',
  madePrivate: 'Removed from Explore',
  visibilityFailed: 'Failed to change who can see the image',
  openInCreateFailed: 'Failed to open the image in Create',
  useAsInputFailed: 'Failed to use the image as input',
  exploreEmpty: 'Nothing has been shared yet',
} as const;

/**
 * An IANA time zone name the runtime knows (Intl), letters first: offsets such as +01:00 are
 * refused (PostgreSQL reads POSIX offsets with the opposite sign). The server also checks the
 * name against PostgreSQL's own list.
 */
export const timeZoneSchema = z
  .string({ error: GALLERY_MESSAGES.timeZone })
  .trim()
  .min(1, GALLERY_MESSAGES.timeZone)
  .max(64, GALLERY_MESSAGES.timeZone)
  .refine((tz) => /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz) && isRuntimeTimeZone(tz), GALLERY_MESSAGES.timeZone);

// Building an Intl.DateTimeFormat costs about a millisecond, and every gallery call names its
// time zone: each name is checked once (names are at most 64 characters; the cache is bounded).
const timeZoneChecks = new Map<string, boolean>();

export function isRuntimeTimeZone(tz: string): boolean {
  const known = timeZoneChecks.get(tz);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = true;
  } catch {
    valid = false;
  }
  if (timeZoneChecks.size >= 1000) timeZoneChecks.clear();
  timeZoneChecks.set(tz, valid);
  return valid;
}

/** A calendar date YYYY-MM-DD that exists. */
const isCalendarDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** A calendar date YYYY-MM-DD that exists, refused with `message`. */
const calendarDate = (message: string) =>
  z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isCalendarDate, message);

export const calendarDateSchema = calendarDate(GALLERY_MESSAGES.date);

// The gallery's render types are the generation settings' (galleryView.ts repeats them without zod).
const renderTypesAgree: [RenderType[], GalleryRenderType[]] = [[...GALLERY_RENDER_TYPES], [...RENDER_TYPES]];
void renderTypesAgree;

/** A date filter bound: a calendar date, named in the message (dateFrom, dateTo). */
const filterDate = (name: 'dateFrom' | 'dateTo') => calendarDate(`${name} must be a date YYYY-MM-DD`).optional();

/**
 * The gallery's filters as query parameters (spec §3 "filters"), on every gallery list call:
 * module, renderType, visibility, dateFrom, dateTo (each optional; all given ones apply).
 */
const galleryFilterFields = {
  module: z.enum(GALLERY_FILTER_MODULES, { error: `module must be one of ${GALLERY_FILTER_MODULES.join(', ')}` }).optional(),
  renderType: z.enum(GALLERY_RENDER_TYPES, { error: `renderType must be one of ${GALLERY_RENDER_TYPES.join(', ')}` }).optional(),
  visibility: z.enum(GALLERY_VISIBILITIES, { error: `visibility must be one of ${GALLERY_VISIBILITIES.join(', ')}` }).optional(),
  dateFrom: filterDate('dateFrom'),
  dateTo: filterDate('dateTo'),
};
const filterRangeIsOrdered = (q: GalleryFilters) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const filterRangeIssue = { message: GALLERY_MESSAGES.filterRange, path: ['dateFrom'] };

export const galleryModeSchema = z.enum(GALLERY_MODES, { error: `mode must be one of ${GALLERY_MODES.join(', ')}` });
export const imageGalleryModeSchema = z.enum(IMAGE_GALLERY_MODES, { error: `mode must be one of ${IMAGE_GALLERY_MODES.join(', ')}` });
export const batchGalleryModeSchema = z.enum(BATCH_GALLERY_MODES, { error: `mode must be one of ${BATCH_GALLERY_MODES.join(', ')}` });

// ---- entities ----

/** One completed image as the gallery shows it: thumbnails for the grid, the full image on demand. */
export const galleryImageSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  moduleType: moduleTypeSchema,
  operationType: z.string().nullable(),
  /** Always COMPLETED from the server; live additions may come without one (they count as completed). */
  status: imageStatusSchema.optional(),
  variationNumber: z.number().int(),
  createdAt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Signed, expiring URLs (about an hour). */
  thumbnailUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  inputImageId: z.number().int().nullable(),
  baseImageId: z.number().int().nullable(),
  prompt: z.string().nullable(),
  isPublic: z.boolean(),
  publishedAt: z.string().nullable(),
  /** The lasting public link while the image is public (served by /api/explore/images/:id/full). */
  publicUrl: z.string().nullable(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** A create or tweak batch with its completed images, for the batch modes and their side panel. */
export const galleryBatchSchema = z.object({
  id: z.number().int(),
  moduleType: moduleTypeSchema,
  operationType: z.string().nullable(),
  status: batchStatusSchema,
  prompt: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  inputImageId: z.number().int().nullable(),
  baseImageId: z.number().int().nullable(),
  totalVariations: z.number().int(),
  images: z.array(galleryImageSchema),
});
export type GalleryBatch = z.infer<typeof galleryBatchSchema>;

// ---- calls ----

/** GET /gallery/days?mode&tz: how many images (or batches) each day holds, newest day first. */
export const galleryDaysQuerySchema = z
  .object({
    mode: galleryModeSchema.default(DEFAULT_GALLERY_MODE),
    tz: timeZoneSchema,
    ...galleryFilterFields,
  })
  .refine(filterRangeIsOrdered, filterRangeIssue);
export type GalleryDaysQuery = z.input<typeof galleryDaysQuerySchema>;
export const galleryDaySchema = z.object({
  /** YYYY-MM-DD in the asked time zone. */
  date: z.string(),
  count: z.number().int(),
});
export type GalleryDay = z.infer<typeof galleryDaySchema>;
export const galleryDaysResponseSchema = z.object({
  mode: galleryModeSchema,
  timeZone: z.string(),
  /** Images in organize and refine, batches in create and tweak. */
  unit: z.enum(['image', 'batch']),
  total: z.number().int(),
  days: z.array(galleryDaySchema),
});
export type GalleryDaysResponse = z.infer<typeof galleryDaysResponseSchema>;

const rangeQuery = z.object({
  tz: timeZoneSchema,
  /** First and last day of the range, inclusive, in tz. */
  from: calendarDateSchema,
  to: calendarDateSchema,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  ...galleryFilterFields,
});

/** GET /gallery/images?mode&tz&from&to&page&limit: completed images of a date range, newest first. */
export const galleryImagesQuerySchema = rangeQuery
  .extend({
    mode: imageGalleryModeSchema.default('organize'),
    limit: z.coerce.number().int().min(1).max(GALLERY_PAGE_SIZES.max).default(GALLERY_PAGE_SIZES.images),
  })
  .refine((q) => q.from <= q.to, { message: GALLERY_MESSAGES.range, path: ['from'] })
  .refine(filterRangeIsOrdered, filterRangeIssue);
export type GalleryImagesQuery = z.input<typeof galleryImagesQuerySchema>;
export const galleryImagesResponseSchema = z.object({
  images: z.array(galleryImageSchema),
  pagination: paginationSchema,
});
export type GalleryImagesResponse = z.infer<typeof galleryImagesResponseSchema>;

/**
 * GET /gallery/first-screen?mode&tz (organize, refine): the day buckets and, in the same reply,
 * page 1 of the newest months' date ranges until they hold a page of images, each with the
 * range it answers. What the gallery's first screen needs, in one call instead of two in turn.
 */
export const galleryFirstScreenQuerySchema = z
  .object({
    mode: imageGalleryModeSchema.default('organize'),
    tz: timeZoneSchema,
    ...galleryFilterFields,
  })
  .refine(filterRangeIsOrdered, filterRangeIssue);
export type GalleryFirstScreenQuery = z.input<typeof galleryFirstScreenQuerySchema>;
export const galleryFirstScreenPageSchema = galleryImagesResponseSchema.extend({
  /** The month's range (first and last day, in the reply's timeZone), page and limit this page answers. */
  from: z.string(),
  to: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type GalleryFirstScreenPage = z.infer<typeof galleryFirstScreenPageSchema>;
export const galleryFirstScreenResponseSchema = z.object({
  days: galleryDaysResponseSchema,
  pages: z.array(galleryFirstScreenPageSchema),
});
export type GalleryFirstScreenResponse = z.infer<typeof galleryFirstScreenResponseSchema>;

/** GET /gallery/batches?mode&tz&from&to&page&limit: batches (with completed images) of a date range, newest first. */
export const galleryBatchesQuerySchema = rangeQuery
  .extend({
    mode: batchGalleryModeSchema.default('create'),
    limit: z.coerce.number().int().min(1).max(GALLERY_PAGE_SIZES.max).default(GALLERY_PAGE_SIZES.batches),
  })
  .refine((q) => q.from <= q.to, { message: GALLERY_MESSAGES.range, path: ['from'] })
  .refine(filterRangeIsOrdered, filterRangeIssue);
export type GalleryBatchesQuery = z.input<typeof galleryBatchesQuerySchema>;
export const galleryBatchesResponseSchema = z.object({
  batches: z.array(galleryBatchSchema),
  pagination: paginationSchema,
});
export type GalleryBatchesResponse = z.infer<typeof galleryBatchesResponseSchema>;

export const galleryImageIdParamsSchema = z.object({ id: imageIdSchema });

/** PUT /gallery/images/{id}/visibility */
export const galleryVisibilityRequestSchema = z.object({
  isPublic: z.boolean({ error: 'isPublic must be true or false' }),
});
export type GalleryVisibilityRequest = z.infer<typeof galleryVisibilityRequestSchema>;
export const galleryVisibilityResponseSchema = z.object({
  id: z.number().int(),
  isPublic: z.boolean(),
  publishedAt: z.string().nullable(),
  publicUrl: z.string().nullable(),
});
export type GalleryVisibilityResponse = z.infer<typeof galleryVisibilityResponseSchema>;

/** DELETE /gallery/images/{id}: soft delete (the files are removed later by the images cleanup). */
export const galleryDeleteResponseSchema = z.object({ success: z.literal(true), id: z.number().int() });

/**
 * POST /gallery/images/{id}/open-in-create: the input image to open /create?imageId= with: the
 * image's own input image when it still exists, else a new input image copied from it.
 */
export const openInCreateResponseSchema = z.object({
  inputImageId: z.number().int(),
  created: z.boolean(),
});
export type OpenInCreateResponse = z.infer<typeof openInCreateResponseSchema>;

// ---- Explore (public) ----

/** A public image on Explore. Its URLs are public file routes that check, per request, that it is still public. */
export const exploreImageSchema = z.object({
  id: z.number().int(),
  ownerName: z.string(),
  publishedAt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string(),
  imageUrl: z.string(),
  /** True for the signed-in caller's own images. */
  isMine: z.boolean(),
});
export type ExploreImage = z.infer<typeof exploreImageSchema>;

/** GET /explore/images?cursor&limit: public images, newest shared first (keyset pages, stable while new ones arrive). */
export const exploreQuerySchema = z.object({
  cursor: z
    .string()
    .max(80)
    .regex(/^\d{1,16}_\d{1,10}$/, 'cursor is not valid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(GALLERY_PAGE_SIZES.max).default(GALLERY_PAGE_SIZES.explore),
});
export type ExploreQuery = z.input<typeof exploreQuerySchema>;
export const exploreResponseSchema = z.object({
  images: z.array(exploreImageSchema),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ExploreResponse = z.infer<typeof exploreResponseSchema>;

/** GET /explore/images/{id}: one public image's share page (no sign-in needed); 404 once it is private or deleted. */
export const sharedImageSchema = z.object({
  id: z.number().int(),
  /** The prompt it was made with; null when none was written. */
  prompt: z.string().nullable(),
  /** Only the author's first name is shown to the public. */
  authorFirstName: z.string(),
  publishedAt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnailUrl: z.string(),
  imageUrl: z.string(),
});
export type SharedImage = z.infer<typeof sharedImageSchema>;

/** The stable page a public image is shared with (never a signed file URL, which expires). */
export const sharedImagePath = (id: number) => `/explore/${id}`;

/** GET /explore/mine: the caller's images shared on Explore (the Creator Zone), newest shared first. */
export const myExploreResponseSchema = z.object({
  images: z.array(sharedImageSchema.omit({ authorFirstName: true })),
  total: z.number().int(),
});
export type MyExploreResponse = z.infer<typeof myExploreResponseSchema>;

export const EXPLORE_FILE_VARIANTS = ['thumbnail', 'full'] as const;
export const exploreFileParamsSchema = z.object({
  id: imageIdSchema,
  variant: z.enum(EXPLORE_FILE_VARIANTS, { error: 'variant must be thumbnail or full' }),
});

/** POST /explore/images/{id}/use-as-input: a new input image (CREATE_MODULE) for the caller, copied server-side. */
export const exploreUseAsInputResponseSchema = z.object({ inputImageId: z.number().int() });
export type ExploreUseAsInputResponse = z.infer<typeof exploreUseAsInputResponseSchema>;

/** Public paths of Explore's file route (the same on both sides). */
export const explorePaths = {
  thumbnail: (id: number) => `/api/explore/images/${id}/thumbnail`,
  full: (id: number) => `/api/explore/images/${id}/full`,
} as const;
