/**
 * Pixel work of the region edits on binary masks (1 = in the region, one byte per pixel):
 * cutting a region along a drawn line. Pure functions, no I/O.
 */

export interface Bitmap {
  width: number;
  height: number;
  bits: Uint8Array;
}

export interface LinePoint {
  x: number;
  y: number;
}

/** Marks a line of `radius` around the segment a–b (pixel coordinates) in `out`. */
function drawSegment(out: Uint8Array, w: number, h: number, a: LinePoint, b: LinePoint, radius: number): void {
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius - 1));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(a.x, b.x) + radius + 1));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius - 1));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(a.y, b.y) + radius + 1));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy || 1;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len2));
      const ex = a.x + t * dx - px;
      const ey = a.y + t * dy - py;
      if (ex * ex + ey * ey <= radius * radius) out[y * w + x] = 1;
    }
}

/** The line drawn over the whole image: the points joined, the ends extended straight to the edge. */
export function cutLine(width: number, height: number, points: LinePoint[]): Uint8Array {
  const line = new Uint8Array(width * height);
  const reach = width + height;
  const extend = (from: LinePoint, to: LinePoint): LinePoint => {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const len = Math.hypot(dx, dy) || 1;
    return { x: to.x + (dx / len) * reach, y: to.y + (dy / len) * reach };
  };
  const pts = points.filter((p, i) => i === 0 || p.x !== points[i - 1].x || p.y !== points[i - 1].y);
  if (pts.length < 2) return line;
  const path = [extend(pts[1], pts[0]), ...pts, extend(pts[pts.length - 2], pts[pts.length - 1])];
  for (let i = 1; i < path.length; i++) drawSegment(line, width, height, path[i - 1], path[i], 1.5);
  return line;
}

/** Connected areas (4-neighbours) of the image off the line; -1 on the line. */
function sides(width: number, height: number, line: Uint8Array): Int32Array {
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let next = 0;
  for (let start = 0; start < n; start++) {
    if (line[start] || label[start] >= 0) continue;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const near = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of near)
        if (q >= 0 && q < n && !line[q] && label[q] < 0) {
          label[q] = next;
          stack[top++] = q;
        }
    }
    next++;
  }
  return label;
}

/**
 * Cuts a region along the line: the side holding most of the region keeps it (with the pixels
 * under the line), the other sides become `cut`. Null when the line leaves the region whole
 * (fewer than `minPixels` on any other side).
 */
export function splitAlong(region: Bitmap, points: LinePoint[], minPixels: number): { kept: Uint8Array; cut: Uint8Array } | null {
  const { width, height, bits } = region;
  const line = cutLine(width, height, points);
  const side = sides(width, height, line);
  const counts = new Map<number, number>();
  for (let p = 0; p < bits.length; p++) if (bits[p] && side[p] >= 0) counts.set(side[p], (counts.get(side[p]) ?? 0) + 1);
  if (counts.size < 2) return null;
  const keptSide = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const kept = new Uint8Array(bits.length);
  const cut = new Uint8Array(bits.length);
  let cutCount = 0;
  for (let p = 0; p < bits.length; p++) {
    if (!bits[p]) continue;
    if (side[p] >= 0 && side[p] !== keptSide) {
      cut[p] = 1;
      cutCount++;
    } else kept[p] = 1;
  }
  return cutCount >= minPixels ? { kept, cut } : null;
}

export const countBits = (bits: Uint8Array) => bits.reduce((n, b) => n + (b ? 1 : 0), 0);
