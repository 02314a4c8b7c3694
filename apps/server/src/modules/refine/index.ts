// The refine module's public face.
export { registerRefineRoutes } from './refine.routes.js';
export { registerRefineQueue, REFINE_QUEUE } from './refine.job.js';
export { listRefineOperations, startRefine, type RefineSnapshot } from './refine.service.js';
