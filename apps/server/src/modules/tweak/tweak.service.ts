import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_TWEAK_NEGATIVE_PROMPT,
  GENERATION_ERROR_CODES,
  GENERATION_MESSAGES,
  hasActivePlan,
  IMAGE_ERROR_CODES,
  IMAGE_MESSAGES,
  TWEAK_ERROR_CODES,
  TWEAK_LIMITS,
  TWEAK_MESSAGES,
  type AddImageFields,
  type CreateInputFromTweakResponse,
  type InpaintRequestParsed,
  type OutpaintRequestParsed,
  type SaveTweakPromptRequest,
  type TweakBounds,
  type TweakImageKind,
  type TweakOperationResponse,
  type TweakOperationType,
  type TweakPromptResponse,
  type TweakSnapshot,
  type UploadMaskResponse,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { tweakPrompts } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { getSubscription } from '../billing/index.js';
import { randomSeed, startVariationBatch } from '../generation/index.js';
import {
  createInputFromGenerated,
  getOwnedGeneratedImage,
  getOwnedInputImage,
  presentInputImage,
  readGeneratedImageBytes,
  readInputImageBytes,
  type GeneratedImageRow,
  type InputImageRow,
} from '../images/index.js';
import { forgetTweakFile, touchTweakFile } from './tweak.cleanup.js';
import { describeMask, maskKeyOfUrl, orientedSize, readTweakFile, storeMask, storeOverlay } from './tweak.files.js';

/**
 * Tweak (spec §2 /edit, §3, §4, §5, §7): outpaint, inpaint and add image start a TWEAK batch
 * through the generation module's startVariationBatch (one credit per variation debited with the
 * batch and its PROCESSING images, one tweak job each, refunded once per failed variation, live
 * events as for Create). Every check that can refuse the request runs first, so a refusal costs
 * nothing: ownership (404), the plan (403), the request's geometry and mask (400), the credits (402).
 *
 * The image edited ("selected base") is an input or generated image of the caller's; the results'
 * baseImageId is the session's original base (see the top of packages/contract/src/tweak.ts).
 */

type Executor = Db | Tx;

/** The job queue of tweak variations (tweak.job.ts). */
export const TWEAK_QUEUE = 'tweak';

export interface TweakImageRef {
  type: TweakImageKind;
  id: number;
}

export type TweakImage =
  | { type: 'input'; id: number; inputImageId: number; row: InputImageRow }
  | { type: 'generated'; id: number; inputImageId: number | null; row: GeneratedImageRow };

const GENERATED_KEY = /^u\/(\d+)\/generated\/(\d+)\//;
const INPUT_KEY = /^u\/(\d+)\/inputs\//;

/** The kind of image a file URL this server signed for the caller points at, if it tells. */
function kindOfUrl(ctx: Pick<AppContext, 'urls'>, userId: number, url: string | undefined, id: number): TweakImageKind | undefined {
  if (!url) return undefined;
  const parsed = ctx.urls.parse(url, { allowExpired: true });
  if (!parsed) return undefined;
  const generated = GENERATED_KEY.exec(parsed.key);
  if (generated && Number(generated[1]) === userId) return Number(generated[2]) === id ? 'generated' : undefined;
  const input = INPUT_KEY.exec(parsed.key);
  if (input && Number(input[1]) === userId) return 'input';
  return undefined;
}

/**
 * One of the caller's images by id, as the kind given, else the kind its URL tells, else a
 * generated image when the caller has one with that id, else an input image; 404 otherwise.
 */
export async function findTweakImage(
  ctx: Pick<AppContext, 'db' | 'urls'>,
  userId: number,
  id: number,
  type?: TweakImageKind,
  url?: string,
): Promise<TweakImage> {
  const kind = type ?? kindOfUrl(ctx, userId, url, id);
  const asInput = async (): Promise<TweakImage> => {
    const row = await getOwnedInputImage(ctx.db, userId, id).catch(() => {
      throw notFound(TWEAK_MESSAGES.imageNotFound);
    });
    return { type: 'input', id: row.id, inputImageId: row.id, row };
  };
  const asGenerated = async (): Promise<TweakImage | null> => {
    const row = await getOwnedGeneratedImage(ctx.db, userId, id).catch(() => null);
    return row ? { type: 'generated', id: row.id, inputImageId: row.inputImageId, row } : null;
  };
  if (kind === 'input') return asInput();
  const generated = await asGenerated();
  if (generated) return generated;
  if (kind === 'generated') throw notFound(TWEAK_MESSAGES.imageNotFound);
  return asInput();
}

