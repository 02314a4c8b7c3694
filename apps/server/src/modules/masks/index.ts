// The masks module's public face.
export { registerMasksRoutes } from './masks.routes.js';
export { recoverLostMaskJobs, registerMasksQueue } from './masks.job.js';
export { listRegionsForPrompt, MASKS_QUEUE, type RegionForPrompt } from './masks.service.js';
export { catalogMaterial, catalogOption, catalogSubCategory, subCategoryOfMaterial } from './masks.catalog.js';
