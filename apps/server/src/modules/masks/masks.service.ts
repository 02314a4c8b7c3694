import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import {
  hasActivePlan,
  MASK_ERROR_CODES,
  MASK_MESSAGES,
  maskColor,
  type GenerateMasksResponse,
  type GetMasksResponse,
  type MaskRegion,
  type MaskStatus,
  type RenderType,
  type updateMaskStyleRequestSchema,
} from '@atelier/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { maskGenerations, maskRegions } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { getSubscription } from '../billing/index.js';
import type { MaskForRender } from '../generation/index.js';
import { getOwnedInputImage, type ImagesContext, type InputImageCopiedEvent } from '../images/index.js';
import { catalogMaterial, catalogOption, catalogSubCategory, subCategoryOfMaterial } from './masks.catalog.js';

/**
 * Masks (spec §2 Generate Regions, §3 mask region, §4 mask status, §7 the /masks calls): the
 * regions of an input image, made by the engine's segmentation in a job on the masks queue
 * (masks.job.ts), each a stored PNG with the style the user gives it. Every query carries the
 * caller's id; another user's image or region is "not found". Regions are made from the
 * server's own stored copy of the image: a URL a client sends is never fetched.
 */

type Executor = Db | Tx;
export type MaskRegionRow = typeof maskRegions.$inferSelect;
type UpdateStyleParsed = z.output<typeof updateMaskStyleRequestSchema>;

/** The job queue of mask generation (masks.job.ts). */
export const MASKS_QUEUE = 'masks';

export interface MasksJobData {
  inputImageId: number;
  userId: number;
  /** What the image shows (steers the labels); absent: exterior. */
  renderType?: RenderType;
}

/** A processing generation younger than this is not started again (a double click, a second tab). */
const RESTART_AFTER_MS = 10 * 60 * 1000;

export const maskKeyPrefix = (userId: number, inputImageId: number) => `u/${userId}/masks/${inputImageId}/`;

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
export const rgbToHex = hex;

// ---- ownership: the one place each resource's owner is checked ----

/** The caller's input image, else 404 'Input image not found'. */
async function ownedInput(db: Executor, userId: number, inputImageId: number) {
  return getOwnedInputImage(db, userId, inputImageId);
}

/** The caller's region of one of its (not deleted) input images, else 404 'Mask not found'. */
export async function ownedMask(db: Executor, userId: number, maskId: number): Promise<MaskRegionRow> {
  const [row] = await db
    .select()
    .from(maskRegions)
    .where(and(eq(maskRegions.id, maskId), eq(maskRegions.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MASK_MESSAGES.maskNotFound, MASK_ERROR_CODES.notFound);
  await getOwnedInputImage(db, userId, row.inputImageId).catch(() => {
    throw notFound(MASK_MESSAGES.maskNotFound, MASK_ERROR_CODES.notFound);
  });
  return row;
}

// ---- presenting ----

export function presentMaskRegion(ctx: Pick<AppContext, 'urls'>, row: MaskRegionRow): MaskRegion {
  return {
    id: row.id,
    inputImageId: row.inputImageId,
    maskUrl: ctx.urls.sign(row.maskKey),
    isVisible: row.isVisible,
    customText: row.customText,
    materialOption: catalogOption(row.materialOptionId),
    customizationOption: catalogOption(row.customizationOptionId),
    subCategory: catalogSubCategory(row.subCategoryId) ?? subCategoryOfMaterial(row.materialOptionId),
    label: row.label,
    area: row.area,
    color: maskColor(row.position),
    averageColor: row.averageColor,
    confidence: row.confidence,
    position: row.position,
  };
}

export async function regionsOf(db: Executor, userId: number, inputImageId: number): Promise<MaskRegionRow[]> {
  return db
    .select()
    .from(maskRegions)
    .where(and(eq(maskRegions.userId, userId), eq(maskRegions.inputImageId, inputImageId)))
    .orderBy(asc(maskRegions.position), asc(maskRegions.id));
}

async function generationOf(db: Executor, userId: number, inputImageId: number) {
  const [row] = await db
    .select()
    .from(maskGenerations)
    .where(and(eq(maskGenerations.inputImageId, inputImageId), eq(maskGenerations.userId, userId)))
    .limit(1);
  return row ?? null;
}

// ---- calls ----

/**
 * POST /masks/generate: marks the image's masks processing and queues the segmentation (in one
 * transaction, so the job exists exactly when the status says processing). A generation already
 * running for the image is answered as is, not started twice. Needs an active plan (403).
 */
export async function startMaskGeneration(ctx: AppContext, userId: number, inputImageId: number, renderType?: RenderType): Promise<GenerateMasksResponse> {
  await ownedInput(ctx.db, userId, inputImageId);
  const sub = await getSubscription(ctx.db, userId);
  if (!hasActivePlan(sub)) throw forbidden(MASK_MESSAGES.planRequired, MASK_ERROR_CODES.planRequired);

  const answer: GenerateMasksResponse = {
    success: true,
    message: MASK_MESSAGES.generationStarted,
    data: { inputImageId, status: 'processing' },
  };
  const current = await generationOf(ctx.db, userId, inputImageId);
  if (current?.status === 'processing' && Date.now() - new Date(current.startedAt).getTime() < RESTART_AFTER_MS) return answer;

  const jobId = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(maskGenerations)
      .values({ inputImageId, userId, status: 'processing', jobId, error: null, startedAt: now, updatedAt: now, completedAt: null })
      .onConflictDoUpdate({
        target: maskGenerations.inputImageId,
        set: { status: 'processing', jobId, error: null, startedAt: now, updatedAt: now, completedAt: null },
      });
    await ctx.jobs.send<MasksJobData>(MASKS_QUEUE, { inputImageId, userId, ...(renderType ? { renderType } : {}) }, { tx, id: jobId });
  });
  ctx.jobs.notify(MASKS_QUEUE);
  return answer;
}

