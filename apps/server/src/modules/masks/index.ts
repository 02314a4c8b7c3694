// The masks module's public face.
export { registerMasksRoutes } from './masks.routes.js';
export { registerMasksQueue } from './masks.job.js';
export { listRegionsForPrompt } from './masks.service.js';
export { catalogMaterial, catalogOption, catalogSubCategory, subCategoryOfMaterial } from './masks.catalog.js';
