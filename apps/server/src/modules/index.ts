import type { App } from '../types.js';
import { registerAuthRoutes } from './auth/index.js';
import { registerBillingRoutes } from './billing/index.js';
import { registerCreditsRoutes } from './credits/index.js';
import { registerImagesRoutes } from './images/index.js';
import { registerGenerationRoutes } from './generation/index.js';
import { registerGalleryRoutes } from './gallery/index.js';
import { registerEngineRoutes } from './engine/index.js';
import { registerRefineRoutes } from './refine/index.js';
import { registerRunPodWebhookRoutes } from './runpod-webhook/index.js';
import { registerCustomizationRoutes } from './customization/index.js';
import { registerTweakRoutes } from './tweak/index.js';
import { registerMasksRoutes } from './masks/index.js';
import { registerPromptsRoutes } from './prompts/index.js';
import { registerStorageQuotaRoutes } from './storage-quota/index.js';
import { registerSupportRoutes } from './support/index.js';
import { registerReferralRoutes } from './referrals/index.js';
import { registerSiteRoutes } from './site/index.js';
import { registerApiKeyRoutes } from './api-keys/index.js';
import { registerPluginRoutes } from './plugins/index.js';
import { registerWebhookRoutes } from './webhooks/index.js';
import { registerPluginDownloadRoutes } from './plugin-downloads/index.js';
import { registerAdminConsoleRoutes } from './admin-console/index.js';
import { registerTeamRoutes } from './teams/index.js';
import { registerPassesRoutes } from './passes/index.js';
import { registerViewSetRoutes } from './view-sets/index.js';

/**
 * Every module's routes, mounted under /api. Each module exports one `register…Routes(app)`;
 * add yours here with one line.
 */
export async function registerModules(api: App): Promise<void> {
  await registerAuthRoutes(api);
  await registerBillingRoutes(api);
  await registerCreditsRoutes(api);
  await registerImagesRoutes(api);
  await registerGenerationRoutes(api);
  await registerGalleryRoutes(api);
  await registerEngineRoutes(api);
  await registerRefineRoutes(api);
  await registerRunPodWebhookRoutes(api);
  await registerCustomizationRoutes(api);
  await registerTweakRoutes(api);
  await registerMasksRoutes(api);
  await registerPassesRoutes(api);
  await registerViewSetRoutes(api);
  await registerPromptsRoutes(api);
  await registerStorageQuotaRoutes(api);
  await registerSupportRoutes(api);
  await registerReferralRoutes(api);
  await registerSiteRoutes(api);
  await registerApiKeyRoutes(api);
  await registerPluginRoutes(api);
  await registerWebhookRoutes(api);
  await registerPluginDownloadRoutes(api);
  await registerAdminConsoleRoutes(api);
  await registerTeamRoutes(api);
}
