// No zod here on purpose: the web's store imports these at start-up, and a zod-free module keeps
// zod out of the first JS of every screen (issue #19). gallery.ts re-exports them.

/** Gallery modes; organize is the default. Create and tweak list batches, the others images. */
export const GALLERY_MODES = ['organize', 'create', 'tweak', 'refine'] as const;
export type GalleryMode = (typeof GALLERY_MODES)[number];
export const DEFAULT_GALLERY_MODE: GalleryMode = 'organize';
export const BATCH_GALLERY_MODES = ['create', 'tweak'] as const;
export type BatchGalleryMode = (typeof BATCH_GALLERY_MODES)[number];
export const IMAGE_GALLERY_MODES = ['organize', 'refine'] as const;
export type ImageGalleryMode = (typeof IMAGE_GALLERY_MODES)[number];
export const isBatchGalleryMode = (mode: GalleryMode): mode is BatchGalleryMode => mode === 'create' || mode === 'tweak';

/** Gallery state (spec §3): layout full or square (default square), size small/medium/large (default large). */
export const GALLERY_LAYOUTS = ['square', 'full'] as const;
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];
export const GALLERY_IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type GalleryImageSize = (typeof GALLERY_IMAGE_SIZES)[number];
export const DEFAULT_GALLERY_LAYOUT: GalleryLayout = 'square';
export const DEFAULT_GALLERY_IMAGE_SIZE: GalleryImageSize = 'large';

/** Grid columns (spec §9): full layout 5/4/3, square layout 6/5/4 for small/medium/large. */
export const GALLERY_COLUMNS: Record<GalleryLayout, Record<GalleryImageSize, number>> = {
  full: { small: 5, medium: 4, large: 3 },
  square: { small: 6, medium: 5, large: 4 },
};

export const GALLERY_PAGE_SIZES = {
  /** Images per page of a date range (the server's hard cap is 100). */
  images: 100,
  /** Batches per page of a date range (each carries up to 4 images). */
  batches: 40,
  explore: 48,
  max: 100,
} as const;

/**
 * Gallery filters (spec §3 "filters, filter panel"): what the module made it (Upscale is a refine
 * at a scale factor above 1), the render type (renders made before render types count as
 * exterior), shared on Explore or private, and a date range (days in the caller's time zone).
 * The same names are the query parameters of the gallery's calls and of the /gallery URL.
 */
export const GALLERY_FILTER_MODULES = ['CREATE', 'TWEAK', 'REFINE', 'UPSCALE'] as const;
export type GalleryFilterModule = (typeof GALLERY_FILTER_MODULES)[number];
export const GALLERY_FILTER_MODULE_LABELS: Record<GalleryFilterModule, string> = {
  CREATE: 'Create',
  TWEAK: 'Tweak',
  REFINE: 'Refine',
  UPSCALE: 'Upscale',
};
/** The render types (prompts.ts RENDER_TYPES, repeated here so this module stays free of zod; gallery.ts checks they agree). */
export const GALLERY_RENDER_TYPES = ['exterior', 'interior', 'aerial', 'elevation'] as const;
export type GalleryRenderType = (typeof GALLERY_RENDER_TYPES)[number];
export const GALLERY_VISIBILITIES = ['shared', 'private'] as const;
export type GalleryVisibility = (typeof GALLERY_VISIBILITIES)[number];
export const GALLERY_VISIBILITY_LABELS: Record<GalleryVisibility, string> = { shared: 'Shared on Explore', private: 'Private' };

export interface GalleryFilters {
  module?: GalleryFilterModule;
  renderType?: GalleryRenderType;
  visibility?: GalleryVisibility;
  /** First and last day, inclusive, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
}
export const GALLERY_FILTER_KEYS = ['module', 'renderType', 'visibility', 'dateFrom', 'dateTo'] as const satisfies ReadonlyArray<keyof GalleryFilters>;
