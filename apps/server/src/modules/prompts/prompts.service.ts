import sharp from 'sharp';
import type { z } from 'zod';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  AI_PROMPT_LIMITS,
  AI_PROMPT_MESSAGES,
  aiMaterialKey,
  GENERATION_ERROR_CODES,
  hasActivePlan,
  type addAiPromptMaterialRequestSchema,
  type AiPromptMaterial,
  type AiPromptMaterialResponse,
  type AiPromptMaterialsResponse,
  type GenerateAiPromptRequestParsed,
  type GenerateAiPromptResponse,
  type RenderType,
  type SavedAiPromptResponse,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { aiPromptMaterials } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { createPromptWriter, type PromptBrief, type PromptWriter } from '../../providers/llm/index.js';
import { getCustomizationOptions } from '../customization/index.js';
import {
  getOwnedInputImage,
  readInputImageBytes,
  setInputImagePrompts,
  type ImagesContext,
  type InputImageCopiedEvent,
} from '../images/index.js';
import { catalogMaterial, catalogOption, catalogSubCategory, listRegionsForPrompt, subCategoryOfMaterial } from '../masks/index.js';

/**
 * AI prompts (spec §2 prompt modal, §3 AI prompt material, §4, §7 the /ai-prompt calls): the
 * materials chosen for an input image's prompt (duplicates answered, never stored twice), the
 * prompt writer (template by default, an OpenAI-compatible LLM when LLM_BASE_URL is set, with
 * the template as its fallback), and the prompt saved with the image (input_images, written
 * through the images module). Another user's image or material is "not found".
 */

type Executor = Db | Tx;
type MaterialRow = typeof aiPromptMaterials.$inferSelect;

type AddParsed = z.output<typeof addAiPromptMaterialRequestSchema>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function presentMaterial(row: MaterialRow): AiPromptMaterial {
  return {
    id: row.id,
    inputImageId: row.inputImageId,
    materialOptionId: row.materialOptionId,
    customizationOptionId: row.customizationOptionId,
    subCategoryId: row.subCategoryId,
    displayName: row.displayName,
    subCategory: catalogSubCategory(row.subCategoryId) ?? subCategoryOfMaterial(row.materialOptionId),
    materialOption: catalogOption(row.materialOptionId) ?? catalogOption(row.customizationOptionId),
    createdAt: iso(row.createdAt),
  };
}

async function materialsOf(db: Executor, userId: number, inputImageId: number): Promise<MaterialRow[]> {
  return db
    .select()
    .from(aiPromptMaterials)
    .where(and(eq(aiPromptMaterials.userId, userId), eq(aiPromptMaterials.inputImageId, inputImageId)))
    .orderBy(asc(aiPromptMaterials.createdAt), asc(aiPromptMaterials.id));
}

function field(message: string, name: string) {
  return new AppError(400, 'VALIDATION_ERROR', message, { field: name });
}

/** The catalog checks of a material's ids (400 naming the field); a material brings its own category when none is given. */
function checkIds(body: Pick<AddParsed, 'materialOptionId' | 'customizationOptionId' | 'subCategoryId'>) {
  const materialOptionId = body.materialOptionId ?? null;
  const customizationOptionId = body.customizationOptionId ?? null;
  let subCategoryId = body.subCategoryId ?? null;
  if (materialOptionId && !catalogMaterial(materialOptionId)) throw field('materialOptionId: no material of the catalog has this id', 'materialOptionId');
  if (customizationOptionId && !catalogOption(customizationOptionId)) throw field('customizationOptionId: no option of the catalog has this id', 'customizationOptionId');
  if (subCategoryId && !catalogSubCategory(subCategoryId)) throw field('subCategoryId: no material category of the catalog has this id', 'subCategoryId');
  const own = subCategoryOfMaterial(materialOptionId);
  if (own && !subCategoryId) subCategoryId = own.id;
  if (own && subCategoryId !== own.id) throw field('subCategoryId: the material belongs to another category', 'subCategoryId');
  return { materialOptionId, customizationOptionId, subCategoryId };
}

