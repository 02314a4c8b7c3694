import { and, eq } from 'drizzle-orm';
import { PASS_FIELDS, type UploadSource } from '@atelier/contract';
import { inputImages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { deleteQuietly, inputKeyBase, putAll } from './image-files.js';
import { getUploadPassesHandler, getUploadRegionsHandler, type UploadPasses, type UploadRegions } from './images.events.js';
import { inspectImage, processUpload } from './image-processing.js';
import type { ImagesContext, InputImageRow } from './owned-images.js';

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
  /** The set a pushed view belongs to. */
  viewSet?: string | null;
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
        viewSet: input.viewSet ?? null,
      })
      .returning();
    return row;
  } catch (err) {
    await deleteQuietly(ctx.storage, [originalKey, processedKey, thumbnailKey]);
    throw err;
  }
}

/** The file fields of a view's passes, beside its image and ID pass. */
export const PASS_FILE_FIELDS = [PASS_FIELDS.depth, PASS_FIELDS.normal] as const;

/** The passes of an upload form (its `depth` and `normal` files, `depthNear`/`depthFar`), if it sent any. */
export function uploadPassesOf(files: Record<string, { bytes: Buffer } | undefined>, fields: Record<string, string>): UploadPasses | undefined {
  const depth = files[PASS_FIELDS.depth]?.bytes ?? null;
  const normal = files[PASS_FIELDS.normal]?.bytes ?? null;
  const nearFar = fields[PASS_FIELDS.depthNear] !== undefined || fields[PASS_FIELDS.depthFar] !== undefined || fields[PASS_FIELDS.fieldOfView] !== undefined;
  return depth || normal || nearFar ? { depth, normal, fields } : undefined;
}

/**
 * POST /images/upload-input: the input image, and with an ID pass its regions at once. The
 * ID pass is checked before anything is stored (400 naming the field); if its regions cannot
 * be stored the input image goes too, so a refused upload leaves nothing behind.
 */
export async function uploadInputImage(
  ctx: ImagesContext,
  input: CreateInputImageInput & { regions?: UploadRegions; passes?: UploadPasses },
): Promise<InputImageRow> {
  const { regions, passes, ...image } = input;
  const handler = regions ? getUploadRegionsHandler() : null;
  const passesHandler = passes ? getUploadPassesHandler() : null;
  if (passes && !passesHandler) throw new AppError(400, 'VALIDATION_ERROR', 'depth and normal are not accepted by this server', { field: 'depth' });
  const view = regions || passes ? await inspectImage(input.bytes) : null;
  if (regions) {
    if (!handler) throw new AppError(400, 'VALIDATION_ERROR', 'idPass is not accepted by this server', { field: 'idPass' });
    await handler.check(view!, regions);
  }
  const checkedPasses = passes && passesHandler ? await passesHandler.check(view!, passes) : null;
  const row = await createInputImageFromBytes(ctx, image);
  if (!handler && !checkedPasses) return row;
  try {
    if (regions && handler) await handler.store(ctx, input.userId, row.id, { ...regions, normal: checkedPasses?.normal });
    // The passes sit in the input image's folder, beside its original.
    if (checkedPasses) await checkedPasses.store(ctx, input.userId, row.id, row.originalKey.slice(0, row.originalKey.lastIndexOf('/')));
  } catch (err) {
    await ctx.db.delete(inputImages).where(and(eq(inputImages.id, row.id), eq(inputImages.userId, input.userId)));
    await deleteQuietly(ctx.storage, [row.originalKey, row.processedKey, row.thumbnailKey]);
    throw err;
  }
  return row;
}
