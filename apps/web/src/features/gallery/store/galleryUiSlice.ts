import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_GALLERY_MODE, type GalleryFilters, type GalleryImageSize, type GalleryLayout, type GalleryMode } from '@atelier/contract';
import { compactFilters, type GalleryFilterKey } from '../lib/filters';
import { readStoredView } from '../lib/storedView';

export type { GalleryImageSize, GalleryLayout, GalleryMode };

/**
 * Gallery view state (image-modules §3): whether the modal is open, the mode (the work sidebar
 * switches it inside the gallery), the view customiser's layout and image size, which are
 * kept in the browser between visits, the filters (the /gallery page keeps them in its URL)
 * and whether the filter panel is open.
 */
export interface GalleryUiState {
  isOpen: boolean;
  mode: GalleryMode;
  layout: GalleryLayout;
  imageSize: GalleryImageSize;
  filters: GalleryFilters;
  filterPanelOpen: boolean;
}

export function initialGalleryUiState(): GalleryUiState {
  return { isOpen: false, mode: DEFAULT_GALLERY_MODE, ...readStoredView(), filters: {}, filterPanelOpen: false };
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
    /** Replaces the filters (the URL's, or the panel's change merged by the caller). */
    setGalleryFilters(state, action: PayloadAction<GalleryFilters>) {
      state.filters = compactFilters(action.payload);
    },
    removeGalleryFilter(state, action: PayloadAction<GalleryFilterKey>) {
      const { [action.payload]: _removed, ...rest } = state.filters;
      state.filters = rest;
    },
    clearGalleryFilters(state) {
      state.filters = {};
    },
    setFilterPanelOpen(state, action: PayloadAction<boolean>) {
      state.filterPanelOpen = action.payload;
    },
  },
});

export const {
  openGallery,
  closeGallery,
  setGalleryMode,
  setGalleryLayout,
  setGalleryImageSize,
  setGalleryFilters,
  removeGalleryFilter,
  clearGalleryFilters,
  setFilterPanelOpen,
} = galleryUiSlice.actions;
export const galleryUiReducer = galleryUiSlice.reducer;