/** GET /masks/{inputImageId}: the regions, largest first, and the mask status (none before any generation). */
export async function getMasks(ctx: Pick<AppContext, 'db' | 'urls'>, userId: number, inputImageId: number): Promise<GetMasksResponse> {
  await ownedInput(ctx.db, userId, inputImageId);
  const [generation, rows] = await Promise.all([generationOf(ctx.db, userId, inputImageId), regionsOf(ctx.db, userId, inputImageId)]);
  const maskStatus: MaskStatus = generation?.status ?? (rows.length > 0 ? 'completed' : 'none');
  return {
    success: true,
    data: {
      inputImageId,
      maskStatus,
      maskRegions: rows.map((r) => presentMaskRegion(ctx, r)),
      error: maskStatus === 'failed' ? (generation?.error ?? MASK_MESSAGES.generationFailed) : null,
    },
  };
}

/**
 * The style a region will have: fields left out keep their value, null clears one. A material
 * brings its own category when none is given; ids are checked against the catalog (400).
 */
export function resolveStyle(current: Pick<MaskRegionRow, 'materialOptionId' | 'customizationOptionId' | 'subCategoryId' | 'customText'>, body: UpdateStyleParsed) {
  const materialOptionId = body.materialOptionId === undefined ? current.materialOptionId : body.materialOptionId;
  const customizationOptionId = body.customizationOptionId === undefined ? current.customizationOptionId : body.customizationOptionId;
  const customText = body.customText === undefined ? current.customText : body.customText?.trim() ? body.customText.trim() : null;
  let subCategoryId = body.subCategoryId === undefined ? current.subCategoryId : body.subCategoryId;

  if (materialOptionId && !catalogMaterial(materialOptionId)) throw new AppError(400, 'VALIDATION_ERROR', MASK_MESSAGES.unknownMaterialOption, { field: 'materialOptionId' });
  if (customizationOptionId && !catalogOption(customizationOptionId))
    throw new AppError(400, 'VALIDATION_ERROR', MASK_MESSAGES.unknownCustomizationOption, { field: 'customizationOptionId' });
  if (subCategoryId && !catalogSubCategory(subCategoryId)) throw new AppError(400, 'VALIDATION_ERROR', MASK_MESSAGES.unknownSubCategory, { field: 'subCategoryId' });
  const own = subCategoryOfMaterial(materialOptionId);
  if (own) {
    if (body.subCategoryId === undefined || body.subCategoryId === null) subCategoryId = own.id;
    else if (subCategoryId !== own.id) throw new AppError(400, 'VALIDATION_ERROR', MASK_MESSAGES.subCategoryMismatch, { field: 'subCategoryId' });
  }
  return { materialOptionId, customizationOptionId, subCategoryId, customText };
}