/** The session's original base of an image: a tweak result's own base, else the image itself. */
export function sessionRoot(image: TweakImage): TweakImageRef {
  if (image.type === 'generated' && image.row.moduleType === 'TWEAK' && image.row.baseImageId) {
    const snapshot = image.row.settingsSnapshot as Partial<TweakSnapshot> | null;
    return { type: snapshot?.baseImageType === 'input' ? 'input' : 'generated', id: image.row.baseImageId };
  }
  return { type: image.type, id: image.id };
}

/** The bytes the engine works on: a generated image's file (409 while it has none), an input's processed file. */
export async function readTweakImageBytes(ctx: AppContext, image: TweakImage): Promise<Buffer> {
  if (image.type === 'generated') {
    if (image.row.status !== 'COMPLETED') throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, IMAGE_MESSAGES.imageNotReady);
    return readGeneratedImageBytes(ctx, image.row);
  }
  return readInputImageBytes(ctx, image.row);
}

/** Reads an image of the snapshot again in the job (404 when it was deleted meanwhile: a permanent failure). */
export async function readSnapshotImage(ctx: AppContext, userId: number, ref: TweakImageRef): Promise<Buffer> {
  return readTweakImageBytes(ctx, await findTweakImage(ctx, userId, ref.id, ref.type));
}

async function requirePlan(ctx: AppContext, userId: number): Promise<void> {
  const sub = await getSubscription(ctx.db, userId);
  if (!hasActivePlan(sub)) throw forbidden(GENERATION_MESSAGES.planRequired, GENERATION_ERROR_CODES.planRequired);
}

interface ResolvedBases {
  selected: TweakImage;
  root: TweakImageRef;
  bytes: Buffer;
  size: { width: number; height: number };
}

/** The selected base (owned, finished) and the original base (owned), the session root and the selected image's pixels. */
async function resolveBases(
  ctx: AppContext,
  userId: number,
  body: Pick<OutpaintRequestParsed, 'baseImageUrl' | 'originalBaseImageId' | 'selectedBaseImageId' | 'originalBaseImageType' | 'selectedBaseImageType'>,
): Promise<ResolvedBases> {
  const selected = await findTweakImage(ctx, userId, body.selectedBaseImageId, body.selectedBaseImageType, body.baseImageUrl);
  const originalType = body.originalBaseImageType ?? (body.originalBaseImageId === selected.id ? selected.type : undefined);
  if (!(body.originalBaseImageId === selected.id && originalType === selected.type)) {
    await findTweakImage(ctx, userId, body.originalBaseImageId, originalType);
  }
  const bytes = await readTweakImageBytes(ctx, selected);
  return { selected, root: sessionRoot(selected), bytes, size: await orientedSize(bytes) };
}

interface OpenBatch {
  userId: number;
  operationType: TweakOperationType;
  bases: ResolvedBases;
  prompt: string;
  variations: number;
  output: { width: number; height: number };
  /** The operation's own snapshot fields. */
  extra: Partial<TweakSnapshot>;
  label: string;
  message: string;
  /** The masks the engine is sent with the image (inpaint). */
  masks?: Buffer[];
}

