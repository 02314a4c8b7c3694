// The tweak module's public face.
export { registerTweakRoutes } from './tweak.routes.js';
export { recoverLostTweaks, registerTweakQueue } from './tweak.job.js';
export { getTweakPrompt, sessionRoot, TWEAK_QUEUE, type TweakImageRef } from './tweak.service.js';
