// The site module's public face: what the public pages show about this deployment.
export { registerSiteRoutes } from './site.routes.js';
