import { IMAGE_MESSAGES, type UploadSource } from '@atelier/contract';
import { notFound } from '../../lib/errors.js';
import { GENERATED_KEY, readGeneratedImageBytes } from './image-files.js';
import { emitInputImageCopied } from './images.events.js';
import { getOwnedGeneratedImage, getOwnedInputImage, type GeneratedImageRow, type ImagesContext, type InputImageRow } from './owned-images.js';
import { createInputImageFromBytes } from './upload.js';

// New input images made from the caller's generated images.

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
