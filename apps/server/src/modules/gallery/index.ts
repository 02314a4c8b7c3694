// The gallery module's public face: the day-grouped timeline, its actions, and Explore.
export { registerGalleryRoutes } from './gallery.routes.js';
export { listDays, listRangeBatches, listRangeImages, presentGalleryImage } from './gallery.service.js';
export { resolveTimeZone } from './timezones.js';
export { analyzeIfStale, keepStatisticsFresh } from './statistics.js';
