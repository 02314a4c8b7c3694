/** The customization module's public face: the catalog and its routes. */
export { registerCustomizationRoutes } from './customization.routes.js';
export { getCustomizationOptions } from './customization.service.js';
