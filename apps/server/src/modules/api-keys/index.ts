// The api-keys module's public face.
export { registerApiKeyRoutes } from './api-keys.routes.js';
export { registerApiKeyGuard } from './api-key-guard.js';
