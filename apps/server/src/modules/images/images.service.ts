import crypto from 'node:crypto';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES, type ModuleType, type UploadSource } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { generatedImages, inputImages } from '../../db/schema/index.js';
import { preparedQuery } from '../../db/prepared.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageInfo, pageOffset, type PageInfo, type PageRequest } from '../../lib/pagination.js';
import { StorageNotFoundError, type Storage } from '../../providers/storage/index.js';
import { emitInputImageCopied, getUploadRegionsHandler, type UploadRegions } from './images.events.js';
import { inspectImage, processGenerated, processUpload, toJpeg, type EncodedFile } from './image-processing.js';

/**
 * The images module's rules: input images (uploads and copies of generated images), the files
 * of generated images, lists, soft delete and downloads. Every query on user data carries the
 * caller's id; an image of another user is "not found", never "forbidden".
 */

export type InputImageRow = typeof inputImages.$inferSelect;
export type GeneratedImageRow = typeof generatedImages.$inferSelect;
type Executor = Db | Tx;

/** What the images functions need from the app context (AppContext has all of it). */
export type ImagesContext = Pick<AppContext, 'db' | 'storage' | 'urls'> & { log?: FastifyBaseLogger };

// ---- ownership: the one place each resource's owner is checked ----

/** The caller's input image (not deleted), or AppError 404 'Input image not found'. */
export async function getOwnedInputImage(db: Executor, userId: number, inputImageId: number): Promise<InputImageRow> {
  const [row] = await db
    .select()
    .from(inputImages)
    .where(and(eq(inputImages.id, inputImageId), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .limit(1);
  if (!row) throw notFound(IMAGE_MESSAGES.inputNotFound);
  return row;
}

/** The caller's generated image (not deleted), or AppError 404 'Generated image not found'. */
export async function getOwnedGeneratedImage(db: Executor, userId: number, id: number): Promise<GeneratedImageRow> {
  const [row] = await db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId), isNull(generatedImages.deletedAt)))
    .limit(1);
  if (!row) throw notFound(IMAGE_MESSAGES.generatedNotFound);
  return row;
}

// ---- files ----

const inputKeyBase = (userId: number) => `u/${userId}/inputs/${crypto.randomUUID()}`;
const generatedKeyBase = (userId: number, generatedImageId: number) =>
  `u/${userId}/generated/${generatedImageId}/${crypto.randomUUID().slice(0, 8)}`;
const GENERATED_KEY = /^u\/(\d+)\/generated\/(\d+)\//;

/** Writes files; when one fails, the ones written are removed again and the error is thrown. */
async function putAll(storage: Storage, files: Array<[string, EncodedFile]>): Promise<void> {
  const results = await Promise.allSettled(files.map(([key, f]) => storage.put(key, f.bytes, f.contentType)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteQuietly(storage, files.map(([key]) => key));
    throw failed.reason;
  }
}

async function deleteQuietly(storage: Storage, keys: Array<string | null | undefined>): Promise<void> {
  await Promise.allSettled(keys.filter((k): k is string => !!k).map((k) => storage.delete(k)));
}

async function readKey(storage: Storage, key: string): Promise<Buffer> {
  try {
    return await storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw new AppError(404, IMAGE_ERROR_CODES.notFound, 'The image file is missing.');
    throw err;
  }
}

/** The bytes of an input image's processed (web-sized) file, else its original. */
export async function readInputImageBytes(ctx: Pick<AppContext, 'storage'>, row: InputImageRow): Promise<Buffer> {
  if (row.processedKey) {
    try {
      return await ctx.storage.get(row.processedKey);
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
    }
  }
  return readKey(ctx.storage, row.originalKey);
}

/** The bytes of a generated image (processed file if any, else the image); 409 while it has none. */
export async function readGeneratedImageBytes(ctx: Pick<AppContext, 'storage'>, row: GeneratedImageRow): Promise<Buffer> {
  const key = row.processedKey ?? row.imageKey;
  if (!key) throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, IMAGE_MESSAGES.imageNotReady);
  return readKey(ctx.storage, key);
}

