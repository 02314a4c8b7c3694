// The images module's public face: other modules use these, never its tables.
export {
  cleanFileName,
  createInputFromGenerated,
  createInputImageFromBytes,
  getOwnedGeneratedImage,
  getOwnedInputImage,
  listCompletedGeneratedImages,
  listInputImages,
  readGeneratedImageBytes,
  readInputImageBytes,
  resolveGeneratedImageReference,
  setInputImagePrompts,
  storeGeneratedImageFiles,
  type CreateInputImageInput,
  type GeneratedImageRow,
  type ImagesContext,
  type InputImageRow,
} from './images.service.js';
export { presentGeneratedImage, presentInputImage } from './images.present.js';
export {
  onInputImageCopied,
  type InputImageCopiedEvent,
  type InputImageCopiedHandler,
} from './images.events.js';
export { cleanupDeletedFiles, DELETED_FILES_RETENTION_MS, type CleanupResult } from './images.cleanup.js';
export { inspectImage, sniffImageFormat, type ImageFormat } from './image-processing.js';
export { registerImagesRoutes } from './images.routes.js';
