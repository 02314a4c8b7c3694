// The gallery feature's public face.
export {
  openGallery,
  closeGallery,
  setGalleryMode,
  setGalleryLayout,
  setGalleryImageSize,
  type GalleryMode,
  type GalleryUiState,
} from './store/galleryUiSlice';
export { GalleryModal } from './components/GalleryModal';
export { browserTimeZone, dayKeyOf, groupByDay, isCompletedImage } from './lib/days';
