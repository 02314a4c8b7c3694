import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_GALLERY_MODE, type GalleryImageSize, type GalleryLayout, type GalleryMode } from '@atelier/contract';
import { readStoredView } from '../lib/storedView';

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
