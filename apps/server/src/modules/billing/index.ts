export { getSubscription } from './subscription.service.js';
