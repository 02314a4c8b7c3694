import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageErrorResponseSchema as errorResponseSchema, SUPPORT_LIMITS, SUPPORT_MESSAGES, supportRequestFieldsSchema, supportRequestResponseSchema } from '@atelier/contract';
import type { App } from '../../types.js';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { sendSupportRequest, type SupportAttachment } from './support.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const BEARER = [{ bearerAuth: [] }];
/** Error replies: { message, code } and, for a bad field, its name. */
const errors = (...statuses: number[]) => errorResponses(errorResponseSchema, statuses);

/** POST /api/support/requests: the /support contact form, e-mailed to SUPPORT_EMAIL with a receipt to the user. */
export async function registerSupportRoutes(api: App): Promise<void> {
  await api.register(supportPlugin, { prefix: '/support' });
}

/** The form's text fields and its one optional attachment (field "attachment"), bounded. */
async function readSupportForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; attachment: SupportAttachment | null }> {
  if (!req.isMultipart()) throw new AppError(400, 'VALIDATION_ERROR', 'Send the form as multipart/form-data with topic and message.');
  const refuseAttachment = (message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field: 'attachment' });
  const { files, fields } = await readMultipartForm(req, {
    fileFields: ['attachment'],
    unexpectedFile: () => refuseAttachment('Attach the file in the "attachment" field.'),
    tooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', SUPPORT_MESSAGES.attachmentTooLarge, { field: 'attachment' }),
    tooManyFiles: () => refuseAttachment('Attach one file at most.'),
  });
  const file = files.attachment;
  if (!file || file.bytes.length === 0) return { fields, attachment: null };
  if (!(SUPPORT_LIMITS.attachmentTypes as readonly string[]).includes(file.mimetype)) throw refuseAttachment(SUPPORT_MESSAGES.attachmentType);
  const filename = file.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'attachment';
  return { fields, attachment: { filename, content: file.bytes, contentType: file.mimetype } };
}

async function supportPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: SUPPORT_LIMITS.attachmentMaxBytes, files: 1, fields: 4, fieldSize: SUPPORT_LIMITS.messageMax * 4, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/requests',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['support'],
        security: BEARER,
        summary: 'Write to support (multipart: topic, message, optional attachment); answered by e-mail',
        consumes: ['multipart/form-data'],
        response: { 200: supportRequestResponseSchema, ...errors(400, 401, 413) },
      },
    },
    async (req) => {
      const { fields, attachment } = await readSupportForm(req);
      const parsed = supportRequestFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? '');
        throw new AppError(400, 'VALIDATION_ERROR', issue?.message ?? 'Invalid form', field ? { field } : undefined);
      }
      await sendSupportRequest(ctx, req.userId, parsed.data, attachment);
      return { success: true as const, message: SUPPORT_MESSAGES.sent };
    },
  );
}
