// The gallery module's public face: the day-grouped timeline, its actions, and Explore.
export { registerGalleryRoutes } from './gallery.routes.js';
export { analyzeIfStale } from './statistics.js';