/** POST /ai-prompt/materials: the saved material, or the one already saved with the same subcategory, options and name. */
export async function addMaterial(ctx: Pick<AppContext, 'db'>, userId: number, body: AddParsed): Promise<AiPromptMaterialResponse> {
  await getOwnedInputImage(ctx.db, userId, body.inputImageId);
  const ids = checkIds(body);
  const displayName = body.displayName.trim();
  const dedupeKey = aiMaterialKey({ ...ids, displayName });
  const existing = async () => {
    const [row] = await ctx.db
      .select()
      .from(aiPromptMaterials)
      .where(and(eq(aiPromptMaterials.userId, userId), eq(aiPromptMaterials.inputImageId, body.inputImageId), eq(aiPromptMaterials.dedupeKey, dedupeKey)))
      .limit(1);
    return row;
  };
  const found = await existing();
  if (found) return { success: true, message: AI_PROMPT_MESSAGES.materialExists, data: presentMaterial(found), duplicate: true };

  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(aiPromptMaterials)
    .where(and(eq(aiPromptMaterials.userId, userId), eq(aiPromptMaterials.inputImageId, body.inputImageId)));
  if (n >= AI_PROMPT_LIMITS.maxMaterials) throw new AppError(409, 'TOO_MANY_MATERIALS', AI_PROMPT_MESSAGES.tooManyMaterials);

  const [row] = await ctx.db
    .insert(aiPromptMaterials)
    .values({ userId, inputImageId: body.inputImageId, ...ids, displayName, dedupeKey })
    .onConflictDoNothing()
    .returning();
  if (row) return { success: true, message: AI_PROMPT_MESSAGES.materialAdded, data: presentMaterial(row), duplicate: false };
  // Saved by a concurrent request between the check and the insert.
  const raced = await existing();
  if (!raced) throw new AppError(409, 'CONFLICT', AI_PROMPT_MESSAGES.materialExists);
  return { success: true, message: AI_PROMPT_MESSAGES.materialExists, data: presentMaterial(raced), duplicate: true };
}

/** GET /ai-prompt/materials/{inputImageId}: oldest first. */
export async function listMaterials(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number): Promise<AiPromptMaterialsResponse> {
  await getOwnedInputImage(ctx.db, userId, inputImageId);
  const rows = await materialsOf(ctx.db, userId, inputImageId);
  return { success: true, data: { inputImageId, materials: rows.map(presentMaterial) } };
}

/** DELETE /ai-prompt/materials/{id}. */
export async function removeMaterial(ctx: Pick<AppContext, 'db'>, userId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(aiPromptMaterials)
    .where(and(eq(aiPromptMaterials.id, id), eq(aiPromptMaterials.userId, userId)))
    .limit(1);
  const missing = () => notFound(AI_PROMPT_MESSAGES.materialNotFound);
  if (!row) throw missing();
  await getOwnedInputImage(ctx.db, userId, row.inputImageId).catch(() => {
    throw missing();
  });
  await ctx.db.delete(aiPromptMaterials).where(and(eq(aiPromptMaterials.id, id), eq(aiPromptMaterials.userId, userId)));
  return { success: true as const, message: AI_PROMPT_MESSAGES.materialRemoved };
}

// ---- the prompt ----

/** GET /ai-prompt/prompt/{inputImageId}. */
export async function getSavedPrompt(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number): Promise<SavedAiPromptResponse> {
  const row = await getOwnedInputImage(ctx.db, userId, inputImageId);
  return { success: true, data: { inputImageId, generatedPrompt: row.generatedPrompt } };
}

/** POST /ai-prompt/prompt/{inputImageId}: a blank prompt clears it. */
export async function savePrompt(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number, prompt: string | null): Promise<SavedAiPromptResponse> {
  const row = await setInputImagePrompts(ctx.db, userId, inputImageId, { generatedPrompt: prompt });
  return { success: true, data: { inputImageId, generatedPrompt: row.generatedPrompt } };
}

const writers = new WeakMap<object, PromptWriter>();

/** The app's prompt writer (LLM_BASE_URL: the LLM with the template fallback; else the template). */
export function promptWriterOf(ctx: Pick<AppContext, 'config' | 'log'>): PromptWriter {
  let w = writers.get(ctx);
  if (!w) {
    w = createPromptWriter(ctx.config, ctx.log);
    writers.set(ctx, w);
  }
  return w;
}

const name = (id: string | null | undefined) => catalogOption(id)?.displayName ?? null;

function artStyleName(selections: Record<string, string>): string | null {
  for (const section of getCustomizationOptions().art) {
    const id = selections[section.key];
    if (!id) continue;
    const o = catalogOption(id);
    return o ? `${section.displayName} (${o.displayName})` : section.displayName;
  }
  return null;
}

function stringSelections(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
    else if (typeof v === 'number') out[k] = String(v);
  }
  return out;
}

