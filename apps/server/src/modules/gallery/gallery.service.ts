import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  explorePaths,
  GALLERY_MESSAGES,
  IMAGE_ERROR_CODES,
  isBatchGalleryMode,
  type GalleryBatch,
  type GalleryDaysResponse,
  type GalleryFilters,
  type GalleryImage,
  type GalleryMode,
  type GalleryVisibilityResponse,
  type ModuleType,
  type OpenInCreateResponse,
  type Pagination,
} from '@atelier/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { batches, generatedImages } from '../../db/schema/index.js';
import { preparedQuery } from '../../db/prepared.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageInfo, pageOffset, type PageRequest } from '../../lib/pagination.js';
import {
  createInputImageFromBytes,
  getOwnedGeneratedImage,
  getOwnedInputImage,
  readGeneratedImageBytes,
  type GeneratedImageRow,
} from '../images/index.js';
import { dateFilterConditions, filtersOf, hasFilters, imageFilterConditions } from './gallery.filters.js';
import { resolveTimeZone } from './timezones.js';

/**
 * The gallery: a day-grouped timeline of the caller's completed images (organize, refine) or
 * batches (create, tweak). It is a read model over the images module's tables, answered in two
 * steps so the browser never loads the whole history: the day buckets (date and count in the
 * caller's time zone, grouped with AT TIME ZONE by the database), then the images of a date
 * range, page by page. Each query has the caller's id in its WHERE clause and is served by an
 * index (migration 0040, batches_user_module_created_idx); pages are ordered by a unique key
 * (created_at DESC, id DESC), so they never overlap.
 *
 * The gallery also owns what the user does to an image from it: share on Explore (is_public,
 * published_at), delete (soft), open in Create.
 */

export type GalleryContext = Pick<AppContext, 'db' | 'storage' | 'urls'>;

const MODULE_OF_MODE: Record<GalleryMode, ModuleType | null> = {
  organize: null,
  create: 'CREATE',
  tweak: 'TWEAK',
  refine: 'REFINE',
};

const iso = (d: Date | string | null): string | null => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());

/** The columns the gallery shows (no settings blobs: a page of 100 stays small). */
const imageColumns = {
  id: generatedImages.id,
  userId: generatedImages.userId,
  batchId: generatedImages.batchId,
  moduleType: generatedImages.moduleType,
  operationType: generatedImages.operationType,
  status: generatedImages.status,
  variationNumber: generatedImages.variationNumber,
  createdAt: generatedImages.createdAt,
  width: generatedImages.width,
  height: generatedImages.height,
  imageKey: generatedImages.imageKey,
  processedKey: generatedImages.processedKey,
  thumbnailKey: generatedImages.thumbnailKey,
  inputImageId: generatedImages.inputImageId,
  baseImageId: generatedImages.baseImageId,
  prompt: generatedImages.prompt,
  isPublic: generatedImages.isPublic,
  publishedAt: generatedImages.publishedAt,
};
type GalleryImageRow = Pick<GeneratedImageRow, keyof typeof imageColumns>;

export function presentGalleryImage(ctx: Pick<AppContext, 'urls'>, row: GalleryImageRow): GalleryImage {
  const fullKey = row.processedKey ?? row.imageKey;
  return {
    id: row.id,
    batchId: row.batchId,
    moduleType: row.moduleType,
    operationType: row.operationType,
    status: row.status,
    variationNumber: row.variationNumber,
    createdAt: iso(row.createdAt)!,
    width: row.width,
    height: row.height,
    // The grid loads thumbnails; an image without one (older rows) falls back to the full file.
    thumbnailUrl: row.thumbnailKey ? ctx.urls.sign(row.thumbnailKey) : fullKey ? ctx.urls.sign(fullKey) : null,
    imageUrl: fullKey ? ctx.urls.sign(fullKey) : null,
    inputImageId: row.inputImageId,
    baseImageId: row.baseImageId,
    prompt: row.prompt,
    isPublic: row.isPublic,
    publishedAt: iso(row.publishedAt),
    publicUrl: row.isPublic ? explorePaths.full(row.id) : null,
  };
}

