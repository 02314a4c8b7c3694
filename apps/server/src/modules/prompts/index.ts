// The prompts module's public face.
export { registerPromptsRoutes } from './prompts.routes.js';
