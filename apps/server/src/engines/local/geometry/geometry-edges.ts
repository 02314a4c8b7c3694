import type { ViewPasses } from './view-passes.js';

/**
 * Issue 31 part 2 (without an ID pass): the view's depth and normal discontinuities sharpen the
 * photo segmentation's edges. The passes split the view into geometric segments (pixels joined
 * while the normal turns less than ~25° and the depth jumps less than ~4%; no-surface pixels
 * form segments of their own). Near a region boundary that has a discontinuity close by, each
 * pixel takes the label of its own segment's nearest settled pixels (those well away from any
 * region boundary, reached without crossing a discontinuity), so edges snap to the model's folds and silhouettes; where the model has
 * no edge (a window painted on a flat wall) the regions are left alone. Pure and deterministic.
 */

const MAX_TURN_COS = Math.cos((25 * Math.PI) / 180);
const MAX_DEPTH_JUMP = 0.04;
/** How far (px) from a region boundary a label may move. */
export const EDGE_BAND = 8;

export function sharpenByGeometry(labels: Int32Array, passes: ViewPasses, band = EDGE_BAND): Int32Array {
  const { width: w, height: h } = passes;
  if (labels.length !== w * h) throw new Error('labels and passes differ in size');
  const { seg, cut } = geometricSegments(passes);
  const boundary = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((x + 1 < w && labels[i] !== labels[i + 1]) || (y + 1 < h && labels[i] !== labels[i + w])) {
        boundary[i] = 1;
        if (x + 1 < w && labels[i] !== labels[i + 1]) boundary[i + 1] = 1;
        if (y + 1 < h && labels[i] !== labels[i + w]) boundary[i + w] = 1;
      }
    }
  }
  const fromBoundary = distanceWithin(boundary, w, h, band + 1);
  const fromCut = distanceWithin(cut, w, h, band + 1);
  // Each settled pixel (away from every region boundary) hands its label on, within its own segment, to the nearest unsettled pixels.
  const from = new Int32Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let tail = 0;
  for (let i = 0; i < w * h; i++) if (fromBoundary[i] > band) {
    from[i] = i;
    queue[tail++] = i;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const x = i % w;
    const s = seg[i];
    const visit = (j: number) => {
      if (from[j] < 0 && seg[j] === s) {
        from[j] = from[i];
        queue[tail++] = j;
      }
    };
    if (x > 0) visit(i - 1);
    if (x + 1 < w) visit(i + 1);
    if (i >= w) visit(i - w);
    if (i + w < w * h) visit(i + w);
  }
  const out = Int32Array.from(labels);
  for (let i = 0; i < w * h; i++) if (fromBoundary[i] <= band && fromCut[i] <= band && from[i] >= 0) out[i] = labels[from[i]];
  return out;
}

/** Union-find segments of the passes and the pixels next to a discontinuity. */
function geometricSegments(p: ViewPasses): { seg: Int32Array; cut: Uint8Array } {
  const { width: w, height: h, normal: n, depth } = p;
  const N = w * h;
  const parent = new Int32Array(N);
  for (let i = 0; i < N; i++) parent[i] = i;
  const surface = new Uint8Array(N);
  for (let i = 0; i < N; i++) surface[i] = n[i * 3] !== 0 || n[i * 3 + 1] !== 0 || n[i * 3 + 2] !== 0 ? 1 : 0;
  const cut = new Uint8Array(N);
  const joined = (a: number, b: number): boolean => {
    if (surface[a] !== surface[b]) return false;
    if (!surface[a]) return true;
    if (n[a * 3] * n[b * 3] + n[a * 3 + 1] * n[b * 3 + 1] + n[a * 3 + 2] * n[b * 3 + 2] < MAX_TURN_COS) return false;
    if (!depth) return true;
    const za = depth[a];
    const zb = depth[b];
    if (za === za && zb === zb) return Math.abs(za - zb) <= MAX_DEPTH_JUMP * Math.min(za, zb);
    return (za === za) === (zb === zb);
  };
  for (let i = 0; i < N; i++) {
    const x = i % w;
    for (let k = 0; k < 2; k++) {
      const j = k === 0 ? i + 1 : i + w;
      if (k === 0 ? x + 1 >= w : j >= N) continue;
      if (!joined(i, j)) {
        cut[i] = 1;
        cut[j] = 1;
        continue;
      }
      let ra = i;
      while (parent[ra] !== ra) ra = parent[ra] = parent[parent[ra]];
      let rb = j;
      while (parent[rb] !== rb) rb = parent[rb] = parent[parent[rb]];
      if (ra < rb) parent[rb] = ra;
      else if (rb < ra) parent[ra] = rb;
    }
  }
  // Roots are the smallest index of their set: one pass in order flattens every chain.
  const seg = new Int32Array(N);
  for (let i = 0; i < N; i++) seg[i] = parent[i] === i ? i : seg[parent[i]];
  return { seg, cut };
}

/** Chessboard distance to the nearest marked pixel, capped at `cap`. */
function distanceWithin(marked: Uint8Array, w: number, h: number, cap: number): Uint8Array {
  const d = new Uint8Array(w * h).fill(cap);
  const queue = new Int32Array(w * h);
  let tail = 0;
  for (let i = 0; i < marked.length; i++) if (marked[i]) {
    d[i] = 0;
    queue[tail++] = i;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const k = d[i] + 1;
    if (k >= cap) continue;
    {
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (d[j] > k) {
            d[j] = k;
            queue[tail++] = j;
          }
        }
      }
    }
  }
  return d;
}