/** The image for a writer that looks at it: at most 768 px on its long side, as JPEG. */
async function imageForWriter(bytes: Buffer): Promise<{ bytes: Buffer; mimeType: string }> {
  const small = await sharp(bytes).rotate().resize(768, 768, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
  return { bytes: small, mimeType: 'image/jpeg' };
}

/** What the photo looks like: no sky and a floor region → interior, else exterior (the one guess of the render type). */
function guessRenderType(regions: ReadonlyArray<{ label: string | null; section: string | null }>): RenderType {
  const hasSky = regions.some((r) => r.label === 'sky');
  return !hasSky && regions.some((r) => r.section === 'floors') ? 'interior' : 'exterior';
}

/**
 * POST /ai-prompt/generate: the brief (the image's visible regions with their materials and text,
 * the saved prompt materials unless includeSelectedMaterials is false, materialsText, the
 * inspector's choices from `settings` or else those saved with the image, the user's words)
 * written into a prompt, kept as the image's aiPrompt.
 */
export async function generatePrompt(ctx: AppContext, userId: number, body: GenerateAiPromptRequestParsed, signal?: AbortSignal): Promise<GenerateAiPromptResponse> {
  // Writing a prompt may call a paid model: like Create, Tweak and Refine, it is for plan holders.
  if (!hasActivePlan(await ctx.subscriptionOf(userId))) throw forbidden(AI_PROMPT_MESSAGES.planRequired, GENERATION_ERROR_CODES.planRequired);
  const input = await getOwnedInputImage(ctx.db, userId, body.inputImageId);
  const saved = (input.settings ?? {}) as { selections?: unknown; selectedStyle?: unknown };
  const selections = stringSelections(body.settings?.selections ?? saved.selections);
  const mode = body.settings?.mode ?? (saved.selectedStyle === 'art' ? 'art' : 'photorealistic');

  const overrides = new Map((body.regions ?? []).map((r) => [r.maskId, r]));
  const regions = (await listRegionsForPrompt(ctx, userId, input.id)).map((r) => {
    const o = overrides.get(r.id);
    if (!o) return r;
    // The modal's unsaved style of this region (unknown catalog ids are left out, not refused).
    const option = catalogMaterial(o.materialOptionId) ?? catalogOption(o.customizationOptionId);
    return {
      ...r,
      materialName: option?.displayName ?? null,
      section: option?.category ?? null,
      subCategoryName: subCategoryOfMaterial(o.materialOptionId)?.displayName ?? null,
      customText: o.customText?.trim() || null,
    };
  });
  const materials = body.includeSelectedMaterials ? (await materialsOf(ctx.db, userId, input.id)).map((m) => m.displayName) : [];
  // The render type chosen in Create wins; only a caller that sends none gets the guess from the photo.
  const renderType: RenderType = body.renderType ?? guessRenderType(regions);

  const brief: PromptBrief = {
    renderType,
    mode,
    artStyle: mode === 'art' ? (artStyleName(selections) ?? null) : null,
    buildingType: name(selections.type),
    context: name(selections.context),
    style: name(selections.style),
    weather: name(selections.weather),
    lighting: name(selections.lighting),
    walls: mode === 'art' ? null : name(selections.walls),
    floors: mode === 'art' ? null : name(selections.floors),
    regions: regions.map((r) => ({
      label: r.label,
      area: r.area,
      material: r.materialName,
      section: r.section,
      category: r.subCategoryName,
      text: r.customText,
    })),
    materials,
    materialsText: body.materialsText?.trim() || null,
    userPrompt: body.userPrompt?.trim() || null,
    image: null,
  };
  const writer = promptWriterOf(ctx);
  if (writer.name === 'llm') brief.image = await imageForWriter(await readInputImageBytes(ctx, input));
  const written = await writer.write(brief, { signal });
  await setInputImagePrompts(ctx.db, userId, input.id, { aiPrompt: written.text });
  return {
    success: true,
    message: AI_PROMPT_MESSAGES.promptGenerated,
    data: { inputImageId: input.id, generatedPrompt: written.text, writer: written.writer },
  };
}

/** onInputImageCopied: the new input image keeps the original's prompt materials. */
export async function copyMaterials(event: InputImageCopiedEvent, ctx: ImagesContext): Promise<void> {
  const rows = await materialsOf(ctx.db, event.userId, event.fromInputImageId);
  if (rows.length === 0) return;
  await ctx.db
    .insert(aiPromptMaterials)
    .values(
      rows.map((r) => ({
        userId: event.userId,
        inputImageId: event.toInputImageId,
        materialOptionId: r.materialOptionId,
        customizationOptionId: r.customizationOptionId,
        subCategoryId: r.subCategoryId,
        displayName: r.displayName,
        dedupeKey: r.dedupeKey,
      })),
    )
    .onConflictDoNothing();
}
