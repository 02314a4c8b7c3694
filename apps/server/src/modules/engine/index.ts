// The engine module's public face: tells clients which image engine is active.
export { registerEngineRoutes } from './engine.routes.js';
export { engineInfo } from './engine-info.js';
