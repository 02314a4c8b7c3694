import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  DEFAULT_RENDER_TYPE,
  hasActivePlan,
  storedRenderType,
  type Batch,
  type BatchImage,
  type BatchStatusResponse,
  type CreateFromBatchRequestParsed,
  type CustomizationSettings,
  type GenerateWithStateRequestParsed,
  type GenerationRequestParsed,
  type GenerationResponse,
  type GeneratedImage,
  type LegacyCreateResponse,
  type Pagination,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { batches, generatedImages } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { pageInfo, pageOffset, type PageRequest } from '../../lib/pagination.js';
import { getSubscription } from '../billing/index.js';
import {
  getOwnedGeneratedImage,
  getOwnedInputImage,
  listInputImages,
  presentGeneratedImage,
  readInputImageBytes,
  type GeneratedImageRow,
} from '../images/index.js';
import { readMasksForRender } from './masks.hook.js';
import {
  cleanSelections,
  customizationFromStored,
  defaultKsampler,
  promptOrDefault,
  randomSeed,
  renderSnapshot,
  resolveArtStyle,
  type GenerationInput,
} from './generation.settings.js';
import { RENDER_QUEUE } from './render.job.js';
import { startVariationBatch } from './variation-batch.js';

/**
 * Create-module generation: a request becomes a batch of PROCESSING variations, paid for in the
 * same transaction (one credit per variation, debit key batch:<id>) that also enqueues one
 * render job per variation (startVariationBatch); the reply and generation_started go out at
 * once, the images arrive over the live socket.
 */

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** POST /runpod/generate body → GenerationInput. Slider values come from settings, else sliderSettings, else the defaults. */
export function inputFromRequest(body: GenerationRequestParsed): GenerationInput {
  const s = body.settings ?? {};
  const sliders = body.sliderSettings ?? {};
  const mode = s.mode ?? (sliders.mode === 'art' || sliders.selectedStyle === 'art' ? 'art' : 'photorealistic');
  const regionSelections = Object.fromEntries(
    Object.entries(s.regions ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  );
  const selections = cleanSelections(
    regionSelections,
    s.selections,
    { type: s.buildingType, context: s.context, style: s.styleSelection },
  );
  return {
    inputImageId: body.inputImageId,
    prompt: promptOrDefault(body.prompt),
    variations: body.variations,
    existingBatchId: body.existingBatchId ?? null,
    mode,
    renderType: s.renderType ?? DEFAULT_RENDER_TYPE,
    creativity: s.creativity ?? clampNum(num(sliders.creativity), 2, 4, 3),
    expressivity: s.expressivity ?? clampNum(num(sliders.expressivity), 1, 6, 2),
    resemblance: s.resemblance ?? clampNum(num(sliders.resemblance), 1, 10, 3),
    structureFidelity: s.structureFidelity,
    selections,
    artStyle: resolveArtStyle(mode, s.artStyle, s.category, selections),
    regions: s.regions ?? null,
    ksampler: {
      cfgKsampler1: s.cfgKsampler1 ?? defaultKsampler().cfgKsampler1,
      stepsKsampler1: s.stepsKsampler1 ?? defaultKsampler().stepsKsampler1,
      denoiseKsampler1: s.denoiseKsampler1 ?? defaultKsampler().denoiseKsampler1,
    },
    maskPrompts: body.maskPrompts ?? {},
    maskMaterialMappings: body.maskMaterialMappings ?? {},
    aiPromptMaterials: body.aiPromptMaterials ?? [],
    contextSelection: body.contextSelection ?? null,
    sliderSettings: body.sliderSettings ?? null,
    maskKeyword: s.maskKeyword ?? null,
    negativePrompt: s.negativePrompt ?? null,
  };
}

function clampNum(v: number | undefined, min: number, max: number, d: number): number {
  return v === undefined ? d : Math.min(max, Math.max(min, v));
}

/** POST /runpod/generate-with-state body (the customization state) → GenerationInput. */
export function inputFromState(body: GenerateWithStateRequestParsed): GenerationInput {
  const selections = cleanSelections(body.selections);
  return {
    inputImageId: body.inputImageId,
    prompt: promptOrDefault(body.prompt ?? body.generatedPrompt),
    variations: body.variations,
    existingBatchId: body.existingBatchId ?? null,
    mode: body.selectedStyle,
    renderType: body.renderType ?? DEFAULT_RENDER_TYPE,
    creativity: body.creativity,
    expressivity: body.expressivity,
    resemblance: body.resemblance,
    structureFidelity: body.structureFidelity,
    selections,
    artStyle: resolveArtStyle(body.selectedStyle, body.artStyle, null, selections),
    regions: null,
    ksampler: defaultKsampler(),
    maskPrompts: body.maskPrompts ?? {},
    maskMaterialMappings: body.maskMaterialMappings ?? {},
    aiPromptMaterials: body.aiMaterials ?? [],
    contextSelection: body.contextSelection ?? null,
    sliderSettings: null,
    maskKeyword: null,
    negativePrompt: null,
  };
}
async function requirePlan(ctx: AppContext, userId: number): Promise<void> {
  const sub = await getSubscription(ctx.db, userId);
  if (!hasActivePlan(sub)) throw forbidden(GENERATION_MESSAGES.planRequired, GENERATION_ERROR_CODES.planRequired);
}

async function getOwnedBatch(ctx: AppContext, userId: number, batchId: number) {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.userId, userId)))
    .limit(1);
  if (!batch) throw notFound(GENERATION_MESSAGES.batchNotFound);
  return batch;
}