/**
 * Stores a generated image's files: the full image as JPEG q92 and a 400 px WEBP thumbnail,
 * under `u/<userId>/generated/<id>/...`. The caller writes the keys and size on its row.
 */
export async function storeGeneratedImageFiles(
  ctx: Pick<AppContext, 'storage'>,
  input: { userId: number; generatedImageId: number; bytes: Buffer },
): Promise<{ imageKey: string; thumbnailKey: string; width: number; height: number }> {
  const { image, thumbnail } = await processGenerated(input.bytes);
  const base = generatedKeyBase(input.userId, input.generatedImageId);
  const imageKey = `${base}/image.jpg`;
  const thumbnailKey = `${base}/thumb.webp`;
  await putAll(ctx.storage, [
    [imageKey, image],
    [thumbnailKey, thumbnail],
  ]);
  return { imageKey, thumbnailKey, width: image.width, height: image.height };
}

/** A file name fit to show and store: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || fallback;
}

export interface CreateInputImageInput {
  userId: number;
  bytes: Buffer;
  fileName: string | null | undefined;
  uploadSource: UploadSource;
  sourceGeneratedImageId?: number | null;
  sourceInputImageId?: number | null;
  /** Carried over when copying from another input image. */
  aiPrompt?: string | null;
  generatedPrompt?: string | null;
  settings?: Record<string, unknown> | null;
}

/**
 * The upload pipeline: checks the bytes (JPEG/PNG/WEBP, pixel limit, readable), applies EXIF
 * orientation, strips metadata, stores original + processed + thumbnail, then inserts the row.
 * A refusal stores nothing; a failure after storing removes the files again.
 */
export async function createInputImageFromBytes(ctx: ImagesContext, input: CreateInputImageInput): Promise<InputImageRow> {
  const processed = await processUpload(input.bytes);
  const base = inputKeyBase(input.userId);
  const originalKey = `${base}/original.${processed.original.ext}`;
  const processedKey = `${base}/processed.${processed.processed.ext}`;
  const thumbnailKey = `${base}/thumb.webp`;
  await putAll(ctx.storage, [
    [originalKey, processed.original],
    [processedKey, processed.processed],
    [thumbnailKey, processed.thumbnail],
  ]);
  try {
    const [row] = await ctx.db
      .insert(inputImages)
      .values({
        userId: input.userId,
        fileName: cleanFileName(input.fileName, `image.${processed.original.ext}`),
        uploadSource: input.uploadSource,
        status: 'COMPLETED',
        originalKey,
        processedKey,
        thumbnailKey,
        width: processed.width,
        height: processed.height,
        mimeType: processed.original.contentType,
        sizeBytes: processed.original.bytes.length,
        sourceGeneratedImageId: input.sourceGeneratedImageId ?? null,
        sourceInputImageId: input.sourceInputImageId ?? null,
        aiPrompt: input.aiPrompt ?? null,
        generatedPrompt: input.generatedPrompt ?? null,
        settings: input.settings ?? null,
      })
      .returning();
    return row;
  } catch (err) {
    await deleteQuietly(ctx.storage, [originalKey, processedKey, thumbnailKey]);
    throw err;
  }
}

/**
 * POST /images/upload-input: the input image, and with an ID pass its regions at once. The
 * ID pass is checked before anything is stored (400 naming the field); if its regions cannot
 * be stored the input image goes too, so a refused upload leaves nothing behind.
 */