/** The caller's completed, not deleted images, optionally of one module, with the gallery's filters (dates in tz). */
function completedImagesOf(userId: number, moduleType: ModuleType | null, filters: GalleryFilters = {}, tz = 'UTC'): SQL {
  const conditions: SQL[] = [
    eq(generatedImages.userId, userId),
    eq(generatedImages.status, 'COMPLETED'),
    isNull(generatedImages.deletedAt),
    ...imageFilterConditions(filters),
    ...dateFilterConditions(generatedImages.createdAt, tz, filters),
  ];
  if (moduleType) conditions.push(eq(generatedImages.moduleType, moduleType));
  return and(...conditions)!;
}

/**
 * The caller's batches of one module that still hold at least one completed image (one that
 * passes the filters; the date filters apply to the batch's own creation, in tz). The images
 * of a batch are its owner's, so the EXISTS probes generated_images_batch_idx by batch id alone
 * (with the user id in it too, a planner without statistics — PGlite never runs ANALYZE — would
 * walk the user's whole index once per batch).
 */
function batchesWithImages(userId: number, moduleType: ModuleType, filters: GalleryFilters = {}, tz = 'UTC'): SQL {
  const imageFilters = imageFilterConditions(filters);
  const extra = imageFilters.length > 0 ? sql` AND ${and(...imageFilters)}` : sql``;
  return and(
    eq(batches.userId, userId),
    eq(batches.moduleType, moduleType),
    ...dateFilterConditions(batches.createdAt, tz, filters),
    sql`EXISTS (SELECT 1 FROM ${generatedImages} WHERE ${generatedImages.batchId} = ${batches.id} AND ${generatedImages.status} = 'COMPLETED' AND ${generatedImages.deletedAt} IS NULL${extra})`,
  )!;
}

/** `column AT TIME ZONE tz` as a YYYY-MM-DD string. */
const localDay = (column: AnyPgColumn, tz: string) =>
  sql<string>`to_char((${column} AT TIME ZONE ${tz})::date, 'YYYY-MM-DD')`;

/** [from 00:00, to + 1 day 00:00) in tz, as instants, so the created_at index serves the range. */
function dayRange(column: AnyPgColumn, tz: string | Placeholder, from: string | Placeholder, to: string | Placeholder): SQL {
  return and(
    gte(column, sql`((${from}::date)::timestamp AT TIME ZONE ${tz})`),
    lt(column, sql`(((${to}::date) + 1)::timestamp AT TIME ZONE ${tz})`),
  )!;
}

// ---- day buckets ----

/**
 * GET /gallery/days: per day (in tz), how many images (organize, refine) or batches (create,
 * tweak) pass the filters; newest day first.
 */
export async function listDays(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  query: { mode: GalleryMode; tz: string } & GalleryFilters,
): Promise<GalleryDaysResponse> {
  const tz = await resolveTimeZone(ctx.db, query.tz);
  const moduleType = MODULE_OF_MODE[query.mode];
  const filters = filtersOf(query);
  let rows: Array<{ date: string; count: number }>;
  if (isBatchGalleryMode(query.mode)) {
    rows = await ctx.db
      .select({ date: localDay(batches.createdAt, tz), count: sql<number>`count(*)::int` })
      .from(batches)
      .where(batchesWithImages(userId, moduleType!, filters, tz))
      .groupBy(sql`1`)
      .orderBy(sql`1 DESC`);
  } else {
    rows = await ctx.db
      .select({ date: localDay(generatedImages.createdAt, tz), count: sql<number>`count(*)::int` })
      .from(generatedImages)
      .where(completedImagesOf(userId, moduleType, filters, tz))
      .groupBy(sql`1`)
      .orderBy(sql`1 DESC`);
  }
  const days = rows.map((r) => ({ date: String(r.date), count: Number(r.count) }));
  return {
    mode: query.mode,
    timeZone: tz,
    unit: isBatchGalleryMode(query.mode) ? 'batch' : 'image',
    total: days.reduce((sum, d) => sum + d.count, 0),
    days,
  };
}

