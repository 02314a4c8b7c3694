export { creditsDebited, creditsRefunded, failures, variationDuration, type FailureCause } from './metrics.js';
export { registerMetrics } from './metrics.routes.js';
