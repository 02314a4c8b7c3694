// The plugin-downloads module's public face: the installable plugins the server hands out.
export { registerPluginDownloadRoutes } from './plugin-downloads.routes.js';