/** Opens the TWEAK batch (credits checked and debited there: 402 before anything is written). */
async function openTweakBatch(ctx: AppContext, op: OpenBatch): Promise<TweakOperationResponse> {
  const { selected, root } = op.bases;
  const base: Omit<TweakSnapshot, 'seed'> = {
    moduleType: 'TWEAK',
    operationType: op.operationType,
    variations: op.variations,
    prompt: op.prompt,
    source: { type: selected.type, id: selected.id },
    baseImageType: root.type,
    originalBaseImageId: root.id,
    output: op.output,
    ...op.extra,
  };
  const started = await startVariationBatch(ctx, {
    userId: op.userId,
    moduleType: 'TWEAK',
    operationType: op.operationType,
    inputImageId: root.type === 'input' ? root.id : selected.inputImageId,
    baseGeneratedImageId: selected.type === 'generated' ? selected.id : null,
    prompt: op.prompt || null,
    settings: { ...base },
    variations: op.variations,
    queue: TWEAK_QUEUE,
    label: op.label,
    requestImages: async () => ({ image: op.bases.bytes, masks: op.masks ?? [] }),
    variation: () => {
      const seed = randomSeed();
      const snapshot: TweakSnapshot = { ...base, seed };
      return { baseImageId: root.id, seed, prompt: op.prompt || null, settingsSnapshot: snapshot as unknown as Record<string, unknown> };
    },
  });
  return {
    success: true,
    message: op.message,
    data: {
      batchId: started.batchId,
      runpodId: started.runpodId,
      operationType: op.operationType,
      imageIds: started.images.map((i) => i.id),
      images: started.images.map((i) => ({ imageId: i.id, variationNumber: i.variationNumber, status: 'PROCESSING' as const, runpodStatus: i.runpodStatus })),
      baseImageId: root.id,
      baseImageType: root.type,
      output: op.output,
      remainingCredits: started.remainingCredits,
    },
  };
}

// ---- outpaint ----

/** The outpainted image's size in pixels: the canvas in canvas units, scaled like the original bounds to the image. */
export function outpaintOutputSize(image: { width: number; height: number }, canvas: TweakBounds, original: TweakBounds): { width: number; height: number } {
  const sx = image.width / original.width;
  const sy = image.height / original.height;
  return { width: Math.max(1, Math.round(canvas.width * sx)), height: Math.max(1, Math.round(canvas.height * sy)) };
}

/** 400 unless the canvas holds the original bounds and reaches at least one image pixel beyond them; 400 when the result would be too large. */
export function checkOutpaintBounds(image: { width: number; height: number }, canvas: TweakBounds, original: TweakBounds): { width: number; height: number } {
  const sx = image.width / original.width;
  const sy = image.height / original.height;
  // Half an image pixel of slack for rounding on the client.
  const slackX = 0.5 / sx;
  const slackY = 0.5 / sy;
  const left = original.x - canvas.x;
  const top = original.y - canvas.y;
  const right = canvas.x + canvas.width - (original.x + original.width);
  const bottom = canvas.y + canvas.height - (original.y + original.height);
  if (left < -slackX || top < -slackY || right < -slackX || bottom < -slackY) {
    throw new AppError(400, 'VALIDATION_ERROR', TWEAK_MESSAGES.boundsContain, { field: 'canvasBounds' });
  }
  if (Math.max(left * sx, right * sx, top * sy, bottom * sy) < 1) {
    throw new AppError(400, TWEAK_ERROR_CODES.notExpanded, TWEAK_MESSAGES.boundsNotExpanded, { field: 'canvasBounds' });
  }
  const out = outpaintOutputSize(image, canvas, original);
  if (out.width > TWEAK_LIMITS.outpaintMaxSide || out.height > TWEAK_LIMITS.outpaintMaxSide || out.width * out.height > TWEAK_LIMITS.outpaintMaxPixels) {
    throw new AppError(
      400,
      TWEAK_ERROR_CODES.canvasTooLarge,
      `canvasBounds: the expanded image would be ${out.width} × ${out.height} px; it may be at most ${TWEAK_LIMITS.outpaintMaxSide} px a side and ${TWEAK_LIMITS.outpaintMaxPixels / 1_000_000} megapixels.`,
      { field: 'canvasBounds' },
    );
  }
  return out;
}

