// The images module's public face: other modules use these, never its tables.
export {
  createInputFromGenerated,
  createInputImageFromBytes,
  getOwnedGeneratedImage,
  getOwnedInputImage,
  uploadInputImage,
  listInputImages,
  readGeneratedImageBytes,
  readInputImageBytes,
  setInputImagePrompts,
  storeGeneratedImageFiles,
  type GeneratedImageRow,
  type ImagesContext,
  type InputImageRow,
} from './images.service.js';
export { presentGeneratedImage, presentInputImage } from './images.present.js';
export { sniffImageFormat } from './image-processing.js';
export {
  onInputImageCopied,
  setUploadRegionsHandler,
  type UploadRegions,
  type UploadRegionsHandler,
  type InputImageCopiedEvent,
} from './images.events.js';
export { cleanupDeletedFiles, scheduleDailyCleanup } from './images.cleanup.js';
export { inspectImage } from './image-processing.js';
export { registerImagesRoutes } from './images.routes.js';
