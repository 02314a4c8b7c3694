// The billing module's public face: other modules use these, never its tables directly.
export { getSubscription } from './subscription.service.js';
export { registerBillingRoutes } from './billing.routes.js';
export {
  activateOrSync,
  grantDueAllowances,
  subscriptionAndCredits,
  type SubscriptionState,
  type SyncResult,
} from './billing.service.js';
export { startBillingScheduler } from './scheduler.js';
export { isAcademicEmail, isStudent } from './students.js';
export { getCatalog } from './catalog.js';
