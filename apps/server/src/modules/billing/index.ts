// The billing module's public face: other modules use these, never its tables directly.
export { getSubscription } from './subscription.service.js';
export { registerBillingRoutes } from './billing.routes.js';
export { subscriptionAndCredits } from './billing.service.js';
export { grantDueAllowances } from './subscription-sync.js';
export { startBillingScheduler } from './scheduler.js';
export { isStudent } from './students.js';
export { getCatalog } from './catalog.js';
