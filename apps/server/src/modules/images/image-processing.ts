import os from 'node:os';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_ERROR_CODES, IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS } from '@atelier/contract';
import type { RgbPixels } from '../../engines/engine.js';
import { AppError } from '../../lib/errors.js';

/**
 * The pixel work of the images module, all through sharp (libvips on its own thread pool, so
 * the event loop stays free). Untrusted bytes are judged by their content: magic numbers
 * first, then sharp's header read; the pixel count is checked from the header before anything
 * is decoded, and every decode also carries `limitInputPixels`.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface EncodedFile {
  bytes: Buffer;
  contentType: string;
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

export interface ProcessedUpload {
  format: ImageFormat;
  /** Oriented dimensions of the original. */
  width: number;
  height: number;
  original: EncodedFile;
  processed: EncodedFile;
  thumbnail: EncodedFile;
}

/** Generated images can be larger than uploads (a 4x upscale of a 2048 px image is 67 MP). */
const GENERATED_MAX_PIXELS = 16384 * 16384;

const FORMAT_FILE: Record<ImageFormat, { contentType: string; ext: EncodedFile['ext'] }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};

const unsupported = () => new AppError(415, IMAGE_ERROR_CODES.unsupportedMediaType, IMAGE_MESSAGES.unsupportedType);
const corrupt = () => new AppError(400, IMAGE_ERROR_CODES.corruptImage, IMAGE_MESSAGES.corrupt);

/** The format by magic number: JPEG FF D8 FF, PNG's 8-byte signature, RIFF....WEBP. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export interface InspectedImage {
  format: ImageFormat;
  /** Oriented (EXIF applied) dimensions. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * Checks an upload without decoding its pixels: not empty, JPEG/PNG/WEBP by its bytes, a
 * readable header, at most `maxPixels`. Throws the AppError the client should see.
 */
export async function inspectImage(
  bytes: Buffer,
  opts: { maxPixels?: number } = {},
): Promise<InspectedImage> {
  return (await readHeader(bytes, opts.maxPixels ?? IMAGE_UPLOAD_LIMITS.maxPixels)).image;
}

async function readHeader(bytes: Buffer, maxPixels: number): Promise<{ image: InspectedImage; meta: Metadata }> {
  if (bytes.length === 0) throw new AppError(400, IMAGE_ERROR_CODES.emptyFile, IMAGE_MESSAGES.emptyFile);
  const format = sniffImageFormat(bytes);
  if (!format) throw unsupported();
  let meta: Metadata;
  try {
    // Header only; no limit here so that an oversized image gets the clearer message below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  if (meta.format !== format) throw corrupt();
  if (!meta.width || !meta.height) throw corrupt();
  const pixels = meta.width * meta.height;
  if (pixels > maxPixels) {
    const mp = (pixels / 1_000_000).toFixed(1);
    throw new AppError(
      400,
      IMAGE_ERROR_CODES.imageTooLarge,
      `${IMAGE_MESSAGES.tooManyPixels} This one is ${meta.width}×${meta.height} (${mp} megapixels).`,
    );
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { image: { format, width: oriented.width, height: oriented.height, hasAlpha: meta.hasAlpha }, meta };
}

// ---- a small limit on concurrent pixel pipelines, so a burst of uploads cannot exhaust memory ----

const MAX_CONCURRENT_PIPELINES = Math.max(2, os.availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

export async function withPixelSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_PIPELINES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function encode(pipeline: Sharp, format: ImageFormat): Promise<EncodedFile> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: data, ...FORMAT_FILE[format], width: info.width, height: info.height };
}

function encodeAs(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'webp':
      return pipeline.webp({ quality });
  }
}

/**
 * The three stored files of an upload: the original re-encoded in its own format, the
 * processed copy (long side at most 2048 px; JPEG q90, PNG when it has alpha) and a WEBP
 * thumbnail (long side 400). EXIF orientation is applied; metadata (EXIF, XMP, IPTC, comments)
 * is not carried over. A corrupt or truncated image throws 400.
 */
