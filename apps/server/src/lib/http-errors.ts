import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { isMultipartParserError, malformedMultipart } from './multipart.js';

/** Turns every error into `{message, code}` with the right status; bad input never becomes a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, req, reply) => {
    // A multipart body busboy could not parse, on a route that read it without readMultipartForm.
    const err = isMultipartParserError(thrown) ? malformedMultipart(thrown) : thrown;
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || ((issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path ?? []).join('.');
      const message = issue?.message ?? 'Invalid request';
      return reply.code(400).send({
        message: field && !mentionsField(message, String(field)) ? `${field}: ${message}` : message,
        code: 'VALIDATION_ERROR',
        field: field || undefined,
      });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: fe.message || 'Too many requests', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      const code =
        fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'BAD_REQUEST';
      return reply.code(status).send({ message: fe.message || 'Bad request', code });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}

/**
 * Whether a validation message already names its field, so it is shown as written (the spec's
 * texts): 'Name must be at least 2 characters' names `fullName`, 'Password must…' names `newPassword`.
 */
function mentionsField(message: string, field: string): boolean {
  const text = message.toLowerCase();
  const last = field.split('.').pop() ?? field;
  if (text.includes(last.toLowerCase())) return true;
  const words = last.split(/(?=[A-Z])|[_-]/).filter((w) => w.length >= 4);
  return words.some((w) => text.includes(w.toLowerCase()));
}

/** A route's error replies for its schema's `response`, each status answering `{message, code}` (shown in /api/docs). */
export function errorResponses<S>(schema: S, statuses: readonly number[]): Record<number, S> {
  return Object.fromEntries(statuses.map((s) => [s, schema])) as Record<number, S>;
}
