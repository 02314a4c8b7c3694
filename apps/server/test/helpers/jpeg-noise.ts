import sharp from 'sharp';
import { rgbToBytes, type Rgb } from '../../src/engines/local/pixels/image.js';

/**
 * Comparing renders as a user sees them: each encoded as JPEG and decoded again, and the mean
 * absolute difference of two such images (0-255 per channel). Shared by the variation test and
 * bench/preview-goals.bench.ts.
 */
export async function jpegRoundTrip(rgb: Rgb, quality: number): Promise<Uint8Array> {
  const enc = await sharp(Buffer.from(rgbToBytes(rgb)), { raw: { width: rgb.w, height: rgb.h, channels: 3 } }).jpeg({ quality }).toBuffer();
  return new Uint8Array(await sharp(enc).raw().toBuffer());
}

export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}
