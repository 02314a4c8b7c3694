import { z } from 'zod';
import { customizationOptionSchema } from './customization.js';
import { RENDER_MODES } from './generation.js';
import { imageErrorResponseSchema, imageIdSchema } from './images.js';
import { maskSubCategorySchema } from './masks.js';

// The AI prompt of an input image (spec image-modules §2 prompt modal, §3 AI prompt material,
// §4, §7 the /ai-prompt calls, §8 AI prompt errors): the materials chosen for the prompt, the
// prompt the writer composes from the image, its regions, the settings and the user's words,
// and the prompt saved with the image.

import { RENDER_TYPES } from './render-types.js';
export { RENDER_TYPES, type RenderType } from './render-types.js';

export const AI_PROMPT_LIMITS = {
  displayNameMaxLength: 200,
  promptMaxLength: 4000,
  materialsTextMaxLength: 4000,
  /** Materials one input image keeps for its prompt. */
  maxMaterials: 100,
} as const;

export const AI_PROMPT_MESSAGES = {
  planRequired: 'An active subscription is required to write AI prompts',
  materialNotFound: 'AI prompt material not found',
  materialAdded: 'AI prompt material added',
  materialExists: 'This material is already in the prompt',
  materialRemoved: 'AI prompt material removed',
  tooManyMaterials: `An image keeps at most ${AI_PROMPT_LIMITS.maxMaterials} prompt materials`,
  displayNameRequired: 'displayName is required',
  displayNameTooLong: `displayName must be at most ${AI_PROMPT_LIMITS.displayNameMaxLength} characters`,
  promptTooLong: `prompt must be at most ${AI_PROMPT_LIMITS.promptMaxLength} characters`,
  userPromptTooLong: `userPrompt must be at most ${AI_PROMPT_LIMITS.promptMaxLength} characters`,
  materialsTextTooLong: `materialsText must be at most ${AI_PROMPT_LIMITS.materialsTextMaxLength} characters`,
  promptSaved: 'Prompt saved',
  promptGenerated: 'Prompt generated',
  // Spec §8 defaults shown by the web when the server gives no message.
  addMaterialFailed: 'Failed to add AI prompt material',
  fetchMaterialsFailed: 'Failed to fetch AI prompt materials',
  removeMaterialFailed: 'Failed to remove AI prompt material',
  generateFailed: 'Failed to generate AI prompt',
  getPromptFailed: 'Failed to get saved prompt',
  savePromptFailed: 'Failed to save prompt',
  saveConfigurationsFailed: 'Failed to save configurations',
} as const;

export const aiPromptErrorResponseSchema = imageErrorResponseSchema;

// ---- the material ----

/** Spec §3 AI prompt material. A negative id (web only) marks one not saved yet. */
export const aiPromptMaterialSchema = z.object({
  id: z.number().int(),
  inputImageId: z.number().int(),
  materialOptionId: z.string().nullable(),
  customizationOptionId: z.string().nullable(),
  subCategoryId: z.string().nullable(),
  displayName: z.string(),
  subCategory: maskSubCategorySchema.nullable(),
  /** The catalog option (for its swatch), when the material names one. */
  materialOption: customizationOptionSchema.nullable(),
  createdAt: z.string(),
});
export type AiPromptMaterial = z.infer<typeof aiPromptMaterialSchema>;

type MaterialIdentity = Pick<AiPromptMaterial, 'materialOptionId' | 'customizationOptionId' | 'subCategoryId' | 'displayName'>;

/** Spec §4: materials with the same subcategory, options and display name are one (names compare trimmed, ignoring case). */
export function aiMaterialKey(m: { [K in keyof MaterialIdentity]?: MaterialIdentity[K] | undefined }): string {
  return JSON.stringify([m.subCategoryId ?? null, m.materialOptionId ?? null, m.customizationOptionId ?? null, (m.displayName ?? '').trim().toLowerCase()]);
}

// ---- calls (spec §7) ----

export const aiPromptInputParamsSchema = z.object({ inputImageId: imageIdSchema });
export const aiPromptMaterialParamsSchema = z.object({ id: imageIdSchema });

const inputImageId = z.coerce
  .number({ error: 'inputImageId must be an image id' })
  .int('inputImageId must be an image id')
  .min(1, 'inputImageId must be an image id')
  .max(2_147_483_647, 'inputImageId must be an image id');

const optionId = (name: string) =>
  z.union([z.string().trim().max(200, `${name} is too long`), z.number().int()], { error: `${name} must be an option id` }).transform((v) => {
    const s = String(v).trim();
    return s === '' ? null : s;
  });

