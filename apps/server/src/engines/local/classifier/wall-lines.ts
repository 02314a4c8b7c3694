import type { VanishingFrame } from '../geometry/vanishing.js';

/** A horizontal vanishing point this far from the image centre (in image widths / heights) says little about the horizon's height. */
const FAR_VP = 4;
/** Summed segment length (in image diagonals) a horizontal family needs to fix the horizon. */
const MIN_SUPPORT = 0.5;

/**
 * The horizon through the best-supported seen horizontal vanishing point (tilted as the vertical
 * one implies), as the elevation (radians, 0 at and below it) of working pixel (x, y) above it;
 * null when no such point is near enough to fix its height. The vertical vanishing point alone
 * puts the horizon far off when the verticals hardly converge: on the street-timber render a
 * convergence read from noise put it at 0.87 of the height, where the courses meet at 0.61.
 */
export function seenHorizon(frame: VanishingFrame): ((x: number, y: number) => number) | null {
  const v = frame.vertical.dir;
  const s = v[1] > 0 ? -1 : 1; // camera y points down: "up" has a negative y
  const norm = Math.hypot(v[0], v[1]) || 1;
  const diag = Math.hypot(frame.width, frame.height);
  const anchor = frame.horizontal
    .filter((h) => !h.implied && h.support >= diag * MIN_SUPPORT && Math.abs(h.point.w) > 1e-9)
    .map((h) => ({ x: h.point.x / h.point.w, y: h.point.y / h.point.w, support: h.support }))
    .filter((p) => Math.abs(p.x - frame.cx) < FAR_VP * frame.width && Math.abs(p.y - frame.cy) < FAR_VP * frame.height)
    .sort((a, b) => b.support - a.support)[0];
  if (!anchor) return null;
  return (x, y) => Math.max(0, Math.atan((s * (v[0] * (x - anchor.x) + v[1] * (y - anchor.y))) / norm / frame.focal));
}
