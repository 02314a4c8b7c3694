import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  imageErrorResponseSchema,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_LIMITS,
  PUSH_VIEW_FIELDS,
  pushedViewSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { userRateLimit } from '../../lib/user-rate-limit.js';
import { PUBLIC_API_SECURITY, PUBLIC_API_TAG, withExample } from '../../lib/public-api.js';
import { pushView, type PushViewForm } from './plugins.service.js';
import { PASS_FILE_FIELDS, uploadPassesOf } from '../images/index.js';
import { errorResponses } from '../../lib/http-errors.js';

const errors = (...statuses: number[]) =>
  errorResponses(imageErrorResponseSchema, statuses);

/** POST /api/plugins/views: a plugin pushes a view (with an API key or a session). */
export async function registerPluginRoutes(api: App): Promise<void> {
  await api.register(pluginsPlugin, { prefix: '/plugins' });
}

/** The form's `view` and `idPass` files (bounded) and its text fields, in any order. */
async function readViewForm(req: FastifyRequest): Promise<PushViewForm> {
  const { files, fields } = await readMultipartForm(req, {
    fileFields: [PUSH_VIEW_FIELDS.view, PUSH_VIEW_FIELDS.idPass, ...PASS_FILE_FIELDS],
    unexpectedFile: (field) =>
      new AppError(400, 'VALIDATION_ERROR', `Unexpected file field "${field}": send the view in "view", its ID pass in "idPass", its passes in "depth" and "normal".`, { field }),
    tooLarge: () => new AppError(413, IMAGE_ERROR_CODES.payloadTooLarge, IMAGE_MESSAGES.tooLarge),
    tooManyFields: () =>
      new AppError(400, 'VALIDATION_ERROR', 'The form has too many fields: send view, and optionally idPass, materials, depth, normal, depthNear, depthFar, source, name, prompt and set.'),
  });
  const view = files[PUSH_VIEW_FIELDS.view];
  return {
    view: view ? { bytes: view.bytes, filename: view.filename } : null,
    idPass: files[PUSH_VIEW_FIELDS.idPass]?.bytes ?? null,
    passes: uploadPassesOf(files, fields),
    fields,
  };
}

async function pluginsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_LIMITS.maxBytes, files: 4, fields: 13, fieldSize: 64 * 1024, parts: 24 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/views',
    {
      preHandler: [app.requireUserOrApiKey, userRateLimit({ max: ctx.config.USER_RATE_LIMIT })],
      schema: {
        tags: ['plugins', PUBLIC_API_TAG],
        security: PUBLIC_API_SECURITY,
        summary: 'Push a view from a modelling tool; answers the deep link that opens Create on it',
        description: withExample(
          'multipart/form-data with `view` (JPG, PNG or WEBP, as for /images/upload-input), optional `idPass` (PNG, one flat ' +
            'colour per material) and `materials` (JSON "#rrggbb" → name), optional `source` (revit, sketchup, rhino, archicad, ' +
            'blender or webhook; default webhook), `name` (the camera or view name, kept as the file name) and `prompt`. ' +
            'Optional `depth` and `normal` passes (with `depthNear`/`depthFar`), as for /images/upload-input, and `set`: the ' +
            'name of the view set it belongs to (at most 120 characters), answered back. ' +
            'Answers the input image id, its named regions and `url`: PUBLIC_URL/create?imageId={id}&source={source}&showMasks=true, ' +
            'which opens Create on the view with the prompt modal. A bad field is a 400 naming it, and nothing is stored.',
          'curl -H "Authorization: Bearer $ATELIER_KEY" -F view=@view.png -F idPass=@ids.png -F materials=\'{"#c8553d":"Brick"}\' \\\n' +
            '  -F source=sketchup -F name="Camera 01" "$ATELIER_URL/api/plugins/views"',
        ),
        consumes: ['multipart/form-data'],
        response: { 201: pushedViewSchema, ...errors(400, 401, 403, 413, 415, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await pushView(ctx, req.userId, await readViewForm(req))),
  );
}
