import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customizationOptionsResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';
import { CATALOG_VERSION, createSwatchStore, getCustomizationOptions, type SwatchSize } from './customization.service.js';

const errorSchema = z.object({ message: z.string(), code: z.string() }).passthrough();

/**
 * GET /api/customization/options (signed-in; cacheable) and the public thumbnails
 * GET /api/customization/swatches/{id}.webp and {id}.large.webp.
 */
export async function registerCustomizationRoutes(api: App): Promise<void> {
  await api.register(customizationRoutes);
}

async function customizationRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const swatches = createSwatchStore(app.ctx.config.dataDir);
  const etag = `"catalog-${CATALOG_VERSION}"`;

  app.get(
    '/customization/options',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['customization'],
        summary: 'The inspector catalog: photorealistic and art sections, material subcategories, options with thumbnails',
        security: [{ bearerAuth: [] }],
        response: { 200: customizationOptionsResponseSchema, 304: z.null(), 401: errorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, max-age=3600').header('etag', etag).header('vary', 'Authorization');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return getCustomizationOptions();
    },
  );

  app.get(
    '/customization/swatches/:file',
    {
      schema: {
        tags: ['customization'],
        summary: 'A catalog thumbnail (WEBP, drawn by the server; public, cached for a year)',
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const m = /^([a-z0-9_-]+?)(\.large)?\.webp$/.exec(req.params.file);
      const size: SwatchSize = m?.[2] ? 'large' : 'small';
      const image = m ? await swatches.get(m[1], size) : null;
      if (!image) return reply.code(404).send({ message: 'No such swatch', code: 'NOT_FOUND' });
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${m![1]}-${size}-${CATALOG_VERSION}"`)
        .send(image);
    },
  );
}
