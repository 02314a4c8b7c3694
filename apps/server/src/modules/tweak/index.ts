// The tweak module's public face.
export { registerTweakRoutes } from './tweak.routes.js';
export { registerTweakQueue } from './tweak.job.js';
