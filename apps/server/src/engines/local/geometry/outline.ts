/**
 * The straight pieces of a region's top and bottom outline, as segments: where a façade meets
 * the sky (a cornice, a parapet) or the ground (a plinth), its outline runs along the face's
 * courses, toward the face's horizontal vanishing point.
 */
import type { Plane } from '../pixels/image.js';
import type { Stats } from './camera-plane.js';
import type { Segment } from './segments.js';

/** The outline is cut into runs of this many columns (at least); a run is kept when a line fits it within MAX_RMS. */
const MAX_RMS = 1.0;

/** Straight pieces (columns `len` wide) of the region's top and bottom outline. */
export function outlinePieces(mask: Plane, stats: Stats, len: number): Segment[] {
  const { w, d } = mask;
  const top = new Float64Array(stats.maxX - stats.minX).fill(NaN);
  const bottom = new Float64Array(stats.maxX - stats.minX).fill(NaN);
  for (let x = stats.minX; x < stats.maxX; x++) {
    for (let y = stats.minY; y < stats.maxY; y++)
      if (d[y * w + x] > 0.5) {
        top[x - stats.minX] = y;
        break;
      }
    for (let y = stats.maxY - 1; y >= stats.minY; y--)
      if (d[y * w + x] > 0.5) {
        bottom[x - stats.minX] = y + 1;
        break;
      }
  }
  const width = Math.max(4, Math.round(len));
  const out: Segment[] = [];
  for (const edge of [top, bottom])
    for (let a = 0; a + width <= edge.length; a += width) {
      const piece = fitRun(edge, a, a + width);
      // The image's own border is not an outline of the façade.
      if (!piece || piece.y0 <= 0.5 || piece.y1 <= 0.5 || piece.y0 >= mask.h - 0.5 || piece.y1 >= mask.h - 0.5) continue;
      const x1 = stats.minX + a + 0.5;
      out.push({ x1, y1: piece.y0, x2: x1 + width - 1, y2: piece.y1, width: 1, score: 0 });
    }
  return out;
}

/** Least-squares line through edge[a..b) (its ends' y), or null when a column is missing or it does not fit. */
function fitRun(edge: Float64Array, a: number, b: number): { y0: number; y1: number } | null {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  const n = b - a;
  for (let i = 0; i < n; i++) {
    const y = edge[a + i];
    if (!Number.isFinite(y)) return null;
    sx += i;
    sy += y;
    sxx += i * i;
    sxy += i * y;
  }
  const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const icpt = (sy - slope * sx) / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (edge[a + i] - icpt - slope * i) ** 2;
  if (Math.sqrt(ss / n) > MAX_RMS) return null;
  return { y0: icpt, y1: icpt + slope * (n - 1) };
}
