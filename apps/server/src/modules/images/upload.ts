import { and, eq } from 'drizzle-orm';
import type { UploadSource } from '@atelier/contract';
import { inputImages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { deleteQuietly, inputKeyBase, putAll } from './image-files.js';
import { getUploadRegionsHandler, type UploadRegions } from './images.events.js';
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
