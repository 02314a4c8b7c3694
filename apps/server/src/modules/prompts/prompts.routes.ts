import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAiPromptMaterialRequestSchema,
  aiPromptDeletedResponseSchema,
  aiPromptErrorResponseSchema,
  aiPromptInputParamsSchema,
  aiPromptMaterialParamsSchema,
  aiPromptMaterialResponseSchema,
  aiPromptMaterialsResponseSchema,
  generateAiPromptRequestSchema,
  generateAiPromptResponseSchema,
  saveAiPromptRequestSchema,
  savedAiPromptResponseSchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { userRateLimit } from '../../lib/user-rate-limit.js';
import { onInputImageCopied } from '../images/index.js';
import { addMaterial, copyMaterials, generatePrompt, getSavedPrompt, listMaterials, removeMaterial, savePrompt } from './prompts.service.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['ai-prompt'];
const BEARER = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  errorResponses(aiPromptErrorResponseSchema, statuses);

/**
 * /api/ai-prompt/* (spec §7 the /ai-prompt calls): an input image's prompt materials, the AI
 * prompt writer and the prompt saved with the image. Prompt materials follow an input image to
 * the inputs continued from its renders.
 */
export async function registerPromptsRoutes(api: App): Promise<void> {
  onInputImageCopied(copyMaterials);
  await api.register(promptsPlugin, { prefix: '/ai-prompt' });
}

async function promptsPlugin(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preHandler: app.requireWorkspace };

  app.post(
    '/materials',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Add a material to an input image's prompt (a duplicate answers the one already saved)",
        description:
          'Duplicates are materials with the same subcategory, options and display name (compared trimmed, ignoring case). ' +
          'Option ids are those of GET /customization/options; a material brings its own category when `subCategoryId` is left out.',
        body: addAiPromptMaterialRequestSchema,
        response: { 200: aiPromptMaterialResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (req) => addMaterial(ctx, req.userId, req.body),
  );

  app.get(
    '/materials/:inputImageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "An input image's prompt materials, oldest first",
        params: aiPromptInputParamsSchema,
        response: { 200: aiPromptMaterialsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => listMaterials(ctx, req.userId, req.params.inputImageId),
  );

  app.delete(
    '/materials/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Remove a prompt material',
        params: aiPromptMaterialParamsSchema,
        response: { 200: aiPromptDeletedResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => removeMaterial(ctx, req.userId, req.params.id),
  );

  const generateLimit = userRateLimit({ max: ctx.config.USER_RATE_LIMIT });
  app.post(
    '/generate',
    {
      preHandler: [app.requireWorkspace, generateLimit],
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Write a render prompt for an input image',
        description:
          "Reads the image's visible regions with their materials and text, its prompt materials (unless " +
          '`includeSelectedMaterials` is false), `materialsText`, the inspector choices in `settings` (else those saved with the ' +
          "image) and `userPrompt`. The template writer composes it offline; with LLM_BASE_URL an OpenAI-compatible model writes it " +
          'from the image too, and the template writer takes over if the model fails. The result is kept as the image\'s aiPrompt.',
        body: generateAiPromptRequestSchema,
        response: { 200: generateAiPromptResponseSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      // A client that goes away stops the writer (the LLM call is the slow part).
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) controller.abort(new Error('The client went away'));
      });
      return generatePrompt(ctx, req.userId, req.body, controller.signal);
    },
  );

  app.get(
    '/prompt/:inputImageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'The prompt saved with an input image (null when none)',
        params: aiPromptInputParamsSchema,
        response: { 200: savedAiPromptResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => getSavedPrompt(ctx, req.userId, req.params.inputImageId),
  );

  app.post(
    '/prompt/:inputImageId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Save the prompt of an input image (blank or null clears it)',
        params: aiPromptInputParamsSchema,
        body: saveAiPromptRequestSchema,
        response: { 200: savedAiPromptResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => savePrompt(ctx, req.userId, req.params.inputImageId, req.body.prompt),
  );
}
