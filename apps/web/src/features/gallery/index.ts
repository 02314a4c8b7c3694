// The gallery feature's public face.
export {
  openGallery,
  setGalleryMode,
  type GalleryMode,
} from './store/galleryUiSlice';
export { GalleryModal } from './components/GalleryModal';
