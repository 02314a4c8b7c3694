import crypto from 'node:crypto';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { RgbPixels } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';
import { StorageNotFoundError, type Storage } from '../../providers/storage/index.js';
import { processGenerated, toJpeg, type EncodedFile } from './image-processing.js';
import { getOwnedGeneratedImage, getOwnedInputImage, type GeneratedImageRow, type ImagesContext, type InputImageRow } from './owned-images.js';

// The images' files in storage: keys, writing, reading and downloads.

export const inputKeyBase = (userId: number) => `u/${userId}/inputs/${crypto.randomUUID()}`;
const generatedKeyBase = (userId: number, generatedImageId: number) =>
  `u/${userId}/generated/${generatedImageId}/${crypto.randomUUID().slice(0, 8)}`;
export const GENERATED_KEY = /^u\/(\d+)\/generated\/(\d+)\//;

/** Writes files; when one fails, the ones written are removed again and the error is thrown. */
export async function putAll(storage: Storage, files: Array<[string, EncodedFile]>): Promise<void> {
  const results = await Promise.allSettled(files.map(([key, f]) => storage.put(key, f.bytes, f.contentType)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteQuietly(storage, files.map(([key]) => key));
    throw failed.reason;
  }
}

export async function deleteQuietly(storage: Storage, keys: Array<string | null | undefined>): Promise<void> {
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
 * Stores a generated image's files: the full image as JPEG (processGenerated) and a 400 px WEBP
 * thumbnail (from the engine's `pixels` when given), under `u/<userId>/generated/<id>/...`, written at the same time. The caller writes the keys and size on its row.
 */
export async function storeGeneratedImageFiles(
  ctx: Pick<AppContext, 'storage'>,
  input: { userId: number; generatedImageId: number; bytes: Buffer; pixels?: RgbPixels },
): Promise<{ imageKey: string; thumbnailKey: string; width: number; height: number }> {
  const { image, thumbnail } = await processGenerated(input.bytes, input.pixels);
  const base = generatedKeyBase(input.userId, input.generatedImageId);
  const imageKey = `${base}/image.jpg`;
  const thumbnailKey = `${base}/thumb.webp`;
  await putAll(ctx.storage, [
    [imageKey, image],
    [thumbnailKey, thumbnail],
  ]);
  return { imageKey, thumbnailKey, width: image.width, height: image.height };
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
