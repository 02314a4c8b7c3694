import {
  DEFAULT_GALLERY_IMAGE_SIZE,
  DEFAULT_GALLERY_LAYOUT,
  GALLERY_IMAGE_SIZES,
  GALLERY_LAYOUTS,
  type GalleryImageSize,
  type GalleryLayout,
} from '@atelier/contract';

// Its own module (no Redux): the start-up code reads the view before the store exists.
export interface GalleryViewChoice {
  layout: GalleryLayout;
  imageSize: GalleryImageSize;
}

const VIEW_KEY = 'atelier.gallery.view';

/** The view customiser's choice kept from the last visit, else the defaults (spec §3). */
export function readStoredView(): GalleryViewChoice {
  const fallback = { layout: DEFAULT_GALLERY_LAYOUT, imageSize: DEFAULT_GALLERY_IMAGE_SIZE };
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(VIEW_KEY);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<Record<'layout' | 'imageSize', string>>;
    return {
      layout: (GALLERY_LAYOUTS as readonly string[]).includes(parsed.layout ?? '') ? (parsed.layout as GalleryLayout) : fallback.layout,
      imageSize: (GALLERY_IMAGE_SIZES as readonly string[]).includes(parsed.imageSize ?? '')
        ? (parsed.imageSize as GalleryImageSize)
        : fallback.imageSize,
    };
  } catch {
    return fallback;
  }
}

/** Keeps the view customiser's choice for the next visit (called by the gallery view, not the reducer). */
export function storeGalleryView(state: GalleryViewChoice): void {
  try {
    window.localStorage.setItem(VIEW_KEY, JSON.stringify({ layout: state.layout, imageSize: state.imageSize }));
  } catch {
    // Private mode or no storage: the choice lasts for this visit.
  }
}
