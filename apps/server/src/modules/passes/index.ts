// The passes module's public face: depth and normal passes of input images (issue 31).
export { registerPassesRoutes } from './passes.routes.js';
export { passKindsOf, readPasses } from './passes.service.js';
export { controlImagesFromPasses } from './control-images.js';
export { passValuesOf } from './pass-values.js';
