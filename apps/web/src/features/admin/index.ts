// The operator's console (/admin): loaded lazily by the router.
export { AdminLayout } from './components/AdminLayout';
export { AuditPage } from './components/AuditPage';
export { RendersPage } from './components/RendersPage';
export { RequireOperator } from './components/RequireOperator';
export { SystemPage } from './components/SystemPage';
export { UserPage } from './components/UserPage';
export { UsersPage } from './components/UsersPage';
