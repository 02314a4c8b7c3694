import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { assertNoNulCharacter, NUL_CHARACTER_CODE } from './nul-characters.js';

/**
 * The one way routes read multipart/form-data. Every failure of the body itself (no boundary,
 * a part cut off, no closing boundary, a limit passed) is a 4xx `{message, code}` here, and
 * every text part is held to the request-wide NUL rule, so a handler only ever sees a whole,
 * clean form before it stores anything.
 */

export const MALFORMED_MULTIPART_CODE = 'MALFORMED_MULTIPART';

interface MultipartFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

interface MultipartForm {
  /** The file parts, by field name (each accepted field at most once). */
  files: Record<string, MultipartFile>;
  /** The text parts, by field name (the last of a repeated name). */
  fields: Record<string, string>;
}

interface ReadMultipartOptions {
  /** The file fields the route takes; any other file part (or a second one) is refused. */
  fileFields: readonly string[];
  /** The refusal of an unexpected file part, given its (shortened) field name. */
  unexpectedFile: (field: string) => AppError;
  /** The refusal of a file over the route's size limit (413). */
  tooLarge: () => AppError;
  /** The refusal of more files than the route's limit allows. */
  tooManyFiles?: () => AppError;
  /** The refusal of more fields or parts than the route's limits allow. */
  tooManyFields?: () => AppError;
}

const tooManyFieldsDefault = () => new AppError(400, 'VALIDATION_ERROR', 'The form has too many fields.');

/** The form of a multipart request; a request that is not multipart reads as an empty form. */
export async function readMultipartForm(req: FastifyRequest, opts: ReadMultipartOptions): Promise<MultipartForm> {
  const form: MultipartForm = { files: {}, fields: {} };
  if (!req.isMultipart()) return form;
  /** The file part being read, to say which one a body that stops short cut off. */
  let reading: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\u0000')) throw new AppError(400, NUL_CHARACTER_CODE, 'A form field name must not contain a NUL character');
      if (part.type === 'file') {
        const field = part.fieldname;
        if (!opts.fileFields.includes(field) || Object.hasOwn(form.files, field)) {
          part.file.resume();
          throw opts.unexpectedFile(field.slice(0, 50));
        }
        assertNoNulCharacter(part.filename, `${field}.filename`);
        reading = field;
        form.files[field] = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
        reading = undefined;
      } else if (typeof part.value === 'string') {
        assertNoNulCharacter(part.value, part.fieldname);
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartReadError(err, opts, reading);
  }
  return form;
}

/** What went wrong while reading a multipart body, as the reply it deserves. */
function multipartReadError(err: unknown, opts: ReadMultipartOptions, reading: string | undefined): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return opts.tooLarge();
  if (code === 'FST_FILES_LIMIT') return (opts.tooManyFiles ?? opts.tooManyFields ?? tooManyFieldsDefault)();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return (opts.tooManyFields ?? tooManyFieldsDefault)();
  // Anything else the parser or the request stream raises is the body's fault, not ours.
  return malformedMultipart(err, reading);
}

/**
 * Busboy's own errors for a body it cannot parse (plain Errors, no status): the error handler
 * answers them 400 too, for a route that reads `req.parts()` without the helper above.
 */
const PARSER_FAILURES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
  /^The needle cannot /,
];

export function isMultipartParserError(err: unknown): boolean {
  if (!(err instanceof Error) || (err as { statusCode?: number }).statusCode !== undefined) return false;
  return PARSER_FAILURES.some((re) => re.test(err.message));
}

/** The 400 for a body that is not well-formed multipart/form-data, saying what was wrong. */
export function malformedMultipart(err: unknown, fileField?: string): AppError {
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500 && status !== 413) {
    // @fastify/multipart's own client errors (a closed request, a bad field name) keep their words.
    return new AppError(400, MALFORMED_MULTIPART_CODE, `The form could not be read: ${(err as Error).message}.`);
  }
  const message = err instanceof Error ? err.message : '';
  const why = /boundary not found|boundary required|needle/i.test(message)
    ? 'its Content-Type names no usable boundary'
    : /terminated early|unexpected end/i.test(message) && fileField
      ? `the file part "${fileField}" is cut off (the body ends inside it)`
      : /unexpected end|terminated early/i.test(message)
        ? 'it ends without its closing boundary'
        : 'it is not well-formed multipart/form-data';
  return new AppError(400, MALFORMED_MULTIPART_CODE, `The form could not be read: ${why}. Send it again as multipart/form-data.`, fileField ? { field: fileField } : undefined);
}
