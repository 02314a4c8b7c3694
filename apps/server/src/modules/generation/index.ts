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
export { registerMaskReader, type MaskForRender, type MaskReader } from './masks.hook.js';
export { engineSettings, randomSeed, renderSnapshot, type GenerationInput, type RenderSnapshot } from './generation.settings.js';
