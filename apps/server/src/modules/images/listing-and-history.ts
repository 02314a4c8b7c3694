import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ModuleType, UploadSource } from '@atelier/contract';
import { generatedImages, inputImages } from '../../db/schema/index.js';
import { preparedQuery } from '../../db/prepared.js';
import { notFound } from '../../lib/errors.js';
import { pageInfo, pageOffset, type PageInfo, type PageRequest } from '../../lib/pagination.js';
import type { Executor, GeneratedImageRow, InputImageRow } from './owned-images.js';

// ---- lists (each backed by an index in schema/images.ts) ----

const newestInputsFirst = [desc(inputImages.createdAt), desc(inputImages.id)];
const newestGeneratedFirst = [desc(generatedImages.createdAt), desc(generatedImages.id)];

/** The caller's input images (optionally of one upload source): a page of rows and the total, prepared once. */
function inputImagesQueries(bySource: boolean) {
  const name = bySource ? 'input_images_by_source' : 'input_images';
  const where = () =>
    and(
      eq(inputImages.userId, sql.placeholder('userId')),
      isNull(inputImages.deletedAt),
      bySource ? eq(inputImages.uploadSource, sql.placeholder('uploadSource')) : undefined,
    );
  return {
    page: preparedQuery(`list_${name}`, (db) =>
      db
        .select()
        .from(inputImages)
        .where(where())
        .orderBy(...newestInputsFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`list_${name}`),
    ),
    total: preparedQuery(`count_${name}`, (db) => db.select({ total: count() }).from(inputImages).where(where()).prepare(`count_${name}`)),
  };
}
const inputImagesOfUser = inputImagesQueries(false);
const inputImagesOfSource = inputImagesQueries(true);

/** The caller's input images, newest first (index input_images_user[_source]_created_idx). */
export async function listInputImages(
  db: Executor,
  userId: number,
  query: PageRequest & { uploadSource?: UploadSource },
): Promise<{ rows: InputImageRow[]; pagination: PageInfo }> {
  const queries = query.uploadSource ? inputImagesOfSource : inputImagesOfUser;
  const params = { userId, uploadSource: query.uploadSource, limit: query.limit, offset: pageOffset(query) };
  const [rows, [{ total }]] = await Promise.all([queries.page(db).execute(params), queries.total(db).execute(params)]);
  return { rows, pagination: pageInfo(query, Number(total)) };
}

/**
 * The caller's COMPLETED generated images, newest first, optionally of one module
 * (index generated_images_user_module_status_idx, or generated_images_user_created_idx).
 */
export async function listCompletedGeneratedImages(
  db: Executor,
  userId: number,
  query: PageRequest & { moduleType?: ModuleType },
): Promise<{ rows: GeneratedImageRow[]; pagination: PageInfo }> {
  const conditions: SQL[] = [
    eq(generatedImages.userId, userId),
    eq(generatedImages.status, 'COMPLETED'),
    isNull(generatedImages.deletedAt),
  ];
  if (query.moduleType) conditions.push(eq(generatedImages.moduleType, query.moduleType));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(generatedImages)
      .where(where)
      .orderBy(...newestGeneratedFirst)
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(generatedImages).where(where),
  ]);
  return { rows, pagination: pageInfo(query, Number(total)) };
}

/**
 * Tweak history: the caller's running and completed TWEAK images (never FAILED ones) made from a base image (index
 * generated_images_base_idx). The base is an input or generated image id of the caller's
 * (else 404). When the id asked for is itself a tweak result, the history is its original
 * base's, so every step of one editing session lists together.
 *
 * Input and generated images have separate ids, so one number can name both. With `baseType`
 * the id is read as that kind only, and only the results whose settingsSnapshot.baseImageType
 * (set by the tweak module) is that kind are listed; without it, a generated image is tried first.
 */
export async function getTweakHistory(
  db: Executor,
  userId: number,
  baseImageId: number,
  page: PageRequest,
  baseType?: 'input' | 'generated',
): Promise<{ rows: GeneratedImageRow[]; currentBaseImageId: number; baseImageId: number; pagination: PageInfo }> {
  const [asGenerated] =
    baseType === 'input'
      ? []
      : await db
          .select({ id: generatedImages.id, moduleType: generatedImages.moduleType, baseImageId: generatedImages.baseImageId })
          .from(generatedImages)
          .where(and(eq(generatedImages.id, baseImageId), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
          .limit(1);
  if (!asGenerated && baseType === 'generated') throw notFound('Image not found');
  if (!asGenerated) {
    const [asInput] = await db
      .select({ id: inputImages.id })
      .from(inputImages)
      .where(and(eq(inputImages.id, baseImageId), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
      .limit(1);
    if (!asInput) throw notFound('Image not found');
  }
  const rootId =
    asGenerated && asGenerated.moduleType === 'TWEAK' && asGenerated.baseImageId ? asGenerated.baseImageId : baseImageId;
  const where = and(
    eq(generatedImages.userId, userId),
    eq(generatedImages.baseImageId, rootId),
    eq(generatedImages.moduleType, 'TWEAK'),
    // The strip lists finished and running results; a failed one is the batch's status (refunded).
    ne(generatedImages.status, 'FAILED'),
    isNull(generatedImages.deletedAt),
    baseType === 'input'
      ? sql`${generatedImages.settingsSnapshot}->>'baseImageType' = 'input'`
      : baseType === 'generated'
        ? sql`coalesce(${generatedImages.settingsSnapshot}->>'baseImageType', 'generated') = 'generated'`
        : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(generatedImages)
      .where(where)
      .orderBy(...newestGeneratedFirst)
      .limit(page.limit)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(generatedImages).where(where),
  ]);
  return { rows, currentBaseImageId: baseImageId, baseImageId: rootId, pagination: pageInfo(page, Number(total)) };
}
