// The generation module's public face.
export { registerGenerationRoutes } from './generation.routes.js';
export { startGeneration, inputFromRequest, inputFromState } from './generation.service.js';
export {
  completeBatchIfDone,
  failGeneratedImage,
  recoverLostRenders,
  registerRenderQueue,
  RENDER_QUEUE,
  type RenderJobData,
} from './render.job.js';
export {
  defineVariationQueue,
  emit,
  recoverLostVariations,
  type VariationJobData,
  type VariationQueueOptions,
  type VariationWork,
} from './variation.job.js';
export { startVariationBatch, type StartedBatch, type VariationBatchSpec, type VariationColumns } from './variation-batch.js';
export { registerMaskReader, type MaskForRender, type MaskReader } from './masks.hook.js';
export { engineSettings, randomSeed, renderSnapshot, type GenerationInput, type RenderSnapshot } from './generation.settings.js';
