// The operator's console (/api/admin): accounts, credits, renders, queues and the audit log.
export { registerAdminConsoleRoutes } from './admin-console.routes.js';
