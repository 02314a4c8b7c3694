import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exploreFileParamsSchema,
  exploreQuerySchema,
  exploreResponseSchema,
  exploreUseAsInputResponseSchema,
  galleryBatchesQuerySchema,
  galleryBatchesResponseSchema,
  galleryDaysQuerySchema,
  galleryDaysResponseSchema,
  galleryDeleteResponseSchema,
  galleryFirstScreenQuerySchema,
  galleryFirstScreenResponseSchema,
  galleryImageIdParamsSchema,
  galleryImagesQuerySchema,
  galleryImagesResponseSchema,
  galleryVisibilityRequestSchema,
  galleryVisibilityResponseSchema,
  imageErrorResponseSchema,
  openInCreateResponseSchema,
  myExploreResponseSchema,
  sharedImageSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { contentTypeForKey } from '../../providers/storage/index.js';
import { getSharedImage, listExplore, listMyShared, readPublicFile, useAsInput } from './explore.service.js';
import { keepStatisticsFresh } from './statistics.js';
import { firstScreen } from './first-screen.service.js';
import { deleteImage, listDays, listRangeBatches, listRangeImages, openInCreate, setVisibility } from './gallery.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];

function errors(...statuses: number[]) {
  return errorResponses(imageErrorResponseSchema, statuses);
}

/** /api/gallery/* (the caller's own timeline and actions) and /api/explore/* (public). */
export async function registerGalleryRoutes(api: App): Promise<void> {
  if (api.ctx.config.NODE_ENV !== 'test') {
    // PGlite has no autovacuum: keep the planner's statistics for the gallery's queries fresh.
    let stop = () => {};
    api.addHook('onReady', async () => {
      stop = keepStatisticsFresh(api.ctx.database, api.ctx.log);
    });
    api.addHook('onClose', async () => stop());
  }
  await api.register(galleryRoutes, { prefix: '/gallery' });
  await api.register(exploreRoutes, { prefix: '/explore' });
}

async function galleryRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };
  const tags = ['gallery'];

  app.get(
    '/days',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Day buckets: how many images (organize, refine) or batches (create, tweak) each day holds, in the time zone tz',
        querystring: galleryDaysQuerySchema,
        response: { 200: galleryDaysResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => listDays(ctx, req.userId, req.query),
  );

  app.get(
    '/images',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Completed images made between from and to (days in tz, inclusive), newest first, paginated',
        querystring: galleryImagesQuerySchema,
        response: { 200: galleryImagesResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => listRangeImages(ctx, req.userId, req.query),
  );

  app.get(
    '/first-screen',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary:
          'The day buckets and page 1 of the newest months (organize, refine) in one reply: what the first screen of the gallery needs',
        querystring: galleryFirstScreenQuerySchema,
        response: { 200: galleryFirstScreenResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => firstScreen(ctx, req.userId, req.query),
  );

  app.get(
    '/batches',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Create or tweak batches made between from and to (days in tz, inclusive), newest first, with their completed images',
        querystring: galleryBatchesQuerySchema,
        response: { 200: galleryBatchesResponseSchema, ...errors(400, 401) },
      },
    },
    async (req) => listRangeBatches(ctx, req.userId, req.query),
  );

  app.put(
    '/images/:id/visibility',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Share an image on Explore, or make it private again (it leaves Explore at once)',
        params: galleryImageIdParamsSchema,
        body: galleryVisibilityRequestSchema,
        response: { 200: galleryVisibilityResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => setVisibility(ctx, req.userId, req.params.id, req.body.isPublic),
  );

  app.delete(
    '/images/:id',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete an image (soft: it leaves the gallery and Explore at once; its files are removed later)',
        params: galleryImageIdParamsSchema,
        response: { 200: galleryDeleteResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      await deleteImage(ctx, req.userId, req.params.id);
      return { success: true as const, id: req.params.id };
    },
  );

  app.post(
    '/images/:id/open-in-create',
    {
      ...auth,
      schema: {
        tags,
        security: BEARER,
        summary: "The input image to open in Create: the image's own input image, else a new one copied from it",
        params: galleryImageIdParamsSchema,
        response: { 200: openInCreateResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => openInCreate(ctx, req.userId, req.params.id),
  );
}

/** The caller's id when a valid bearer token came with a public request; never a 401. */
async function optionalUserId(app: FastifyInstance, req: FastifyRequest): Promise<number | null> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return app.ctx.authenticate(header.slice(7).trim());
}

async function exploreRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['explore'];

  app.get(
    '/images',
    {
      schema: {
        tags,
        summary: 'Public images from everyone, newest shared first (no sign-in needed)',
        querystring: exploreQuerySchema,
        response: { 200: exploreResponseSchema, ...errors(400) },
      },
    },
    async (req, reply) => {
      const viewer = await optionalUserId(app, req);
      reply.header('cache-control', 'no-store');
      return listExplore(ctx, viewer, req.query);
    },
  );

  app.get(
    '/mine',
    {
      preHandler: app.requireWorkspace,
      schema: {
        tags,
        security: BEARER,
        summary: 'Your images shared on Explore (the Creator Zone), newest shared first, and how many',
        response: { 200: myExploreResponseSchema, ...errors(401) },
      },
    },
    async (req) => listMyShared(ctx, req.userId),
  );

  app.get(
    '/images/:id',
    {
      schema: {
        tags,
        summary: "A public image's share page: the picture, its prompt and the author's first name (no sign-in needed)",
        params: galleryImageIdParamsSchema,
        response: { 200: sharedImageSchema, ...errors(400, 404) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getSharedImage(ctx, req.params.id);
    },
  );

  app.get(
    '/images/:id/:variant',
    {
      schema: {
        tags,
        summary: 'The thumbnail or full file of a public image; 404 as soon as it is private or deleted',
        params: exploreFileParamsSchema,
        response: { 200: z.any().describe('the file'), 304: z.any().describe('not modified'), ...errors(400, 404) },
      },
    },
    async (req, reply) => {
      const file = await readPublicFile(ctx, req.params.id, req.params.variant);
      const etag = `"${crypto.createHash('sha256').update(file.key).digest('base64url').slice(0, 27)}"`;
      // no-cache: every use revalidates here, so making the image private takes effect at once.
      const caching = { 'cache-control': 'public, no-cache', etag, 'cross-origin-resource-policy': 'cross-origin' };
      if (req.headers['if-none-match'] === etag) {
        if ('destroy' in file.body && typeof file.body.destroy === 'function') file.body.destroy();
        return reply.code(304).headers(caching).send();
      }
      return reply
        .headers(caching)
        .header('content-type', contentTypeForKey(file.key))
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .send(file.body);
    },
  );

  app.post(
    '/images/:id/use-as-input',
    {
      preHandler: app.requireWorkspace,
      schema: {
        tags,
        security: BEARER,
        summary: 'Copy a public image into a new input image of yours (the server copies the bytes)',
        params: galleryImageIdParamsSchema,
        response: { 201: exploreUseAsInputResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await useAsInput(ctx, req.userId, req.params.id)),
  );
}
