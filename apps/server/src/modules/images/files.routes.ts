import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_ERROR_CODES, imageErrorResponseSchema } from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import {
  contentTypeForKey,
  isValidStorageKey,
  parseRangeHeader,
  StorageNotFoundError,
  StorageRangeError,
  type StoredStream,
} from '../../providers/storage/index.js';

const filesQuerySchema = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(128).optional() });

/**
 * GET /api/files/<key>?exp&sig: the file behind a signed URL. No bearer token (an `<img>` cannot
 * send one): the signature is the permission, and it covers the whole key, which holds the
 * owner's id. Bad or expired signatures are 403; a file no longer stored is 404.
 */
export function registerFileRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const presigned = ctx.config.S3_PUBLIC_READS === 'presigned' && !!ctx.storage.presignedUrl;

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored file, through a signed URL handed out by the API',
        querystring: filesQuerySchema,
        response: {
          200: z.any().describe('the file'),
          206: z.any().describe('the bytes of the Range asked for'),
          302: z.any().describe('S3_PUBLIC_READS=presigned: a short-lived URL of the object itself'),
          304: z.any().describe('not modified'),
          403: imageErrorResponseSchema,
          404: imageErrorResponseSchema,
          416: z.any().describe('the Range starts past the end of the file'),
        },
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

      if (presigned) {
        // The object's own URL, valid for what is left of this one (at least a minute).
        const url = await ctx.storage.presignedUrl!(key, Math.max(60, maxAge));
        return reply.code(302).header('cache-control', 'private, no-store').header('location', url).send();
      }

      // One byte range (video players, resumed downloads); If-Range is honoured by our own ETag.
      const ifRange = req.headers['if-range'];
      const range = ifRange === undefined || ifRange === etag ? parseRangeHeader(req.headers.range) : null;
      let file: StoredStream | { body: Buffer; size: number; range?: undefined };
      try {
        if (ctx.storage.stream) file = await ctx.storage.stream(key, range ?? undefined);
        else {
          const bytes = await ctx.storage.get(key);
          file = { body: bytes, size: bytes.length };
        }
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw new AppError(404, IMAGE_ERROR_CODES.notFound, 'File not found');
        if (err instanceof StorageRangeError) {
          return reply.code(416).headers(caching).header('content-range', `bytes */${err.total}`).send();
        }
        throw err;
      }
      reply
        .headers(caching)
        .header('accept-ranges', 'bytes')
        .header('content-type', contentTypeForKey(key))
        .header('content-length', file.size)
        .header('content-disposition', 'inline');
      if (file.range) reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.range.total}`);
      return reply.send(file.body as Readable | Buffer);
    },
  );
}
