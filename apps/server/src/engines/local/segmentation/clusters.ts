import { greenDiffers } from '../region-labels.js';

/** A group of superpixels: running sums of its working pixels' Lab, texture and position. */
export interface Cluster {
  n: number;
  L: number;
  A: number;
  B: number;
  /** Sum of squares of L (texture). */
  LL: number;
  grad: number;
  cx: number;
  cy: number;
  top: number;
  bottom: number;
  alive: boolean;
  members: number[];
  /** Neighbour -> [sum of colour differences across the shared boundary, pixel pairs]. */
  adj: Map<number, [number, number]>;
}

/** The working image's Lab planes and gradient magnitude. */
export interface WorkingImage {
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  grad: Float32Array;
  w: number;
  h: number;
}

export type MergeCost = (a: Cluster, b: Cluster, edge: [number, number] | undefined) => number;

/** One cluster per superpixel, with its statistics and the colour steps across its boundaries. */
export function superpixelClusters(img: WorkingImage, sp: { labels: Int32Array; count: number }): Cluster[] {
  const { L, A, B, grad, w, h } = img;
  const cl: Cluster[] = [];
  for (let c = 0; c < sp.count; c++)
    cl.push({ n: 0, L: 0, A: 0, B: 0, LL: 0, grad: 0, cx: 0, cy: 0, top: 0, bottom: 0, alive: true, members: [c], adj: new Map() });
  const addEdge = (p: number, q: number, i: number, j: number) => {
    const d = Math.sqrt((L[i] - L[j]) ** 2 + (A[i] - A[j]) ** 2 + (B[i] - B[j]) ** 2);
    for (const [a, b] of [
      [p, q],
      [q, p],
    ]) {
      const e = cl[a].adj.get(b);
      if (e) {
        e[0] += d;
        e[1]++;
      } else cl[a].adj.set(b, [d, 1]);
    }
  };
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const c = cl[sp.labels[i]];
      c.n++;
      c.L += L[i];
      c.A += A[i];
      c.B += B[i];
      c.LL += L[i] * L[i];
      c.grad += grad[i];
      c.cx += x;
      c.cy += y;
      if (y === 0) c.top++;
      if (y === h - 1) c.bottom++;
      if (x < w - 1 && sp.labels[i + 1] !== sp.labels[i]) addEdge(sp.labels[i], sp.labels[i + 1], i, i + 1);
      if (y < h - 1 && sp.labels[i + w] !== sp.labels[i]) addEdge(sp.labels[i], sp.labels[i + w], i, i + w);
    }
  return cl;
}

/** Adds `from`'s statistics and members to `into` (the adjacency is the caller's to fold). */
export function addStatistics(into: Cluster, from: Cluster): void {
  into.n += from.n;
  into.L += from.L;
  into.A += from.A;
  into.B += from.B;
  into.LL += from.LL;
  into.grad += from.grad;
  into.cx += from.cx;
  into.cy += from.cy;
  into.top += from.top;
  into.bottom += from.bottom;
  into.members.push(...from.members);
}

/** Standard deviation of L: the cluster's texture. */
export const texture = (c: Cluster) => Math.sqrt(Math.max(0, c.LL / c.n - (c.L / c.n) ** 2));

/** The cost of merging two clusters, for a working image of `n` pixels and height `h`. */
export function mergeCost(n: number, h: number): MergeCost {
  const blueSky = (c: Cluster) => c.B / c.n < -7 && c.L / c.n > 50 && c.grad / c.n < 0.05 && c.cy / c.n / h < 0.6;
  const cloudLike = (c: Cluster) =>
    c.L / c.n > 70 && Math.hypot(c.A / c.n, c.B / c.n) < 8 && texture(c) < 8 && c.grad / c.n < 0.04 && c.cy / c.n / h < 0.5;
  return (a, b, edge) => {
    const dl = a.L / a.n - b.L / b.n;
    const da = a.A / a.n - b.A / b.n;
    const db = b.B / b.n - a.B / a.n;
    const dE = Math.sqrt(dl * dl + da * da + db * db);
    const dT = Math.abs(texture(a) - texture(b)) * 0.6 + Math.abs(a.grad / a.n - b.grad / b.n) * 60;
    // Small clusters merge more readily (size-weighted like Ward's criterion).
    const size = Math.min(1.3, Math.sqrt(Math.min(a.n, b.n) / n) * 6 + 0.6);
    // Planting against brick or stone of a similar lightness is still two surfaces.
    const green = greenDiffers({ L: a.L / a.n, A: a.A / a.n, B: a.B / a.n }, { L: b.L / b.n, A: b.A / b.n, B: b.B / b.n }) ? 8 : 0;
    // A pale blue sky against a white façade differs little in colour but is still two
    // surfaces; clouds (bright, smooth, near-neutral) may still join the blue.
    const sky = blueSky(a) !== blueSky(b) && !(cloudLike(a) || cloudLike(b)) ? 8 : 0;
    if (edge) {
      // Adjacent: what matters most is the step across the shared boundary, so smooth
      // gradients (a sky) merge while real edges (wall against window) do not.
      const step = edge[0] / edge[1];
      // Either a smooth step across the boundary (gradients) or alike on average (a
      // window-studded façade, whose boundaries cross many small edges) merges.
      return Math.min(0.3 * dE + 0.7 * step * 1.4 + dT, (dE + dT) * 1.15) * size + green + sky;
    }
    const dy = Math.abs(a.cy / a.n - b.cy / b.n) / h;
    return (dE + dT) * size + 4 + dy * 6 + green + sky;
  };
}
