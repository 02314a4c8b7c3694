export { registerRunPodWebhookRoutes } from './runpod-webhook.routes.js';
export { handleRunPodWebhook } from './runpod-webhook.service.js';
