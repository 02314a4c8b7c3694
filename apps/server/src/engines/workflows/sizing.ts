import { EngineRejectedError } from './errors.js';

/** Sizes the GPU workflows work at: SDXL works best near one megapixel, in multiples of 8. */

export const SDXL_PIXELS = 1024 * 1024;
/** The largest side an engine result may have (the storage and the local engine agree). */
export const MAX_RESULT_SIDE = 8192;
export const MAX_RESULT_PIXELS = 40_000_000;

export const round8 = (n: number) => Math.max(8, Math.round(n / 8) * 8);

/** (width, height) scaled to about `pixels` pixels, aspect kept, each side a multiple of 8. */
export function fitArea(width: number, height: number, pixels = SDXL_PIXELS): { width: number; height: number; scale: number } {
  const scale = Math.sqrt(pixels / (width * height));
  return { width: round8(width * scale), height: round8(height * scale), scale };
}

export function checkResultSize(width: number, height: number, what = 'The requested size'): void {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) throw new EngineRejectedError(`${what} must have a positive width and height`);
  if (width > MAX_RESULT_SIDE || height > MAX_RESULT_SIDE || width * height > MAX_RESULT_PIXELS) throw new EngineRejectedError(`${what} is too large`);
}
