// The images module's public face: other modules use these, never its tables.
export {
  getOwnedGeneratedImage,
  getOwnedInputImage,
  type GeneratedImageRow,
  type ImagesContext,
  type InputImageRow,
} from './owned-images.js';
export { createInputImageFromBytes, PASS_FILE_FIELDS, uploadInputImage, uploadPassesOf } from './upload.js';
export { createInputFromGenerated } from './copies-of-generated.js';
export { listInputImages } from './listing-and-history.js';
export { listViewSetImages, listViewSets } from './view-sets.js';
export { readGeneratedImageBytes, readInputImageBytes, storeGeneratedImageFiles } from './image-files.js';
export { setInputImagePrompts } from './input-image-updates.js';
export { presentGeneratedImage, presentInputImage } from './images.present.js';
export { sniffImageFormat } from './image-processing.js';
export {
  onInputImageCopied,
  setUploadRegionsHandler,
  setUploadPassesHandler,
  onListInputImageFiles,
  type UploadPasses,
  type CheckedUploadPasses,
  type UploadRegions,
  type UploadNormal,
  type UploadRegionsHandler,
  type InputImageCopiedEvent,
} from './images.events.js';
export { cleanupDeletedFiles, scheduleDailyCleanup } from './images.cleanup.js';
export { inspectImage } from './image-processing.js';
export { registerImagesRoutes } from './images.routes.js';
