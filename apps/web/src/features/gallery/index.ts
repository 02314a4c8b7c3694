// The gallery feature's public face.
export { openGallery, closeGallery, setGalleryMode, type GalleryMode, type GalleryUiState } from './store/galleryUiSlice';
