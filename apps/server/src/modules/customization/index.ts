/** The customization module's public face: the catalog and its routes. */
export { registerCustomizationRoutes } from './customization.routes.js';
export { getCustomizationOptions, CATALOG_VERSION, swatchPath } from './customization.service.js';
export { CATALOG, findOption, type CatalogOption } from './catalog.js';
