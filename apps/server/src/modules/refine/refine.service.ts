import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  hasActivePlan,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  REFINE_DEFAULT_SETTINGS,
  REFINE_ERROR_CODES,
  REFINE_LIMITS,
  REFINE_MESSAGES,
  refineOutputSize,
  refineOutputTooLargeMessage,
  refineSettingsSchema,
  type RefineGenerateRequestParsed,
  type RefineGenerateResponse,
  type RefineImageType,
  type RefineOperation,
  type RefineOperationsResponse,
  type RefineOutputSize,
  type RefineSettings,
  type RefineSettingsResponse,
  type RefineSource,
  type SaveRefineSettingsRequestParsed,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { generatedImages, refineSettings } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { getSubscription } from '../billing/index.js';
import { randomSeed, startVariationBatch } from '../generation/index.js';
import {
  getOwnedGeneratedImage,
  getOwnedInputImage,
  presentGeneratedImage,
  presentInputImage,
  readGeneratedImageBytes,
  readInputImageBytes,
  type GeneratedImageRow,
  type InputImageRow,
} from '../images/index.js';
import { REFINE_QUEUE, type RefineSnapshot } from './refine.job.js';

/**
 * Refine and Upscale. The image refined is the caller's input image (imageType 'uploaded') or
 * one of the caller's completed generated images ('generated'); `imageUrl` is never fetched.
 * A generate request becomes a REFINE batch through the generation module's
 * startVariationBatch (one credit per variation, debited with the batch and its PROCESSING
 * images, one refine job each; failed variations are refunded once), after the 64-megapixel
 * check, so a refused size costs nothing. The results are generated images of module REFINE:
 * for an input image, input_image_id = the image and base_image_id null; for a generated image,
 * base_image_id = the image. The settings last saved or used per image are in refine_settings.
 */

type Executor = Db | Tx;

export type RefineSourceRow =
  | { imageType: 'uploaded'; id: number; inputImageId: number; width: number; height: number; input: InputImageRow }
  | { imageType: 'generated'; id: number; inputImageId: number | null; width: number; height: number; generated: GeneratedImageRow };

/** The caller's image to refine, or 404 (someone else's, deleted, or no such image); 409 for a generated image still in progress. */
export async function getOwnedRefineSource(db: Executor, userId: number, imageId: number, imageType: RefineImageType): Promise<RefineSourceRow> {
  if (imageType === 'uploaded') {
    const input = await getOwnedInputImage(db, userId, imageId);
    return { imageType, id: input.id, inputImageId: input.id, width: input.width, height: input.height, input };
  }
  const generated = await getOwnedGeneratedImage(db, userId, imageId);
  if (generated.status !== 'COMPLETED' || !generated.width || !generated.height) {
    throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, IMAGE_MESSAGES.imageNotReady);
  }
  return { imageType, id: generated.id, inputImageId: generated.inputImageId, width: generated.width, height: generated.height, generated };
}

/** The output size, or 400 OUTPUT_TOO_LARGE above 64 megapixels. */
export function checkedOutputSize(source: { width: number; height: number }, settings: Pick<RefineSettings, 'resolution' | 'scaleFactor'>): RefineOutputSize {
  const size = refineOutputSize(source, settings.resolution, settings.scaleFactor);
  const tooLarge = refineOutputTooLargeMessage(size);
  if (tooLarge) throw new AppError(400, REFINE_ERROR_CODES.outputTooLarge, tooLarge, { field: 'resolution' });
  return size;
}

// ---- settings ----

type SettingsRow = typeof refineSettings.$inferSelect;

function settingsOf(row: SettingsRow): RefineSettings {
  return {
    resolution: { width: row.width, height: row.height },
    scaleFactor: row.scaleFactor,
    aiStrength: row.aiStrength,
    resemblance: row.resemblance,
    clarity: row.clarity,
    sharpness: row.sharpness,
    matchColor: row.matchColor,
  };
}

async function findSettings(db: Executor, userId: number, imageType: RefineImageType, imageId: number): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(refineSettings)
    .where(and(eq(refineSettings.userId, userId), eq(refineSettings.imageType, imageType), eq(refineSettings.imageId, imageId)))
    .limit(1);
  return row;
}