export async function processUpload(bytes: Buffer, maxPixels: number = IMAGE_UPLOAD_LIMITS.maxPixels): Promise<ProcessedUpload> {
  const info = await inspectImage(bytes, { maxPixels });
  return withPixelSlot(async () => {
    const base = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate();
    const processedFormat: ImageFormat = info.hasAlpha ? 'png' : 'jpeg';
    const inside = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });
    try {
      const [original, processed, thumbnail] = await Promise.all([
        encode(encodeAs(base.clone(), info.format, 95), info.format),
        encode(
          encodeAs(base.clone().resize(inside(IMAGE_UPLOAD_LIMITS.processedLongSide)), processedFormat, 90),
          processedFormat,
        ),
        encode(base.clone().resize(inside(IMAGE_UPLOAD_LIMITS.thumbnailLongSide)).webp({ quality: 80 }), 'webp'),
      ]);
      return { format: info.format, width: original.width, height: original.height, original, processed, thumbnail };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw corrupt();
    }
  });
}

/**
 * The thumbnails of generated images: WEBP q80 at libwebp's effort 2 (of 0–6; the default 4
 * took 2.7× as long on a 1024×768 render for files 2 % smaller), made on every render's path.
 */
const GENERATED_THUMBNAIL_WEBP = { quality: 80, effort: 2 } as const;

/**
 * A JPEG that needs nothing done to be stored as a generated image: 3-channel sRGB, no EXIF
 * orientation and no embedded metadata (what the CPU engine's encoder writes). Re-encoding it
 * would only cost time and a generation of JPEG loss.
 */
function storableAsIs(meta: Metadata): boolean {
  return (
    meta.format === 'jpeg' &&
    meta.channels === 3 &&
    meta.space === 'srgb' &&
    !meta.hasAlpha &&
    (meta.orientation ?? 1) === 1 &&
    !meta.exif &&
    !meta.icc &&
    !meta.xmp &&
    !meta.iptc
  );
}

/**
 * A generated image as stored: the full image as JPEG (the engine's own bytes when they are
 * already a plain JPEG, else re-encoded as JPEG q92 with alpha flattened on white) and a 400 px
 * WEBP thumbnail, made from the engine's `pixels` of the image when it handed them over (no
 * second decode: about 40 % of the thumbnail's time on a 1024×768 render).
 */
export async function processGenerated(bytes: Buffer, pixels?: RgbPixels): Promise<{ image: EncodedFile; thumbnail: EncodedFile }> {
  const { image: info, meta } = await readHeader(bytes, GENERATED_MAX_PIXELS);
  return withPixelSlot(async () => {
    const base = sharp(bytes, { limitInputPixels: GENERATED_MAX_PIXELS, failOn: 'truncated' }).rotate();
    const thumbnailSource = pixels
      ? sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length), { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
      : base.clone();
    try {
      const [image, thumbnail] = await Promise.all([
        storableAsIs(meta)
          ? { bytes, ...FORMAT_FILE.jpeg, width: info.width, height: info.height }
          : encode(base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }), 'jpeg'),
        encode(
          thumbnailSource
            .resize({ width: IMAGE_UPLOAD_LIMITS.thumbnailLongSide, height: IMAGE_UPLOAD_LIMITS.thumbnailLongSide, fit: 'inside', withoutEnlargement: true })
            .webp(GENERATED_THUMBNAIL_WEBP),
          'webp',
        ),
      ]);
      return { image, thumbnail };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw corrupt();
    }
  });
}

/** JPEG bytes of a stored image (as is when already JPEG; alpha flattened on white otherwise). */
export async function toJpeg(bytes: Buffer): Promise<Buffer> {
  if (sniffImageFormat(bytes) === 'jpeg') return bytes;
  return withPixelSlot(() =>
    sharp(bytes, { limitInputPixels: GENERATED_MAX_PIXELS }).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer(),
  );
}
