import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './http-errors.js';
import { MALFORMED_MULTIPART_CODE } from './multipart.js';

/**
 * The error handler's net under the shared reader: a route that walks `req.parts()` itself
 * (as a future one might) still answers a malformed body 400, with busboy's real errors.
 */

let app: FastifyInstance;
const B = 'xBoundary';

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(multipart);
  app.post('/raw', async (req) => {
    const names: string[] = [];
    for await (const part of req.parts()) {
      names.push(part.fieldname);
      if (part.type === 'file') await part.toBuffer();
    }
    return { names };
  });
  await app.ready();
});
afterAll(() => app?.close());

const post = (contentType: string, payload: string) => app.inject({ method: 'POST', url: '/raw', headers: { 'content-type': contentType }, payload });
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (bytes: string) => `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}`;

describe('a route reading multipart without the shared reader', () => {
  it('reads a well-formed form', async () => {
    const res = await post(`multipart/form-data; boundary=${B}`, `${field('name', 'Brick')}\r\n--${B}--\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ names: ['name'] });
  });

  it.each([
    ['no boundary', 'multipart/form-data', `${field('name', 'Brick')}\r\n--${B}--\r\n`, /boundary/],
    ['a file part cut off', `multipart/form-data; boundary=${B}`, file('\x89PNG\r\n\x1a\n0000'), /closing boundary/],
    ['no closing boundary', `multipart/form-data; boundary=${B}`, `${field('name', 'Brick')}\r\n`, /closing boundary/],
  ])('answers 400 MALFORMED_MULTIPART for %s', async (_what, contentType, payload, why) => {
    const res = await post(contentType, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; code: string }>();
    expect(body.code).toBe(MALFORMED_MULTIPART_CODE);
    expect(body.message).toMatch(why);
  });
});