// ---- date ranges ----

export interface RangeQuery extends PageRequest, GalleryFilters {
  tz: string;
  from: string;
  to: string;
}

/** The gallery page of one module (or all): prepared once, with the user, range and page as placeholders. */
function rangeImagesQueries(moduleType: ModuleType | null) {
  const name = `gallery_range_images_${moduleType ?? 'all'}`;
  const where = () =>
    and(
      eq(generatedImages.userId, sql.placeholder('userId')),
      eq(generatedImages.status, 'COMPLETED'),
      isNull(generatedImages.deletedAt),
      moduleType ? eq(generatedImages.moduleType, moduleType) : undefined,
      dayRange(generatedImages.createdAt, sql.placeholder('tz'), sql.placeholder('from'), sql.placeholder('to')),
    );
  return {
    page: preparedQuery(name, (db) =>
      db
        .select(imageColumns)
        .from(generatedImages)
        .where(where())
        .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
    total: preparedQuery(`${name}_count`, (db) =>
      db.select({ total: count() }).from(generatedImages).where(where()).prepare(`${name}_count`),
    ),
  };
}
const rangeImages = { organize: rangeImagesQueries(null), refine: rangeImagesQueries('REFINE') };

/** GET /gallery/images: the caller's completed images made between from and to (inclusive days in tz), newest first. */
export async function listRangeImages(
  ctx: GalleryContext,
  userId: number,
  query: RangeQuery & { mode: 'organize' | 'refine' },
): Promise<{ images: GalleryImage[]; pagination: Pagination }> {
  const tz = await resolveTimeZone(ctx.db, query.tz);
  const filters = filtersOf(query);
  if (hasFilters(filters)) return listFilteredRangeImages(ctx, userId, { ...query, tz }, filters);
  const queries = rangeImages[query.mode];
  const params = { userId, tz, from: query.from, to: query.to, limit: query.limit, offset: pageOffset(query) };
  const [rows, [{ total }]] = await Promise.all([queries.page(ctx.db).execute(params), queries.total(ctx.db).execute(params)]);
  return { images: rows.map((r) => presentGalleryImage(ctx, r)), pagination: pageInfo(query, Number(total)) };
}

/** A filtered page of a date range: the same order and paging as the prepared queries, built per call. */
async function listFilteredRangeImages(
  ctx: GalleryContext,
  userId: number,
  query: RangeQuery & { mode: 'organize' | 'refine' },
  filters: GalleryFilters,
): Promise<{ images: GalleryImage[]; pagination: Pagination }> {
  const where = and(
    completedImagesOf(userId, MODULE_OF_MODE[query.mode], filters, query.tz),
    dayRange(generatedImages.createdAt, query.tz, query.from, query.to),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(imageColumns)
      .from(generatedImages)
      .where(where)
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    ctx.db.select({ total: count() }).from(generatedImages).where(where),
  ]);
  return { images: rows.map((r) => presentGalleryImage(ctx, r)), pagination: pageInfo(query, Number(total)) };
}