/** POST /ai-prompt/materials. Option ids are the catalog's; a duplicate answers the material already saved. */
export const addAiPromptMaterialRequestSchema = z.object({
  inputImageId,
  materialOptionId: optionId('materialOptionId').nullish(),
  customizationOptionId: optionId('customizationOptionId').nullish(),
  subCategoryId: optionId('subCategoryId').nullish(),
  displayName: z
    .string({ error: AI_PROMPT_MESSAGES.displayNameRequired })
    .trim()
    .min(1, AI_PROMPT_MESSAGES.displayNameRequired)
    .max(AI_PROMPT_LIMITS.displayNameMaxLength, AI_PROMPT_MESSAGES.displayNameTooLong),
});
export type AddAiPromptMaterialRequest = z.input<typeof addAiPromptMaterialRequestSchema>;

export const aiPromptMaterialResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: aiPromptMaterialSchema,
  /** True when the material was already saved (the existing one is answered). */
  duplicate: z.boolean(),
});
export type AiPromptMaterialResponse = z.infer<typeof aiPromptMaterialResponseSchema>;

/** GET /ai-prompt/materials/{inputImageId}: oldest first. */
export const aiPromptMaterialsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ inputImageId: z.number().int(), materials: z.array(aiPromptMaterialSchema) }),
});
export type AiPromptMaterialsResponse = z.infer<typeof aiPromptMaterialsResponseSchema>;

export const aiPromptDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AiPromptDeletedResponse = z.infer<typeof aiPromptDeletedResponseSchema>;

/**
 * POST /ai-prompt/generate. The writer reads the image, its regions (their materials and
 * text), the saved prompt materials (includeSelectedMaterials), `materialsText` (the modal's
 * materials not saved yet: items separated by semicolons or new lines, each a material name or
 * "where: material"; every one is named in the prompt) and the user's words. `renderType`, `settings` (the inspector's
 * choices) and `regions` (unsaved region styles) are optional additions to the spec's payload.
 */
export const generateAiPromptRequestSchema = z.object({
  inputImageId,
  userPrompt: z.string({ error: 'userPrompt must be text' }).max(AI_PROMPT_LIMITS.promptMaxLength, AI_PROMPT_MESSAGES.userPromptTooLong).nullish(),
  materialsText: z
    .string({ error: 'materialsText must be text' })
    .max(AI_PROMPT_LIMITS.materialsTextMaxLength, AI_PROMPT_MESSAGES.materialsTextTooLong)
    .nullish(),
  includeSelectedMaterials: z.boolean({ error: 'includeSelectedMaterials must be true or false' }).default(true),
  renderType: z.enum(RENDER_TYPES, { error: `renderType must be one of ${RENDER_TYPES.join(', ')}` }).nullish(),
  /** The prompt modal's region configuration not saved yet: each replaces the stored style of its region for this prompt. */
  regions: z
    .array(
      z.object({
        maskId: z.number({ error: 'regions.maskId must be a mask id' }).int('regions.maskId must be a mask id'),
        materialOptionId: optionId('materialOptionId').nullish(),
        customizationOptionId: optionId('customizationOptionId').nullish(),
        customText: z.string({ error: 'customText must be text' }).max(1000, 'customText must be at most 1000 characters').nullish(),
      }),
      { error: 'regions must be a list' },
    )
    .max(50, 'regions: at most 50')
    .optional(),
  settings: z
    .object({
      mode: z.enum(RENDER_MODES, { error: 'settings.mode must be photorealistic or art' }).optional(),
      /** Option ids by section (type, context, style, weather, lighting, walls, floors, or an art section). */
      selections: z.record(z.string().max(64), z.union([z.string().max(200), z.number().int()]).nullable()).optional(),
    })
    .nullish(),
});
export type GenerateAiPromptRequest = z.input<typeof generateAiPromptRequestSchema>;
export type GenerateAiPromptRequestParsed = z.output<typeof generateAiPromptRequestSchema>;

export const PROMPT_WRITERS = ['template', 'llm'] as const;
export type PromptWriterName = (typeof PROMPT_WRITERS)[number];

export const generateAiPromptResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    inputImageId: z.number().int(),
    generatedPrompt: z.string(),
    /** Which writer wrote it: the LLM (LLM_BASE_URL), or the template writer (the default, and the fallback). */
    writer: z.enum(PROMPT_WRITERS),
  }),
});
export type GenerateAiPromptResponse = z.infer<typeof generateAiPromptResponseSchema>;

/** POST /ai-prompt/prompt/{inputImageId}: a blank prompt clears it. */
export const saveAiPromptRequestSchema = z.object({
  prompt: z.string({ error: 'prompt must be text' }).max(AI_PROMPT_LIMITS.promptMaxLength, AI_PROMPT_MESSAGES.promptTooLong).nullable(),
});
export type SaveAiPromptRequest = z.infer<typeof saveAiPromptRequestSchema>;

/** GET and POST /ai-prompt/prompt/{inputImageId}: the prompt saved with the image, or null. */
export const savedAiPromptResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ inputImageId: z.number().int(), generatedPrompt: z.string().nullable() }),
});
export type SavedAiPromptResponse = z.infer<typeof savedAiPromptResponseSchema>;