/** POST /tweak/outpaint */
export async function startOutpaint(ctx: AppContext, userId: number, body: OutpaintRequestParsed): Promise<TweakOperationResponse> {
  const bases = await resolveBases(ctx, userId, body);
  await requirePlan(ctx, userId);
  const output = checkOutpaintBounds(bases.size, body.canvasBounds, body.originalImageBounds);
  return openTweakBatch(ctx, {
    userId,
    operationType: 'outpaint',
    bases,
    prompt: body.prompt?.trim() ?? '',
    variations: body.variations,
    output,
    extra: { canvasBounds: body.canvasBounds, originalImageBounds: body.originalImageBounds },
    label: 'Tweak outpaint',
    message: TWEAK_MESSAGES.outpaintStarted,
  });
}

// ---- inpaint ----

/** POST /tweak/inpaint: the mask must be the caller's uploaded mask, painted, with the base image's proportions. */
export async function startInpaint(ctx: AppContext, userId: number, body: InpaintRequestParsed): Promise<TweakOperationResponse> {
  const maskKey = maskKeyOfUrl(ctx, userId, body.maskImageUrl);
  const bases = await resolveBases(ctx, userId, body);
  await touchTweakFile(ctx.db, userId, 'mask', maskKey);
  const maskBytes = await readTweakFile(ctx, maskKey).catch(async (err: unknown) => {
    // Removed by the cleanup meanwhile: the row touchTweakFile made names nothing.
    await forgetTweakFile(ctx.db, userId, maskKey);
    throw err;
  });
  const mask = await describeMask(maskBytes);
  await requirePlan(ctx, userId);
  if (!mask.painted) throw new AppError(400, TWEAK_ERROR_CODES.maskEmpty, TWEAK_MESSAGES.maskEmpty, { field: 'maskImageUrl' });
  const baseRatio = bases.size.width / bases.size.height;
  const maskRatio = mask.width / mask.height;
  if (Math.abs(maskRatio - baseRatio) / baseRatio > 0.02) {
    throw new AppError(400, TWEAK_ERROR_CODES.invalidMask, `${TWEAK_MESSAGES.maskProportions} (${bases.size.width} × ${bases.size.height}; the mask is ${mask.width} × ${mask.height})`, {
      field: 'maskImageUrl',
    });
  }
  const negativePrompt = body.negativePrompt?.trim() ? body.negativePrompt.trim() : DEFAULT_TWEAK_NEGATIVE_PROMPT;
  return openTweakBatch(ctx, {
    userId,
    operationType: 'inpaint',
    bases,
    prompt: body.prompt.trim(),
    variations: body.variations,
    output: bases.size,
    extra: {
      negativePrompt,
      ...(body.maskKeyword?.trim() ? { maskKeyword: body.maskKeyword.trim() } : {}),
      maskImageUrl: body.maskImageUrl,
      maskKey,
    },
    label: 'Tweak inpaint',
    masks: [maskBytes],
    message: TWEAK_MESSAGES.inpaintStarted,
  });
}

// ---- add image ----

/** POST /tweak/add-image: the picture is checked and stored, then composited by a one-variation job. */
export async function startAddImage(ctx: AppContext, userId: number, fields: AddImageFields, picture: Buffer): Promise<TweakOperationResponse> {
  const selected = await findTweakImage(ctx, userId, fields.baseImageId, fields.baseImageType);
  const bytes = await readTweakImageBytes(ctx, selected);
  const size = await orientedSize(bytes);
  await requirePlan(ctx, userId);
  const { x, y } = fields.position;
  const { width, height } = fields.size;
  if (x >= size.width || y >= size.height || x + width <= 0 || y + height <= 0) {
    throw new AppError(400, 'VALIDATION_ERROR', TWEAK_MESSAGES.overlayOutside, { field: 'position' });
  }
  const overlay = await storeOverlay(ctx, userId, picture);
  try {
    return await openTweakBatch(ctx, {
      userId,
      operationType: 'add_image',
      bases: { selected, root: sessionRoot(selected), bytes, size },
      prompt: fields.prompt?.trim() ?? '',
      variations: 1,
      output: size,
      extra: { overlayKey: overlay.key, position: { x, y }, size: { width, height } },
      label: 'Tweak add image',
      message: TWEAK_MESSAGES.addImageStarted,
    });
  } catch (err) {
    // Refused (credits): the stored picture is not needed.
    await ctx.storage.delete(overlay.key).catch(() => undefined);
    await forgetTweakFile(ctx.db, userId, overlay.key).catch(() => undefined);
    throw err;
  }
}