/** GET /gallery/batches: the caller's create or tweak batches of a date range, newest first, with their completed images. */
export async function listRangeBatches(
  ctx: GalleryContext,
  userId: number,
  query: RangeQuery & { mode: 'create' | 'tweak' },
): Promise<{ batches: GalleryBatch[]; pagination: Pagination }> {
  const tz = await resolveTimeZone(ctx.db, query.tz);
  const filters = filtersOf(query);
  const where = and(batchesWithImages(userId, MODULE_OF_MODE[query.mode]!, filters, tz), dayRange(batches.createdAt, tz, query.from, query.to));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(batches)
      .where(where)
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    ctx.db.select({ total: count() }).from(batches).where(where),
  ]);
  const ids = rows.map((b) => b.id);
  const images = ids.length
    ? await ctx.db
        .select(imageColumns)
        .from(generatedImages)
        .where(and(inArray(generatedImages.batchId, ids), completedImagesOf(userId, null, { ...filters, dateFrom: undefined, dateTo: undefined })))
        .orderBy(asc(generatedImages.batchId), asc(generatedImages.variationNumber), asc(generatedImages.id))
    : [];
  const byBatch = new Map<number, GalleryImage[]>();
  for (const img of images) {
    const list = byBatch.get(img.batchId) ?? [];
    list.push(presentGalleryImage(ctx, img));
    byBatch.set(img.batchId, list);
  }
  return {
    batches: rows.map((b) => ({
      id: b.id,
      moduleType: b.moduleType,
      operationType: b.operationType,
      status: b.status,
      prompt: b.prompt,
      settings: b.settings ?? null,
      createdAt: iso(b.createdAt)!,
      inputImageId: b.inputImageId,
      baseImageId: b.baseGeneratedImageId,
      totalVariations: b.totalVariations,
      images: byBatch.get(b.id) ?? [],
    })),
    pagination: pageInfo(query, Number(total)),
  };
}

// ---- actions on one image (the caller's, else 404) ----

async function ownedCompletedImage(db: Db, userId: number, id: number) {
  const row = await getOwnedGeneratedImage(db, userId, id).catch((err) => {
    if (err instanceof AppError && err.status === 404) throw notFound(GALLERY_MESSAGES.imageNotFound);
    throw err;
  });
  if (row.status !== 'COMPLETED') throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, GALLERY_MESSAGES.notReady);
  return row;
}

/**
 * PUT /gallery/images/{id}/visibility: share on Explore (published now, or kept when already
 * public) or take it off at once. Explore checks is_public on every request, so a private
 * image stops being served immediately.
 */
export async function setVisibility(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  id: number,
  isPublic: boolean,
): Promise<GalleryVisibilityResponse> {
  await ownedCompletedImage(ctx.db, userId, id);
  const now = new Date();
  const [row] = await ctx.db
    .update(generatedImages)
    .set({
      isPublic,
      publishedAt: isPublic ? sql`CASE WHEN ${generatedImages.isPublic} THEN ${generatedImages.publishedAt} ELSE now() END` : null,
      updatedAt: now,
    })
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
    .returning({ id: generatedImages.id, isPublic: generatedImages.isPublic, publishedAt: generatedImages.publishedAt });
  if (!row) throw notFound(GALLERY_MESSAGES.imageNotFound);
  return {
    id: row.id,
    isPublic: row.isPublic,
    publishedAt: iso(row.publishedAt),
    publicUrl: row.isPublic ? explorePaths.full(row.id) : null,
  };
}

/** DELETE /gallery/images/{id}: soft delete; the image leaves the gallery and Explore at once, its files go later. */
export async function deleteImage(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<void> {
  const now = new Date();
  const updated = await ctx.db
    .update(generatedImages)
    .set({ deletedAt: now, isPublic: false, publishedAt: null, updatedAt: now })
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
    .returning({ id: generatedImages.id });
  if (updated.length === 0) throw notFound(GALLERY_MESSAGES.imageNotFound);
}

/**
 * POST /gallery/images/{id}/open-in-create: the input image to open /create with. The image's
 * own input image when the caller still has it; otherwise a new input image copied from this
 * image's bytes (read from storage, never fetched).
 */
export async function openInCreate(ctx: GalleryContext, userId: number, id: number): Promise<OpenInCreateResponse> {
  const image = await ownedCompletedImage(ctx.db, userId, id);
  if (image.inputImageId) {
    const input = await getOwnedInputImage(ctx.db, userId, image.inputImageId).catch(() => null);
    if (input) return { inputImageId: input.id, created: false };
  }
  const bytes = await readGeneratedImageBytes(ctx, image);
  const row = await createInputImageFromBytes(ctx, {
    userId,
    bytes,
    fileName: `generated_${image.id}.jpg`,
    uploadSource: 'CREATE_MODULE',
    sourceGeneratedImageId: image.id,
  });
  return { inputImageId: row.id, created: true };
}
