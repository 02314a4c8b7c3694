export { assertStorageRoom } from './storage-quota.service.js';
export { registerStorageQuotaRoutes } from './storage-quota.routes.js';