// ---- masks ----

/** POST /tweak/upload/mask */
export async function uploadMask(ctx: AppContext, userId: number, bytes: Buffer): Promise<UploadMaskResponse> {
  const stored = await storeMask(ctx, userId, bytes);
  return { success: true, message: TWEAK_MESSAGES.maskUploaded, url: ctx.urls.sign(stored.key), width: stored.width, height: stored.height };
}

// ---- inputs from results ----

/** POST /tweak/create-input-from-generated: a new TWEAK_MODULE input image from a generated image (masks copied), with the tweak settings kept beside it. */
export async function createInputFromTweak(
  ctx: AppContext,
  userId: number,
  body: {
    generatedImageUrl: string | number;
    originalInputImageId?: number | null;
    fileName?: string;
    tweakSettings?: Record<string, unknown> | null;
  },
): Promise<CreateInputFromTweakResponse> {
  const row = await createInputFromGenerated(ctx, userId, {
    generatedImageUrl: body.generatedImageUrl,
    originalInputImageId: body.originalInputImageId ?? null,
    fileName: body.fileName || null,
    uploadSource: 'TWEAK_MODULE',
  });
  const settings = body.tweakSettings ?? null;
  if (settings) {
    const prompt = typeof settings.prompt === 'string' ? settings.prompt.trim() : '';
    await upsertPrompt(ctx.db, userId, { type: 'input', id: row.id }, prompt, settings);
  }
  return { success: true, message: TWEAK_MESSAGES.inputCreated, data: presentInputImage(ctx, row) };
}

// ---- saved prompts ----

async function upsertPrompt(db: Executor, userId: number, image: TweakImageRef, prompt: string, settings?: Record<string, unknown> | null) {
  const now = new Date();
  const [row] = await db
    .insert(tweakPrompts)
    .values({ userId, imageType: image.type, imageId: image.id, prompt, settings: settings ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: [tweakPrompts.userId, tweakPrompts.imageType, tweakPrompts.imageId],
      set: { prompt, updatedAt: now, ...(settings ? { settings } : {}) },
    })
    .returning();
  return row;
}

/** POST /tweak/prompt: saves the prompt of one of the caller's images (404 otherwise). */
export async function saveTweakPrompt(ctx: AppContext, userId: number, body: SaveTweakPromptRequest & { inputImageId: number }): Promise<TweakPromptResponse> {
  const image = await findTweakImage(ctx, userId, body.inputImageId, body.imageType);
  const row = await upsertPrompt(ctx.db, userId, { type: image.type, id: image.id }, body.prompt.trim());
  return {
    success: true,
    message: TWEAK_MESSAGES.promptSaved,
    data: { imageId: image.id, imageType: image.type, prompt: row.prompt, source: 'saved', updatedAt: row.updatedAt.toISOString() },
  };
}

/** GET /tweak/prompt/{imageId}: the saved prompt, else the prompt a tweak result was made with, else ''. */
export async function getTweakPrompt(ctx: AppContext, userId: number, imageId: number, imageType?: TweakImageKind): Promise<TweakPromptResponse> {
  const image = await findTweakImage(ctx, userId, imageId, imageType);
  const [saved] = await ctx.db
    .select()
    .from(tweakPrompts)
    .where(and(eq(tweakPrompts.userId, userId), eq(tweakPrompts.imageType, image.type), eq(tweakPrompts.imageId, image.id)))
    .limit(1);
  const data = { imageId: image.id, imageType: image.type };
  if (saved) return { success: true, data: { ...data, prompt: saved.prompt, source: 'saved', updatedAt: saved.updatedAt.toISOString() } };
  if (image.type === 'generated' && image.row.moduleType === 'TWEAK' && image.row.prompt) {
    return { success: true, data: { ...data, prompt: image.row.prompt, source: 'result', updatedAt: null } };
  }
  return { success: true, data: { ...data, prompt: '', source: 'none', updatedAt: null } };
}
