import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_ERROR_CODES, imageErrorResponseSchema } from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { contentTypeForKey, isValidStorageKey, StorageNotFoundError } from '../../providers/storage/index.js';

const filesQuerySchema = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(128).optional() });

/**
 * GET /api/files/<key>?exp&sig: the file behind a signed URL. No bearer token (an `<img>` cannot
 * send one): the signature is the permission, and it covers the whole key, which holds the
 * owner's id. Bad or expired signatures are 403; a file no longer stored is 404.
 */
export function registerFileRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored file, through a signed URL handed out by the API',
        querystring: filesQuerySchema,
        response: { 200: z.any().describe('the file'), 304: z.any().describe('not modified'), 403: imageErrorResponseSchema, 404: imageErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const check = isValidStorageKey(key) ? ctx.urls.verify(key, req.query.exp, req.query.sig) : 'invalid';
      if (check === 'expired')
        throw new AppError(403, IMAGE_ERROR_CODES.linkExpired, 'This link has expired. Reload the page to get a fresh one.');
      if (check !== 'ok') throw new AppError(403, IMAGE_ERROR_CODES.invalidSignature, 'This link is not valid.');

      const etag = `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
      const maxAge = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
      // Keys are never reused for other bytes, so the file is immutable for as long as the URL lives.
      const caching = { 'cache-control': `private, max-age=${maxAge}, immutable`, etag };
      if (req.headers['if-none-match'] === etag) return reply.code(304).headers(caching).send();

      let file: { body: Readable | Buffer; size: number };
      try {
        if (ctx.storage.stream) file = await ctx.storage.stream(key);
        else {
          const bytes = await ctx.storage.get(key);
          file = { body: bytes, size: bytes.length };
        }
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw new AppError(404, IMAGE_ERROR_CODES.notFound, 'File not found');
        throw err;
      }
      return reply
        .headers(caching)
        .header('content-type', contentTypeForKey(key))
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .send(file.body);
    },
  );
}
