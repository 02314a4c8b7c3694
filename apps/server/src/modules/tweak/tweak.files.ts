import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS, TWEAK_ERROR_CODES, TWEAK_MESSAGES } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { inspectImage } from '../images/index.js';
import { recordTweakFile } from './tweak.cleanup.js';

/**
 * The tweak module's files: uploaded masks (white = change) and the pictures placed with Add
 * image, stored under u/<userId>/tweak/. Both pass the upload checks of the images module (JPEG,
 * PNG or WEBP by their bytes, at most 25 MB and 50 megapixels, a readable image) and are
 * re-encoded as PNG without their metadata. A mask is handed back as a signed URL; an inpaint
 * accepts only such a URL of the caller's own mask: the key in it carries the owner's id, and
 * nothing is ever fetched.
 */

const MASK_KEY = /^u\/(\d+)\/tweak\/masks\/[0-9a-f-]{36}\.png$/;

const corrupt = () => new AppError(400, IMAGE_ERROR_CODES.corruptImage, IMAGE_MESSAGES.corrupt);

export interface StoredTweakFile {
  key: string;
  width: number;
  height: number;
}

/** Re-encodes checked bytes as PNG: EXIF orientation applied, metadata dropped. */
async function normalisedPng(bytes: Buffer, opts: { mask: boolean }): Promise<{ png: Buffer; width: number; height: number }> {
  await inspectImage(bytes);
  try {
    let pipeline = sharp(bytes, { limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels, failOn: 'truncated' }).rotate();
    // A mask's transparent parts count as black (unchanged).
    if (opts.mask) pipeline = pipeline.flatten({ background: '#000000' }).greyscale().toColourspace('b-w');
    const { data, info } = await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt();
  }
}

/** Stores a checked PNG and records it for clean-up; if the record fails, the file goes too. */
async function storeTweakFile(ctx: Pick<AppContext, 'storage' | 'db'>, userId: number, kind: 'mask' | 'overlay', png: Buffer): Promise<string> {
  const key = `u/${userId}/tweak/${kind}s/${crypto.randomUUID()}.png`;
  await ctx.storage.put(key, png, 'image/png');
  try {
    await recordTweakFile(ctx.db, userId, kind, key);
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
  return key;
}

/** POST /tweak/upload/mask: checks and stores a mask; answers its key and size. */
export async function storeMask(ctx: Pick<AppContext, 'storage' | 'db'>, userId: number, bytes: Buffer): Promise<StoredTweakFile> {
  const { png, width, height } = await normalisedPng(bytes, { mask: true });
  return { key: await storeTweakFile(ctx, userId, 'mask', png), width, height };
}

/** Add image: checks and stores the picture to place (transparency kept). */
export async function storeOverlay(ctx: Pick<AppContext, 'storage' | 'db'>, userId: number, bytes: Buffer): Promise<StoredTweakFile> {
  const { png, width, height } = await normalisedPng(bytes, { mask: false });
  return { key: await storeTweakFile(ctx, userId, 'overlay', png), width, height };
}

/**
 * The storage key of a mask URL the caller got from POST /tweak/upload/mask: 400 for anything
 * else (an unsigned, edited or outside URL), 404 for another user's mask. An expired signature
 * still proves the URL came from here (regenerating a result sends its mask URL again).
 */
export function maskKeyOfUrl(ctx: Pick<AppContext, 'urls'>, userId: number, url: string): string {
  const parsed = ctx.urls.parse(url, { allowExpired: true });
  const match = parsed ? MASK_KEY.exec(parsed.key) : null;
  if (!parsed || !match) throw new AppError(400, TWEAK_ERROR_CODES.invalidMask, TWEAK_MESSAGES.maskUrl, { field: 'maskImageUrl' });
  if (Number(match[1]) !== userId) throw notFound(TWEAK_MESSAGES.maskNotFound);
  return parsed.key;
}

/** A stored tweak file's bytes; 404 (permanent) when it is gone. */
export async function readTweakFile(ctx: Pick<AppContext, 'storage'>, key: string, what: string = TWEAK_MESSAGES.maskNotFound): Promise<Buffer> {
  try {
    return await ctx.storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound(what);
    throw err;
  }
}

/** The size of a mask and whether anything in it is white (>= 128). */
export async function describeMask(bytes: Buffer): Promise<{ width: number; height: number; painted: boolean }> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels });
    const [meta, stats] = await Promise.all([image.metadata(), image.clone().greyscale().stats()]);
    return { width: meta.width ?? 0, height: meta.height ?? 0, painted: (stats.channels[0]?.max ?? 0) >= 128 };
  } catch {
    throw corrupt();
  }
}

/** Width and height of encoded bytes, EXIF orientation applied. */
export async function orientedSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const size = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
    if (!size.width || !size.height) throw new Error('no size');
    return { width: size.width, height: size.height };
  } catch {
    throw corrupt();
  }
}
