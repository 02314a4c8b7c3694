import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_GALLERY_IMAGE_SIZE,
  DEFAULT_GALLERY_LAYOUT,
  DEFAULT_GALLERY_MODE,
  GALLERY_IMAGE_SIZES,
  GALLERY_LAYOUTS,
  type GalleryImageSize,
  type GalleryLayout,
  type GalleryMode,
} from '@atelier/contract';

export type { GalleryImageSize, GalleryLayout, GalleryMode };

/**
 * Gallery view state (image-modules §3): whether the modal is open, the mode (the work sidebar
 * switches it inside the gallery), and the view customiser's layout and image size, which are
 * kept in the browser between visits.
 */
export interface GalleryUiState {
  isOpen: boolean;
  mode: GalleryMode;
  layout: GalleryLayout;
  imageSize: GalleryImageSize;
}

const VIEW_KEY = 'atelier.gallery.view';

function readStoredView(): Pick<GalleryUiState, 'layout' | 'imageSize'> {
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
export function storeGalleryView(state: Pick<GalleryUiState, 'layout' | 'imageSize'>): void {
  try {
    window.localStorage.setItem(VIEW_KEY, JSON.stringify({ layout: state.layout, imageSize: state.imageSize }));
  } catch {
    // Private mode or no storage: the choice lasts for this visit.
  }
}

export function initialGalleryUiState(): GalleryUiState {
  return { isOpen: false, mode: DEFAULT_GALLERY_MODE, ...readStoredView() };
}

const galleryUiSlice = createSlice({
  name: 'galleryUi',
  initialState: initialGalleryUiState,
  reducers: {
    /** Opens the modal in the given mode, else in organize (the default). */
    openGallery(state, action: PayloadAction<GalleryMode | undefined>) {
      state.isOpen = true;
      state.mode = action.payload ?? DEFAULT_GALLERY_MODE;
    },
    closeGallery(state) {
      state.isOpen = false;
    },
    setGalleryMode(state, action: PayloadAction<GalleryMode>) {
      state.mode = action.payload;
    },
    setGalleryLayout(state, action: PayloadAction<GalleryLayout>) {
      state.layout = action.payload;
    },
    setGalleryImageSize(state, action: PayloadAction<GalleryImageSize>) {
      state.imageSize = action.payload;
    },
  },
});

export const { openGallery, closeGallery, setGalleryMode, setGalleryLayout, setGalleryImageSize } = galleryUiSlice.actions;
export const galleryUiReducer = galleryUiSlice.reducer;
