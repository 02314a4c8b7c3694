export { creditsDebited, creditsRefunded, failures, variationDuration, type FailureCause } from './metrics.js';
export { createMetricsReader, serveMetricsOnLocalhost } from './exposition.js';
export { registerMetrics } from './metrics.routes.js';
