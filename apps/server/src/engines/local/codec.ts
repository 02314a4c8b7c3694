import sharp from 'sharp';
import type { RawRgb } from './tasks.js';

/** Decoding, encoding and resampling happen in sharp (libvips, off the event loop). */

/** The longest side the pixel code works at; bigger inputs are processed at this size. */
export const MAX_SIDE = 2048;

export class EngineInputError extends Error {}

export interface Decoded extends RawRgb {
  /** Size of the input as given (the output is returned at this size). */
  sourceWidth: number;
  sourceHeight: number;
}

export async function decodeRgb(input: Buffer, maxSide = MAX_SIDE): Promise<Decoded> {
  try {
    const base = sharp(input, { failOn: 'error' }).rotate();
    const meta = await base.metadata();
    const oriented = (meta.orientation ?? 1) >= 5;
    const sw = (oriented ? meta.height : meta.width) ?? 0;
    const sh = (oriented ? meta.width : meta.height) ?? 0;
    if (!sw || !sh) throw new Error('no size');
    let pipeline = sharp(input, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb');
    if (Math.max(sw, sh) > maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', kernel: 'lanczos3' });
    const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, sourceWidth: sw, sourceHeight: sh };
  } catch (err) {
    throw new EngineInputError(`Unsupported or corrupt image: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A mask at the given size: white (>= 128) marks the region; transparency counts as black. */
export async function decodeMask(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  try {
    const { data } = await sharp(mask)
      .flatten({ background: '#000000' })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const out = new Uint8Array(width * height);
    const channels = data.length / (width * height);
    for (let i = 0; i < out.length; i++) out[i] = data[i * channels];
    return out;
  } catch (err) {
    throw new EngineInputError(`Unsupported or corrupt mask: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** High-quality JPEG (4:4:4), at `outWidth` x `outHeight` when given (Lanczos). */
export async function encodeJpeg(img: RawRgb, outWidth?: number, outHeight?: number): Promise<{ image: Buffer; width: number; height: number }> {
  let p = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 3 } });
  let width = img.width;
  let height = img.height;
  if (outWidth && outHeight && (outWidth !== img.width || outHeight !== img.height)) {
    p = p.resize(outWidth, outHeight, { fit: 'fill', kernel: 'lanczos3' });
    width = outWidth;
    height = outHeight;
  }
  const image = await p.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  return { image, width, height };
}

export async function encodeMaskPng(mask: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.length), { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 6, palette: false })
    .toBuffer();
}