/** PUT /masks/{maskId}/style. */
export async function updateMaskStyle(ctx: Pick<AppContext, 'db' | 'urls'>, userId: number, maskId: number, body: UpdateStyleParsed) {
  const row = await ownedMask(ctx.db, userId, maskId);
  const style = resolveStyle(row, body);
  const [updated] = await ctx.db
    .update(maskRegions)
    .set({ ...style, updatedAt: new Date() })
    .where(and(eq(maskRegions.id, maskId), eq(maskRegions.userId, userId)))
    .returning();
  if (!updated) throw notFound(MASK_MESSAGES.maskNotFound, MASK_ERROR_CODES.notFound);
  return { success: true as const, message: MASK_MESSAGES.styleUpdated, data: presentMaskRegion(ctx, updated) };
}

/** DELETE /masks/{maskId}/style: no material, option, category or text. */
export async function clearMaskStyle(ctx: Pick<AppContext, 'db' | 'urls'>, userId: number, maskId: number) {
  await ownedMask(ctx.db, userId, maskId);
  const [updated] = await ctx.db
    .update(maskRegions)
    .set({ materialOptionId: null, customizationOptionId: null, subCategoryId: null, customText: null, updatedAt: new Date() })
    .where(and(eq(maskRegions.id, maskId), eq(maskRegions.userId, userId)))
    .returning();
  if (!updated) throw notFound(MASK_MESSAGES.maskNotFound, MASK_ERROR_CODES.notFound);
  return { success: true as const, message: MASK_MESSAGES.styleCleared, data: presentMaskRegion(ctx, updated) };
}

/** PUT /masks/{maskId}/visibility. A hidden region leaves the overlay and the renders until shown again. */
export async function setMaskVisibility(ctx: Pick<AppContext, 'db' | 'urls'>, userId: number, maskId: number, isVisible: boolean) {
  await ownedMask(ctx.db, userId, maskId);
  const [updated] = await ctx.db
    .update(maskRegions)
    .set({ isVisible, updatedAt: new Date() })
    .where(and(eq(maskRegions.id, maskId), eq(maskRegions.userId, userId)))
    .returning();
  if (!updated) throw notFound(MASK_MESSAGES.maskNotFound, MASK_ERROR_CODES.notFound);
  return { success: true as const, message: MASK_MESSAGES.visibilityUpdated, data: presentMaskRegion(ctx, updated) };
}

// ---- for other modules ----

/** What the prompt writer reads of an image's regions (visible ones, largest first). */
export interface RegionForPrompt {
  id: number;
  label: string;
  area: number;
  materialName: string | null;
  /** The material's section (walls, floors, context) or the option's. */
  section: string | null;
  subCategoryName: string | null;
  customText: string | null;
}

export async function listRegionsForPrompt(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number): Promise<RegionForPrompt[]> {
  const rows = await regionsOf(ctx.db, userId, inputImageId);
  return rows
    .filter((r) => r.isVisible)
    .map((r) => {
      const option = catalogOption(r.materialOptionId) ?? catalogOption(r.customizationOptionId);
      const sub = catalogSubCategory(r.subCategoryId) ?? subCategoryOfMaterial(r.materialOptionId);
      return {
        id: r.id,
        label: r.label,
        area: r.area,
        materialName: option?.displayName ?? null,
        section: option?.category ?? null,
        subCategoryName: sub?.displayName ?? null,
        customText: r.customText,
      };
    });
}

/**
 * The mask reader generation uses (registered by registerMasksQueue): the image's visible
 * regions as PNGs. A copied region is listed under its own id and under the ids it was copied
 * from, so a mapping made on the original input image still finds it.
 */
export async function readMasksForRender(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>, userId: number, inputImageId: number): Promise<MaskForRender[]> {
  const rows = (await regionsOf(ctx.db, userId, inputImageId)).filter((r) => r.isVisible);
  const out: MaskForRender[] = [];
  for (const r of rows) {
    let mask: Buffer;
    try {
      mask = await ctx.storage.get(r.maskKey);
    } catch (err) {
      if (err instanceof StorageNotFoundError) {
        ctx.log.warn({ maskId: r.id }, 'a mask file is missing; the region is left out of the render');
        continue;
      }
      throw err;
    }
    out.push({ id: r.id, mask, label: r.label });
    for (const alias of r.aliasIds ?? []) if (Number.isSafeInteger(alias)) out.push({ id: alias, mask, label: r.label });
  }
  return out;
}

/**
 * onInputImageCopied: the new input image gets a copy of each region (its own file, the same
 * style and visibility) and the completed status. Nothing happens when the original has no
 * completed masks.
 */
