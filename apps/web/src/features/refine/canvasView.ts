import type { View } from '../../lib/canvasView';

/**
 * The refine canvas's own pointer rules; its pan and zoom are lib/canvasView's. A press that moves
 * less than CLICK_SLOP px is a click (it opens the prompt modal).
 */
export const CLICK_SLOP = 4;

/** The comparison split (0–1 of the image width) under a viewport x. */
export function splitAt(view: View, imageWidth: number, viewportX: number): number {
  if (imageWidth <= 0) return 0.5;
  return Math.min(1, Math.max(0, (viewportX - view.x) / (imageWidth * view.zoom)));
}

export function isClick(start: { x: number; y: number }, end: { x: number; y: number }): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < CLICK_SLOP;
}
