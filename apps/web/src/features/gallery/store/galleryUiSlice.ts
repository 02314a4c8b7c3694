import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Gallery modes (image-modules §2). The work sidebar switches these inside the gallery. */
export type GalleryMode = 'organize' | 'create' | 'tweak' | 'refine';

export interface GalleryUiState {
  isOpen: boolean;
  mode: GalleryMode;
}

const initialState: GalleryUiState = { isOpen: false, mode: 'organize' };

const galleryUiSlice = createSlice({
  name: 'galleryUi',
  initialState,
  reducers: {
    openGallery(state, action: PayloadAction<GalleryMode | undefined>) {
      state.isOpen = true;
      if (action.payload) state.mode = action.payload;
    },
    closeGallery(state) {
      state.isOpen = false;
    },
    setGalleryMode(state, action: PayloadAction<GalleryMode>) {
      state.mode = action.payload;
    },
  },
});

export const { openGallery, closeGallery, setGalleryMode } = galleryUiSlice.actions;
export const galleryUiReducer = galleryUiSlice.reducer;