export async function copyMasks(event: InputImageCopiedEvent, ctx: ImagesContext): Promise<void> {
  const { userId, fromInputImageId, toInputImageId } = event;
  const generation = await generationOf(ctx.db, userId, fromInputImageId);
  const rows = await regionsOf(ctx.db, userId, fromInputImageId);
  if (rows.length === 0 || (generation && generation.status !== 'completed')) return;
  const folder = `${maskKeyPrefix(userId, toInputImageId)}${crypto.randomUUID().slice(0, 8)}`;
  const written: string[] = [];
  try {
    const copies: Array<typeof maskRegions.$inferInsert> = [];
    for (const r of rows) {
      const key = `${folder}/${r.position}.png`;
      await ctx.storage.put(key, await ctx.storage.get(r.maskKey), 'image/png');
      written.push(key);
      copies.push({
        userId,
        inputImageId: toInputImageId,
        position: r.position,
        maskKey: key,
        label: r.label,
        area: r.area,
        averageColor: r.averageColor,
        confidence: r.confidence,
        isVisible: r.isVisible,
        customText: r.customText,
        materialOptionId: r.materialOptionId,
        customizationOptionId: r.customizationOptionId,
        subCategoryId: r.subCategoryId,
        aliasIds: [r.id, ...(r.aliasIds ?? [])].slice(0, 16),
      });
    }
    await ctx.db.transaction(async (tx) => {
      await tx.insert(maskRegions).values(copies);
      const now = new Date();
      await tx
        .insert(maskGenerations)
        .values({ inputImageId: toInputImageId, userId, status: 'completed', regionCount: copies.length, startedAt: now, completedAt: now, updatedAt: now })
        .onConflictDoNothing();
    });
  } catch (err) {
    await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
    throw err;
  }
}

// ---- the job's writes (masks.job.ts) ----

export interface StoredRegion {
  key: string;
  label: string;
  area: number;
  averageColor: string;
  confidence: number | null;
}

/**
 * Replaces the image's regions with a finished generation's, if that generation is still the
 * current one (`jobId`); answers the keys of the files the old regions had (to delete), or null
 * when a newer request superseded this job.
 */
export async function completeGeneration(
  db: Db,
  userId: number,
  inputImageId: number,
  jobId: string,
  regions: StoredRegion[],
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(maskGenerations)
      .where(and(eq(maskGenerations.inputImageId, inputImageId), eq(maskGenerations.userId, userId)))
      .for('update')
      .limit(1);
    if (!current || current.jobId !== jobId || current.status !== 'processing') return null;
    const old = await tx
      .delete(maskRegions)
      .where(and(eq(maskRegions.userId, userId), eq(maskRegions.inputImageId, inputImageId)))
      .returning({ key: maskRegions.maskKey });
    if (regions.length > 0) {
      await tx.insert(maskRegions).values(
        regions.map((r, position) => ({ userId, inputImageId, position, maskKey: r.key, label: r.label, area: r.area, averageColor: r.averageColor, confidence: r.confidence })),
      );
    }
    const now = new Date();
    await tx
      .update(maskGenerations)
      .set({ status: 'completed', error: null, regionCount: regions.length, completedAt: now, updatedAt: now })
      .where(eq(maskGenerations.inputImageId, inputImageId));
    return old.map((o) => o.key);
  });
}

/** Marks the generation `jobId` failed; false when it is not the current one (nothing to tell). */
export async function failGeneration(db: Db, inputImageId: number, jobId: string, error: string): Promise<{ userId: number } | null> {
  const now = new Date();
  const [row] = await db
    .update(maskGenerations)
    .set({ status: 'failed', error, updatedAt: now, completedAt: now })
    .where(and(eq(maskGenerations.inputImageId, inputImageId), eq(maskGenerations.jobId, jobId), eq(maskGenerations.status, 'processing')))
    .returning({ userId: maskGenerations.userId });
  return row ?? null;
}

/** Generations still processing that started before `before` (for the recovery sweep). */
export async function processingGenerations(db: Db, before: Date, limit = 100) {
  return db
    .select()
    .from(maskGenerations)
    .where(and(eq(maskGenerations.status, 'processing'), lt(maskGenerations.startedAt, before), isNotNull(maskGenerations.jobId)))
    .limit(limit);
}

/** The current generation row of an image (the job checks it is still wanted). */
export async function currentGeneration(db: Db, userId: number, inputImageId: number) {
  return generationOf(db, userId, inputImageId);
}
