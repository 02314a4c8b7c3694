// The webhooks module's public face.
export { registerWebhookRoutes } from './webhooks.routes.js';
export { registerWebhooksQueue } from './webhooks.job.js';
