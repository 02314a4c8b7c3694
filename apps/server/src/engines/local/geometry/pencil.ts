/**
 * The pencil of image lines through the vertical vanishing point (the images of vertical 3-D
 * lines, such as a building's corner): each line is named by where it crosses a reference row.
 */
import type { VanishingFrame } from './vanishing.js';

/** Where the line through (x, y) and the vertical vanishing point crosses row y0 (NaN: along the row). */
export function pencilX(frame: VanishingFrame, y0: number, x: number, y: number): number {
  const v = frame.vertical.point;
  const dy = v.y - y * v.w;
  if (Math.abs(dy) < 1e-12) return NaN;
  return x + ((y0 - y) * (v.x - x * v.w)) / dy;
}
