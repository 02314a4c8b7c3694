export { registerRunPodWebhookRoutes } from './runpod-webhook.routes.js';