export async function uploadInputImage(ctx: ImagesContext, input: CreateInputImageInput & { regions?: UploadRegions }): Promise<InputImageRow> {
  const { regions, ...image } = input;
  const handler = regions ? getUploadRegionsHandler() : null;
  if (regions) {
    if (!handler) throw new AppError(400, 'VALIDATION_ERROR', 'idPass is not accepted by this server', { field: 'idPass' });
    await handler.check(await inspectImage(input.bytes), regions);
  }
  const row = await createInputImageFromBytes(ctx, image);
  if (!regions || !handler) return row;
  try {
    await handler.store(ctx, input.userId, row.id, regions);
  } catch (err) {
    await ctx.db.delete(inputImages).where(and(eq(inputImages.id, row.id), eq(inputImages.userId, input.userId)));
    await deleteQuietly(ctx.storage, [row.originalKey, row.processedKey, row.thumbnailKey]);
    throw err;
  }
  return row;
}

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
 * Tweak history: the caller's TWEAK images made from a base image (index
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

// ---- delete ----

/** Soft delete: the image disappears from every list at once; its files stay until cleanupDeletedFiles. */
export async function softDeleteInputImage(db: Executor, userId: number, id: number): Promise<void> {
  const now = new Date();
  const updated = await db
    .update(inputImages)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(inputImages.id, id), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .returning({ id: inputImages.id });
  if (updated.length === 0) throw notFound(IMAGE_MESSAGES.inputNotFound);
}

// ---- settings ----

/**
 * Saves the customization settings last used with an input image (merged over what it had;
 * a prompt also becomes its generatedPrompt). Inputs made from its renders copy both.
 */
