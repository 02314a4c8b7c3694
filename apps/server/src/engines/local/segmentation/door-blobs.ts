import type { Blob } from './blobs.js';

/** What makes a window-like blob a door instead. */
export interface DoorShape {
  /** Its bounding box's height over its width: at least. */
  tall: number;
  /** How far (over the blob's height) its bottom may stand above the wall's lowest pixel in its middle column. */
  standsOn: number;
}

/**
 * The blobs (window-like dark rectangles inside the wall) that are doors: tall ones whose bottom
 * reaches the foot of the wall (`wall`, 1) below them, where the wall meets the ground or the
 * image's bottom edge. A window's sill stands a storey's parapet above it.
 */
export function doorBlobs(blobs: Blob[], wall: Uint8Array, w: number, h: number, shape: DoorShape): Blob[] {
  return blobs.filter(({ box: [x0, y0, x1, y1] }) => {
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (bh < shape.tall * bw) return false;
    const x = (x0 + x1) >> 1;
    let foot = y1;
    while (foot + 1 < h && wall[(foot + 1) * w + x]) foot++;
    return foot - y1 <= shape.standsOn * bh;
  });
}