/**
 * Starts a generation: checks (input image owned → 404, active plan → 403, credits → 402), then
 * one transaction creates (or extends, with existingBatchId) the batch and its PROCESSING images,
 * debits one credit per variation and enqueues one render job per variation.
 */
export async function startGeneration(
  ctx: AppContext,
  userId: number,
  input: GenerationInput,
  opts: { seeds?: number[]; inTransaction?: (tx: Tx, batchId: number) => Promise<void> } = {},
): Promise<GenerationResponse> {
  const inputRow = await getOwnedInputImage(ctx.db, userId, input.inputImageId);
  await requirePlan(ctx, userId);
  if (input.existingBatchId) {
    const existing = await getOwnedBatch(ctx, userId, input.existingBatchId);
    if (existing.moduleType !== 'CREATE') throw notFound(GENERATION_MESSAGES.batchNotFound);
  }
  const { batchId, runpodId, images, remainingCredits } = await startVariationBatch(ctx, {
    userId,
    moduleType: 'CREATE',
    operationType: null,
    inputImageId: input.inputImageId,
    prompt: input.prompt,
    settings: input as unknown as Record<string, unknown>,
    variations: input.variations,
    queue: RENDER_QUEUE,
    existingBatchId: input.existingBatchId,
    label: 'Create',
    // Every mask region of the input, though only those with a material or prompt are sent: a bound from above.
    requestImages: async () => ({
      image: await readInputImageBytes(ctx, inputRow),
      masks: (await readMasksForRender(ctx, userId, input.inputImageId)).map((m) => m.mask),
    }),
    inTransaction: opts.inTransaction,
    // A set render gives the seeds: variation i has the same seed in every view of the set.
    variation: (i) => {
      const seed = opts.seeds?.[i] ?? randomSeed();
      return {
        seed,
        settingsSnapshot: renderSnapshot(input, seed) as unknown as Record<string, unknown>,
        maskMaterialMappings: input.maskMaterialMappings as Record<string, unknown>,
        contextSelection: input.contextSelection,
        aiMaterials: input.aiPromptMaterials,
      };
    },
  });
  return {
    success: true,
    batchId,
    runpodId,
    runpodJobs: images.map((i) => ({ imageId: i.id, variationNumber: i.variationNumber, status: i.status })),
    remainingCredits,
  };
}

