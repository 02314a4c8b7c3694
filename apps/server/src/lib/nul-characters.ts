import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * One rule for every string a request brings: none may contain U+0000. PostgreSQL refuses the
 * character in text and JSON, so a NUL that reached a query was a 500 after part of the work
 * was stored; refused here it is a 400 naming the field, before any handler runs.
 */
export const NUL_CHARACTER_CODE = 'NUL_CHARACTER';

const hasNul = (s: string) => s.includes('\u0000');
const showKey = (key: string) => key.split('\u0000').join('\\u0000');
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The path of the first string (value or object key) holding a NUL, e.g. `settings.selections.0.label`;
 * `path` itself when `value` is such a string; null when there is none.
 */
export function findNulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulPath(value[i], join(path, i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (hasNul(key)) return join(path, showKey(key));
    const found = findNulPath(child, join(path, key));
    if (found !== null) return found;
  }
  return null;
}

/** The 400 for a NUL in `field` (a dotted path; empty for the whole value). */
function nulCharacterError(field: string): AppError {
  const name = field || 'The request body';
  return new AppError(400, NUL_CHARACTER_CODE, `${name} must not contain a NUL character`, field ? { field } : undefined);
}

/** Throws the 400 when `value` (a string, or anything JSON-like) holds a NUL; `field` prefixes the path. */
export function assertNoNulCharacter(value: unknown, field = ''): void {
  const found = findNulPath(value, field);
  if (found !== null) throw nulCharacterError(found);
}

/**
 * A JSON text sent inside a form field (multipart `materials`, `position`…): parsed, and held
 * to the same rule as a JSON body (a `\u0000` escape only becomes a NUL once parsed).
 * Text that is not JSON answers `{ok: false}`, so the caller words its own message.
 */
export function parseJsonField(text: string, field: string): { ok: true; value: unknown } | { ok: false } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  assertNoNulCharacter(value, field);
  return { ok: true, value };
}

/**
 * The request-level check, on every route: path parameters, the query string and a parsed body
 * (JSON, form-urlencoded or text) before validation and before any handler. Multipart bodies are
 * read by the handler, through `readMultipartForm`, which applies the same rule to each part.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    assertNoNulCharacter(req.params);
    assertNoNulCharacter(req.query);
    assertNoNulCharacter(req.body);
  });
}