export async function saveInputImageSettings(
  db: Executor,
  userId: number,
  id: number,
  settings: Record<string, unknown> & { generatedPrompt?: string | null },
): Promise<InputImageRow> {
  const row = await getOwnedInputImage(db, userId, id);
  const patch: Partial<typeof inputImages.$inferInsert> = {
    settings: { ...(row.settings ?? {}), ...settings },
    updatedAt: new Date(),
  };
  if (typeof settings.generatedPrompt === 'string' && settings.generatedPrompt.trim() !== '') patch.generatedPrompt = settings.generatedPrompt.trim();
  const [updated] = await db
    .update(inputImages)
    .set(patch)
    .where(and(eq(inputImages.id, id), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .returning();
  if (!updated) throw notFound(IMAGE_MESSAGES.inputNotFound);
  return updated;
}

/**
 * Sets the prompts kept with an input image: `generatedPrompt` (the prompt saved for it; blank
 * clears it) and `aiPrompt` (the last prompt written by the AI prompt writer). Fields left out
 * keep their value. Used by the prompts module (its only way to write them).
 */
export async function setInputImagePrompts(
  db: Executor,
  userId: number,
  id: number,
  prompts: { generatedPrompt?: string | null; aiPrompt?: string | null },
): Promise<InputImageRow> {
  const clean = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
  const patch: Partial<typeof inputImages.$inferInsert> = { updatedAt: new Date() };
  if (prompts.generatedPrompt !== undefined) patch.generatedPrompt = clean(prompts.generatedPrompt);
  if (prompts.aiPrompt !== undefined) patch.aiPrompt = clean(prompts.aiPrompt);
  const [updated] = await db
    .update(inputImages)
    .set(patch)
    .where(and(eq(inputImages.id, id), eq(inputImages.userId, userId), isNull(inputImages.deletedAt)))
    .returning();
  if (!updated) throw notFound(IMAGE_MESSAGES.inputNotFound);
  return updated;
}

// ---- copies of generated images ----

/**
 * Resolves what a client sent to point at one of its generated images: a generated image id,
 * or a file URL this server signed (any of the image's files). Nothing is ever fetched; an
 * image of another user, or anything unknown, is 404.
 */
export async function resolveGeneratedImageReference(
  ctx: ImagesContext,
  userId: number,
  reference: string | number,
): Promise<GeneratedImageRow> {
  let id: number | null = null;
  if (typeof reference === 'number') id = reference;
  else if (/^\d{1,10}$/.test(reference.trim())) id = Number(reference.trim());
  else {
    // An expired signature still proves the URL came from here; ownership is checked on the row.
    const parsed = ctx.urls.parse(reference, { allowExpired: true });
    const match = parsed ? GENERATED_KEY.exec(parsed.key) : null;
    if (parsed && match && Number(match[1]) === userId) {
      const row = await getOwnedGeneratedImage(ctx.db, userId, Number(match[2])).catch(() => null);
      if (row && [row.imageKey, row.processedKey, row.thumbnailKey].includes(parsed.key)) return row;
    }
    throw notFound(IMAGE_MESSAGES.generatedNotFound);
  }
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(IMAGE_MESSAGES.generatedNotFound);
  return getOwnedGeneratedImage(ctx.db, userId, id);
}

/** A new input image with a copy of one of the caller's generated images (read from storage). */
export async function convertGeneratedToInput(
  ctx: ImagesContext,
  userId: number,
  request: { url: string | number; fileName?: string | null; uploadSource: UploadSource },
): Promise<InputImageRow> {
  const generated = await resolveGeneratedImageReference(ctx, userId, request.url);
  const bytes = await readGeneratedImageBytes(ctx, generated);
  return createInputImageFromBytes(ctx, {
    userId,
    bytes,
    fileName: request.fileName || `generated_${generated.id}.jpg`,
    uploadSource: request.uploadSource,
    sourceGeneratedImageId: generated.id,
  });
}

/**
 * A new input image from a generated one, continuing from the original input image: its
 * prompts and settings are carried over, and its masks are copied by the subscribers of
 * `onInputImageCopied` (the masks module).
 */
export async function createInputFromGenerated(
  ctx: ImagesContext,
  userId: number,
  request: {
    generatedImageUrl: string | number;
    originalInputImageId?: number | null;
    fileName?: string | null;
    uploadSource: UploadSource;
  },
): Promise<InputImageRow> {
  const generated = await resolveGeneratedImageReference(ctx, userId, request.generatedImageUrl);
  let original: InputImageRow | null = null;
  if (request.originalInputImageId) original = await getOwnedInputImage(ctx.db, userId, request.originalInputImageId);
  else if (generated.inputImageId)
    original = await getOwnedInputImage(ctx.db, userId, generated.inputImageId).catch(() => null);
  const bytes = await readGeneratedImageBytes(ctx, generated);
  const row = await createInputImageFromBytes(ctx, {
    userId,
    bytes,
    fileName: request.fileName || `generated_${generated.id}.jpg`,
    uploadSource: request.uploadSource,
    sourceGeneratedImageId: generated.id,
    sourceInputImageId: original?.id ?? null,
    aiPrompt: original?.aiPrompt ?? null,
    generatedPrompt: original?.generatedPrompt ?? null,
    settings: original?.settings ?? null,
  });
  if (original) {
    await emitInputImageCopied(ctx, {
      userId,
      fromInputImageId: original.id,
      toInputImageId: row.id,
      sourceGeneratedImageId: generated.id,
    });
  }
  return row;
}

// ---- downloads ----

/** `image_{id}.jpg`, or the canvas's branded `atelier-YYYYMMDD-HHMMSS.jpg` (UTC). */
export function downloadFileName(id: number, name: 'atelier' | undefined, now = new Date()): string {
  if (name !== 'atelier') return `image_${id}.jpg`;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `atelier-${stamp}.jpg`;
}

/** A JPEG of the caller's image (input: the original; generated: the full image). */
export async function prepareDownload(
  ctx: ImagesContext,
  userId: number,
  kind: 'input' | 'generated',
  id: number,
  name?: 'atelier',
): Promise<{ bytes: Buffer; fileName: string }> {
  let bytes: Buffer;
  if (kind === 'input') {
    const row = await getOwnedInputImage(ctx.db, userId, id);
    bytes = await readKey(ctx.storage, row.originalKey);
  } else {
    const row = await getOwnedGeneratedImage(ctx.db, userId, id);
    if (!row.imageKey) throw new AppError(409, IMAGE_ERROR_CODES.imageNotReady, IMAGE_MESSAGES.imageNotReady);
    bytes = await readKey(ctx.storage, row.imageKey);
  }
  return { bytes: await toJpeg(bytes), fileName: downloadFileName(id, name) };
}
