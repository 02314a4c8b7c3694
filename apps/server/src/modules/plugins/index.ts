// The plugins module's public face: views pushed by modelling-tool plugins and the CLI.
export { registerPluginRoutes } from './plugins.routes.js';