async function upsertSettings(db: Executor, userId: number, imageType: RefineImageType, imageId: number, s: RefineSettings): Promise<SettingsRow> {
  const values = {
    width: s.resolution.width,
    height: s.resolution.height,
    scaleFactor: s.scaleFactor,
    aiStrength: s.aiStrength,
    resemblance: s.resemblance,
    clarity: s.clarity,
    sharpness: s.sharpness,
    matchColor: s.matchColor,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(refineSettings)
    .values({ userId, imageType, imageId, ...values })
    .onConflictDoUpdate({ target: [refineSettings.userId, refineSettings.imageType, refineSettings.imageId], set: values })
    .returning();
  return row;
}

function presentSettings(row: SettingsRow): RefineSettingsResponse {
  return { imageId: row.imageId, imageType: row.imageType, settings: settingsOf(row), updatedAt: row.updatedAt.toISOString() };
}

/** GET /refine/settings/{imageId}: the settings saved for the caller's image; 404 when there are none (the web then uses the defaults). */
export async function getRefineSettings(ctx: AppContext, userId: number, imageId: number, imageType: RefineImageType): Promise<RefineSettingsResponse> {
  const row = await findSettings(ctx.db, userId, imageType, imageId);
  if (!row) throw notFound(REFINE_MESSAGES.settingsNotFound, REFINE_ERROR_CODES.settingsNotFound);
  return presentSettings(row);
}

/** POST /refine/settings: saves the given fields over the saved (or default) ones, for an image of the caller's (404 otherwise). */
export async function saveRefineSettings(ctx: AppContext, userId: number, body: SaveRefineSettingsRequestParsed): Promise<RefineSettingsResponse> {
  const { imageId, imageType, ...fields } = body;
  await getOwnedRefineSource(ctx.db, userId, imageId, imageType === 'generated' ? 'generated' : 'uploaded').catch((err: unknown) => {
    // A generated image still in progress may have settings saved already.
    if (err instanceof AppError && err.status === 409) return null;
    throw err;
  });
  const saved = await findSettings(ctx.db, userId, imageType, imageId);
  const merged = refineSettingsSchema.parse({
    ...(saved ? settingsOf(saved) : REFINE_DEFAULT_SETTINGS),
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  });
  return presentSettings(await upsertSettings(ctx.db, userId, imageType, imageId, merged));
}

// ---- generate ----

/**
 * POST /refine/generate: checks (image owned → 404, active plan → 403, output size → 400,
 * credits → 402), then opens the REFINE batch with one refine job per variation and records the
 * settings as the image's last used.
 */
export async function startRefine(ctx: AppContext, userId: number, body: RefineGenerateRequestParsed): Promise<RefineGenerateResponse> {
  const source = await getOwnedRefineSource(ctx.db, userId, body.imageId, body.imageType);
  const sub = await getSubscription(ctx.db, userId);
  if (!hasActivePlan(sub)) throw forbidden(GENERATION_MESSAGES.planRequired, GENERATION_ERROR_CODES.planRequired);
  const settings: RefineSettings = {
    resolution: body.resolution,
    scaleFactor: body.scaleFactor,
    aiStrength: body.aiStrength,
    resemblance: body.resemblance,
    clarity: body.clarity,
    sharpness: body.sharpness,
    matchColor: body.matchColor,
  };
  const output = checkedOutputSize(source, settings);
  const sourceRef = { imageType: source.imageType, imageId: source.id };
  const operationType = settings.scaleFactor > 1 ? 'upscale' : 'refine';

  const started = await startVariationBatch(ctx, {
    userId,
    moduleType: 'REFINE',
    operationType,
    inputImageId: source.inputImageId,
    baseGeneratedImageId: source.imageType === 'generated' ? source.id : null,
    prompt: null,
    settings: { ...settings, source: sourceRef, output: { width: output.width, height: output.height }, variations: body.variations },
    variations: body.variations,
    queue: REFINE_QUEUE,
    label: operationType === 'upscale' ? 'Upscale' : 'Refine',
    requestImages: async () => ({
      image: source.imageType === 'generated' ? await readGeneratedImageBytes(ctx, source.generated) : await readInputImageBytes(ctx, source.input),
      masks: [],
    }),
    variation: () => {
      const seed = randomSeed();
      const snapshot: RefineSnapshot = {
        moduleType: 'REFINE',
        ...settings,
        source: sourceRef,
        output: { width: output.width, height: output.height },
        seed,
        variations: body.variations,
      };
      return {
        baseImageId: source.imageType === 'generated' ? source.id : null,
        seed,
        settingsSnapshot: snapshot as unknown as Record<string, unknown>,
      };
    },
    inTransaction: async (tx) => {
      await upsertSettings(tx, userId, source.imageType, source.id, settings);
    },
  });
  return {
    success: true,
    batchId: started.batchId,
    runpodId: started.runpodId,
    operations: started.images.map((row) => presentOperation(ctx, row)),
    output: { width: output.width, height: output.height },
    remainingCredits: started.remainingCredits,
  };
}

// ---- operations ----

/** A REFINE generated image as the refine screen shows it (spec §3 refine operation). */
export function presentOperation(ctx: Pick<AppContext, 'urls'>, row: GeneratedImageRow): RefineOperation {
  const shown = presentGeneratedImage(ctx, row);
  const parsed = refineSettingsSchema.safeParse(row.settingsSnapshot ?? {});
  return {
    id: row.id,
    status: row.status,
    runpodStatus: row.runpodStatus,
    resultImageUrl: shown.imageUrl,
    processedImageUrl: shown.processedImageUrl,
    thumbnailUrl: shown.thumbnailUrl,
    batchId: row.batchId,
    variationNumber: row.variationNumber,
    operationType: row.operationType,
    width: row.width,
    height: row.height,
    settings: parsed.success ? parsed.data : null,
    createdAt: shown.createdAt,
    updatedAt: shown.updatedAt,
  };
}

/** GET /refine/operations/{imageId}: the refine results of the caller's image, newest first (the first `limit`, default 50). */
export async function listRefineOperations(
  ctx: AppContext,
  userId: number,
  imageId: number,
  imageType: RefineImageType,
  limit: number = REFINE_LIMITS.operationsPage,
): Promise<RefineOperationsResponse> {
  const source = await getOwnedRefineSource(ctx.db, userId, imageId, imageType).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) return null; // a generated image in progress has no results yet
    throw err;
  });
  if (!source) return { imageId, imageType, source: null, operations: [] };
  const bySource =
    source.imageType === 'generated'
      ? eq(generatedImages.baseImageId, source.id)
      : and(eq(generatedImages.inputImageId, source.id), isNull(generatedImages.baseImageId));
  const rows = await ctx.db
    .select()
    .from(generatedImages)
    .where(
      and(
        eq(generatedImages.userId, userId),
        eq(generatedImages.moduleType, 'REFINE'),
        bySource,
        // Finished and running results only: a failed one is its batch's status, with its refund.
        ne(generatedImages.status, 'FAILED'),
        isNull(generatedImages.deletedAt),
      ),
    )
    .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
    .limit(Math.min(Math.max(1, limit), 100));
  return { imageId, imageType, source: presentSource(ctx, source), operations: rows.map((r) => presentOperation(ctx, r)) };
}

/** The image being refined, with signed URLs and its size. */
export function presentSource(ctx: Pick<AppContext, 'urls'>, source: RefineSourceRow): RefineSource {
  if (source.imageType === 'uploaded') {
    const shown = presentInputImage(ctx, source.input);
    return { imageId: source.id, imageType: 'uploaded', name: shown.fileName, imageUrl: shown.imageUrl, thumbnailUrl: shown.thumbnailUrl, width: source.width, height: source.height, prompt: source.input.generatedPrompt ?? source.input.aiPrompt ?? null };
  }
  const shown = presentGeneratedImage(ctx, source.generated);
  const g = source.generated;
  const name = `${g.moduleType === 'REFINE' ? 'Refined' : g.moduleType === 'TWEAK' ? 'Tweak' : 'Render'} ${g.batchId} · variation ${g.variationNumber}`;
  return { imageId: source.id, imageType: 'generated', name, imageUrl: shown.processedImageUrl ?? shown.imageUrl, thumbnailUrl: shown.thumbnailUrl, width: source.width, height: source.height, prompt: g.prompt ?? null };
}
