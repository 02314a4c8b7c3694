// The refine module's public face.
export { registerRefineRoutes } from './refine.routes.js';
export { registerRefineQueue } from './refine.job.js';
