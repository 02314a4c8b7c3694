import sharp from 'sharp';
import { rgbToBytes, type Rgb } from '../../src/engines/local/pixels/image.js';

/** Writes an engine image as a PNG (experiments and by-eye checks). */
export async function writePng(img: Rgb, file: string): Promise<void> {
  await sharp(Buffer.from(rgbToBytes(img)), { raw: { width: img.w, height: img.h, channels: 3 } }).png().toFile(file);
}
