// The generation module's public face.
export { registerGenerationRoutes } from './generation.routes.js';
export { registerRenderQueue } from './render.job.js';
export {
  defineVariationQueue,
  emit,
  onEmitted,
  type VariationWork,
} from './variation.job.js';
export { startVariationBatch } from './variation-batch.js';
export { registerMaskReader, type MaskForRender } from './masks.hook.js';
export { randomSeed } from './generation.settings.js';
export { getBatchStatus, inputFromRequest, startGeneration } from './generation.service.js';
export { listProblemRenders, retryFailedRender, stopAndRefundRender } from './operator-actions.js';