/** POST /runpod/create-from-batch: the batch's input, prompt and settings; new seeds; the KSampler values given. */
export async function createFromBatch(ctx: AppContext, userId: number, body: CreateFromBatchRequestParsed): Promise<GenerationResponse> {
  const batch = await getOwnedBatch(ctx, userId, body.batchId);
  if (batch.inputImageId === null) throw notFound(GENERATION_MESSAGES.batchInputMissing);
  try {
    await getOwnedInputImage(ctx.db, userId, batch.inputImageId);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw notFound(GENERATION_MESSAGES.batchInputMissing);
    throw err;
  }
  const stored = (batch.settings ?? {}) as Partial<GenerationInput>;
  const base = inputFromRequest({ inputImageId: batch.inputImageId, variations: body.variations, settings: {}, prompt: batch.prompt });
  const input: GenerationInput = {
    ...base,
    ...pickDefined(stored),
    inputImageId: batch.inputImageId,
    prompt: promptOrDefault(batch.prompt),
    variations: body.variations,
    existingBatchId: null,
    ksampler: { ...body.settings },
  };
  return startGeneration(ctx, userId, input);
}

function pickDefined(stored: Partial<GenerationInput>): Partial<GenerationInput> {
  return Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined)) as Partial<GenerationInput>;
}

/** POST /generation/create (legacy): one variation of the newest input image; waits (bounded) for it. */
export async function legacyCreate(ctx: AppContext, userId: number, prompt: string | null | undefined): Promise<LegacyCreateResponse> {
  const { rows } = await listInputImages(ctx.db, userId, { page: 1, limit: 1 });
  const newest = rows[0];
  if (!newest) throw badRequest(GENERATION_MESSAGES.noInputImage, GENERATION_ERROR_CODES.noInputImage);
  const started = await startGeneration(
    ctx,
    userId,
    inputFromRequest({ inputImageId: newest.id, variations: 1, settings: {}, prompt }),
  );
  const deadline = Date.now() + Math.min(60, ctx.config.RENDER_TIMEOUT_SECONDS + 5) * 1000;
  let images = await imagesOfBatch(ctx, userId, started.batchId);
  while (images.some((i) => i.status === 'PROCESSING') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    images = await imagesOfBatch(ctx, userId, started.batchId);
  }
  return {
    success: true,
    batchId: started.batchId,
    images: images.map((i) => {
      const shown = presentGeneratedImage(ctx, i);
      return { id: i.id, originalUrl: shown.imageUrl, createdAt: shown.createdAt, status: i.status };
    }),
  };
}

