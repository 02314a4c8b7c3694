import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../types.js';
import { BLENDER_ADDON_FILE_NAME, blenderAddonZip } from './plugin-downloads.service.js';

/** GET /api/plugins/blender-addon.zip: the Blender add-on to install (public: it holds no secret). */
export async function registerPluginDownloadRoutes(api: App): Promise<void> {
  await api.register(pluginDownloadsPlugin, { prefix: '/plugins' });
}

async function pluginDownloadsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/blender-addon.zip',
    {
      schema: {
        tags: ['plugins'],
        summary: 'The Blender add-on (Preferences > Add-ons > Install…), a zip of the folder atelier_bridge/',
        response: { 200: z.any().describe('application/zip') },
      },
    },
    async (_req, reply) => {
      const zipPath = await blenderAddonZip();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${BLENDER_ADDON_FILE_NAME}"`)
        .header('cache-control', 'no-cache')
        .send(await fs.promises.readFile(zipPath));
    },
  );
}