// The Create page polls the status of its batch: both queries prepared once.
const ownedBatchQuery = preparedQuery('owned_batch', (db) =>
  db
    .select()
    .from(batches)
    .where(and(eq(batches.id, sql.placeholder('batchId')), eq(batches.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('owned_batch'),
);
const imagesOfBatchQuery = preparedQuery('images_of_batch', (db) =>
  db
    .select()
    .from(generatedImages)
    .where(
      and(
        eq(generatedImages.batchId, sql.placeholder('batchId')),
        eq(generatedImages.userId, sql.placeholder('userId')),
        isNull(generatedImages.deletedAt),
      ),
    )
    .orderBy(asc(generatedImages.variationNumber))
    .prepare('images_of_batch'),
);

async function imagesOfBatch(ctx: AppContext, userId: number, batchId: number): Promise<GeneratedImageRow[]> {
  return imagesOfBatchQuery(ctx.db).execute({ batchId, userId });
}

function batchImage(ctx: AppContext, row: GeneratedImageRow): BatchImage {
  const shown = presentGeneratedImage(ctx, row);
  return {
    id: row.id,
    url: shown.imageUrl,
    thumbnailUrl: shown.thumbnailUrl,
    createdAt: shown.createdAt,
    variationNumber: row.variationNumber,
    status: row.status,
  };
}

/** GET /runpod/status/{batchId} */
export async function getBatchStatus(ctx: AppContext, userId: number, batchId: number): Promise<BatchStatusResponse> {
  // Both carry the caller's id, so the images query needs no answer from the batch query first.
  const [[batch], images] = await Promise.all([
    ownedBatchQuery(ctx.db).execute({ batchId, userId }),
    imagesOfBatchQuery(ctx.db).execute({ batchId, userId }),
  ]);
  if (!batch) throw notFound(GENERATION_MESSAGES.batchNotFound);
  return {
    batchId: batch.id,
    status: batch.status,
    prompt: batch.prompt,
    inputImageId: batch.inputImageId,
    totalVariations: batch.totalVariations,
    images: images.map((i) => batchImage(ctx, i)),
  };
}

/** GET /runpod/history: the caller's CREATE batches, newest first, each with its images and preview (first completed). */
export async function listHistory(ctx: AppContext, userId: number, page: PageRequest): Promise<{ batches: Batch[]; pagination: Pagination }> {
  const where = and(eq(batches.userId, userId), eq(batches.moduleType, 'CREATE'));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(batches).where(where).orderBy(desc(batches.createdAt), desc(batches.id)).limit(page.limit).offset(pageOffset(page)),
    ctx.db.select({ total: count() }).from(batches).where(where),
  ]);
  const ids = rows.map((b) => b.id);
  const images = ids.length
    ? await ctx.db
        .select()
        .from(generatedImages)
        .where(and(inArray(generatedImages.batchId, ids), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
        .orderBy(asc(generatedImages.batchId), asc(generatedImages.variationNumber))
    : [];
  const byBatch = new Map<number, BatchImage[]>();
  for (const img of images) {
    const list = byBatch.get(img.batchId) ?? [];
    list.push(batchImage(ctx, img));
    byBatch.set(img.batchId, list);
  }
  return {
    batches: rows.map((b) => {
      const list = byBatch.get(b.id) ?? [];
      return {
        id: b.id,
        batchId: b.id,
        status: b.status,
        runpodId: b.runpodId,
        prompt: b.prompt,
        createdAt: b.createdAt.toISOString(),
        inputImageId: b.inputImageId,
        totalVariations: b.totalVariations,
        settings: b.settings ?? null,
        previewImage: list.find((i) => i.status === 'COMPLETED') ?? null,
        images: list,
      };
    }),
    pagination: pageInfo(page, Number(total)),
  };
}

/** GET /runpod/variations: the caller's CREATE images that are COMPLETED or PROCESSING (what the strips show), newest first. */
export async function listVariations(
  ctx: AppContext,
  userId: number,
  page: PageRequest,
): Promise<{ variations: GeneratedImage[]; pagination: Pagination }> {
  const where = and(
    eq(generatedImages.userId, userId),
    eq(generatedImages.moduleType, 'CREATE'),
    inArray(generatedImages.status, ['COMPLETED', 'PROCESSING']),
    isNull(generatedImages.deletedAt),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(generatedImages)
      .where(where)
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    ctx.db.select({ total: count() }).from(generatedImages).where(where),
  ]);
  return { variations: rows.map((r) => presentGeneratedImage(ctx, r)), pagination: pageInfo(page, Number(total)) };
}

/** GET /customization/batch/{id}/settings */
export async function getBatchSettings(ctx: AppContext, userId: number, batchId: number): Promise<CustomizationSettings> {
  const batch = await getOwnedBatch(ctx, userId, batchId);
  return customizationFromStored(batch.settings, { batchId: batch.id, inputImageId: batch.inputImageId, prompt: batch.prompt });
}

/**
 * GET /customization/image/{id}/settings — `id` is a GENERATED image id: the settings of its
 * batch, with the image's own mask mappings, context selection and seed.
 */
export async function getImageSettings(ctx: AppContext, userId: number, imageId: number): Promise<CustomizationSettings> {
  const image = await getOwnedGeneratedImage(ctx.db, userId, imageId);
  const batch = await getOwnedBatch(ctx, userId, image.batchId);
  const base = customizationFromStored(batch.settings, { batchId: batch.id, inputImageId: image.inputImageId ?? batch.inputImageId, prompt: image.prompt ?? batch.prompt });
  const snapshot = (image.settingsSnapshot ?? {}) as { selections?: Record<string, unknown>; renderType?: unknown };
  return {
    ...base,
    renderType: snapshot.renderType === undefined ? base.renderType : storedRenderType(snapshot.renderType),
    selections: snapshot.selections ? { ...base.selections, ...snapshot.selections } : base.selections,
    maskMaterialMappings: image.maskMaterialMappings ?? base.maskMaterialMappings,
    contextSelection: image.contextSelection ?? base.contextSelection,
    aiMaterials: Array.isArray(image.aiMaterials) ? image.aiMaterials : base.aiMaterials,
    imageId: image.id,
    seed: image.seed ?? null,
  };
}
