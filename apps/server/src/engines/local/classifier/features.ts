import { rgbToLab } from '../pixels/color.js';
import { sobel } from '../pixels/filters.js';
import { fitSize, luminance, resizeRgb, type Rgb } from '../pixels/image.js';
import { slic } from '../segmentation/slic.js';
import { detectSegments, type Segment } from '../geometry/segments.js';
import { estimateVanishing, type VanishingFrame } from '../geometry/vanishing.js';
import { seenHorizon } from './wall-lines.js';

/**
 * What the region classifier sees: the SLIC superpixels of a working copy of the image and, per
 * superpixel, a feature vector of its colour statistics (Lab mean and spread), texture
 * (gradient energy, strong-edge density and a 4-bin orientation histogram, so brick courses,
 * mullions and foliage differ), line segments by vanishing family (segments.ts, vanishing.ts),
 * position (centre, elevation above the horizon, touching the top or bottom edge, size) and
 * context (the boundary-weighted mean of its neighbours, of their neighbours, and of what lies
 * above and below it). Computed once per image; the classifier and the training both read it.
 */

export interface SuperpixelAnalysis {
  /** The working copy's size. */
  w: number;
  h: number;
  /** Superpixel index per working pixel. */
  labels: Int32Array;
  count: number;
  /** Working pixels per superpixel. */
  size: Float64Array;
  /** Mean Lab per superpixel (for the colour-guided upsampling). */
  meanLab: number[][];
  /** Boundary pixel pairs between superpixels: neighbour -> count, per superpixel. */
  adjacency: Array<Map<number, number>>;
  /** Touches the top / bottom row. */
  top: Uint8Array;
  bottom: Uint8Array;
  /** count × FEATURE_COUNT, row-major. */
  features: Float32Array;
  /**
   * Per superpixel, its centre's elevation (radians) above the horizon through a seen horizontal
   * vanishing point (wall-lines.ts), 0 at and below it; null when no such point fixes the horizon.
   */
  aboveSeenHorizon: Float32Array | null;
}

const OWN = ['L', 'A', 'B', 'Lsd', 'Asd', 'Bsd', 'grad', 'gradSd', 'edges', 'oriH', 'oriD1', 'oriV', 'oriD2', 'chroma', 'lineH', 'lineV', 'dSky', 'segV', 'segH', 'segO'] as const;
const CONTEXT = ['L', 'A', 'B', 'Lsd', 'grad', 'edges', 'oriH', 'oriV', 'lineH', 'lineV', 'dSky'] as const;
export const FEATURE_NAMES = [
  ...OWN,
  'cx',
  'cy',
  'elev',
  'top',
  'bottom',
  'area',
  'dLimage',
  'dBimage',
  ...CONTEXT.map((c) => `n1.${c}`),
  ...CONTEXT.map((c) => `n2.${c}`),
  ...CONTEXT.map((c) => `above.${c}`),
  ...CONTEXT.map((c) => `below.${c}`),
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

const EDGE = 0.12;
/** Edge pixels in a straight run at least this long (working pixels) are on a line. */
const LINE_RUN = 8;

/**
 * 1 per pixel on a straight line: a run of at least LINE_RUN edge pixels along x whose gradient
 * is mostly vertical (a horizontal line: sills, courses, roof edges), or along y whose gradient
 * is mostly horizontal (mullions, corners). Foliage and clouds have edges but few lines.
 */
function straightLines(gx: Float32Array, gy: Float32Array, mag: Float32Array, w: number, h: number): { lineH: Uint8Array; lineV: Uint8Array } {
  const lineH = new Uint8Array(w * h);
  const lineV = new Uint8Array(w * h);
  const horizontal = (i: number) => mag[i] > EDGE && Math.abs(gy[i]) > 2 * Math.abs(gx[i]);
  const vertical = (i: number) => mag[i] > EDGE && Math.abs(gx[i]) > 2 * Math.abs(gy[i]);
  const mark = (out: Uint8Array, start: number, len: number, step: number) => {
    if (len >= LINE_RUN) for (let q = 0; q < len; q++) out[start + q * step] = 1;
  };
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x <= w; x++) {
      const i = y * w + x;
      // A line may wobble by a pixel: the pixel above or below continues it.
      if (x < w && (horizontal(i) || (y > 0 && horizontal(i - w)) || (y < h - 1 && horizontal(i + w)))) run++;
      else {
        mark(lineH, y * w + x - run, run, 1);
        run = 0;
      }
    }
  }
  for (let x = 0; x < w; x++) {
    let run = 0;
    for (let y = 0; y <= h; y++) {
      const i = y * w + x;
      if (y < h && (vertical(i) || (x > 0 && vertical(i - 1)) || (x < w - 1 && vertical(i + 1)))) run++;
      else {
        mark(lineV, (y - run) * w + x, run, w);
        run = 0;
      }
    }
  }
  return { lineH, lineV };
}

/**
 * The working pixels covered by the photo's line segments, per family: 0 pointing at the
 * vertical vanishing point (corners, mullions), 1 at a horizontal one (courses, sills, eaves),
 * 2 neither (branches, clouds, curved roofs).
 */
function segmentFamilies(segments: Segment[], frame: VanishingFrame, w: number, h: number): Uint8Array {
  const family = new Uint8Array(segments.length).fill(2);
  for (const i of frame.vertical.members) family[i] = 0;
  for (const fam of frame.horizontal) for (const i of fam.members) family[i] = 1;
  const out = new Uint8Array(w * h).fill(255);
  segments.forEach((s, i) => {
    const steps = Math.ceil(Math.hypot(s.x2 - s.x1, s.y2 - s.y1));
    for (let t = 0; t <= steps; t++) {
      const x = Math.floor(s.x1 + ((s.x2 - s.x1) * t) / Math.max(1, steps));
      const y = Math.floor(s.y1 + ((s.y2 - s.y1) * t) / Math.max(1, steps));
      if (x >= 0 && y >= 0 && x < w && y < h) out[y * w + x] = Math.min(out[y * w + x], family[i]);
    }
  });
  return out;
}

/**
 * Elevation (radians, up positive) of the camera ray through working pixel (x, y) above the
 * horizon the vertical vanishing point implies, whatever the camera's pitch; 0 at and below it.
 * Below is left out: a façade seen straight on from mid-height (an elevation) has its lower
 * storeys below the horizon, and the signed elevation called them ground (model.ts's notes).
 */
function elevationOf(frame: VanishingFrame, x: number, y: number): number {
  const v = frame.vertical.dir;
  const s = v[1] > 0 ? -1 : 1; // camera y points down: "up" has a negative y
  const dx = (x - frame.cx) / frame.focal;
  const dy = (y - frame.cy) / frame.focal;
  return Math.max(0, Math.asin(Math.max(-1, Math.min(1, (s * (dx * v[0] + dy * v[1] + v[2])) / Math.hypot(dx, dy, 1)))));
}

/** Superpixels and their features for an image, on a working copy of `workSide` pixels. */
export function analyseSuperpixels(img: Rgb, workSide = 320, superpixels = 300): SuperpixelAnalysis {
  const ws = fitSize(img.w, img.h, workSide);
  const small = resizeRgb(img, ws.w, ws.h);
  const { w, h } = ws;
  const n = w * h;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab);
    L[i] = lab[0];
    A[i] = lab[1];
    B[i] = lab[2];
  }
  const lum = luminance(small);
  const g = sobel(lum);
  const grad = g.mag.d;
  const sp = slic(L, A, B, w, h, superpixels, grad);
  const K = sp.count;
  const { lineH, lineV } = straightLines(g.gx.d, g.gy.d, grad, w, h);
  const segments = detectSegments(lum);
  const frame = estimateVanishing(segments, w, h);
  const segFamily = segmentFamilies(segments, frame, w, h);
  const S = 21; // running sums per superpixel
  const sum = new Float64Array(K * S);
  const top = new Uint8Array(K);
  const bottom = new Uint8Array(K);
  const adjacency = Array.from({ length: K }, () => new Map<number, number>());
  const link = (a: number, b: number) => {
    adjacency[a].set(b, (adjacency[a].get(b) ?? 0) + 1);
    adjacency[b].set(a, (adjacency[b].get(a) ?? 0) + 1);
  };
  let imgL = 0;
  let imgB = 0;
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const k = sp.labels[i];
      const o = k * S;
      const m = grad[i];
      sum[o] += 1;
      sum[o + 1] += L[i];
      sum[o + 2] += A[i];
      sum[o + 3] += B[i];
      sum[o + 4] += L[i] * L[i];
      sum[o + 5] += A[i] * A[i];
      sum[o + 6] += B[i] * B[i];
      sum[o + 7] += m;
      sum[o + 8] += m * m;
      if (m > EDGE) {
        sum[o + 9] += 1;
        // Gradient direction folded to 0..180°, in four bins (the edge runs across it).
        let a = Math.atan2(g.gy.d[i], g.gx.d[i]);
        if (a < 0) a += Math.PI;
        const bin = Math.round(a / (Math.PI / 4)) % 4;
        sum[o + 10 + bin] += m;
      }
      sum[o + 14] += x;
      sum[o + 15] += y;
      sum[o + 16] += lineH[i];
      sum[o + 17] += lineV[i];
      if (segFamily[i] < 3) sum[o + 18 + segFamily[i]] += 1;
      if (y === 0) top[k] = 1;
      if (y === h - 1) bottom[k] = 1;
      imgL += L[i];
      imgB += B[i];
      if (x < w - 1 && sp.labels[i + 1] !== k) link(k, sp.labels[i + 1]);
      if (y < h - 1 && sp.labels[i + w] !== k) link(k, sp.labels[i + w]);
    }
  imgL /= n;
  imgB /= n;

  const own = new Float32Array(K * OWN.length);
  const size = new Float64Array(K);
  const meanLab: number[][] = [];
  const cx = new Float64Array(K);
  const cy = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    const o = k * S;
    const c = Math.max(1, sum[o]);
    size[k] = sum[o];
    const mL = sum[o + 1] / c;
    const mA = sum[o + 2] / c;
    const mB = sum[o + 3] / c;
    meanLab.push([mL, mA, mB]);
    const sd = (s2: number, m: number) => Math.sqrt(Math.max(0, s2 / c - m * m));
    const mg = sum[o + 7] / c;
    const ori = sum[o + 10] + sum[o + 11] + sum[o + 12] + sum[o + 13] || 1;
    const v = [mL, mA, mB, sd(sum[o + 4], mL), sd(sum[o + 5], mA), sd(sum[o + 6], mB), mg, sd(sum[o + 8], mg), sum[o + 9] / c];
    v.push(sum[o + 10] / ori, sum[o + 11] / ori, sum[o + 12] / ori, sum[o + 13] / ori, Math.hypot(mA, mB), sum[o + 16] / c, sum[o + 17] / c, 0, sum[o + 18] / c, sum[o + 19] / c, sum[o + 20] / c);
    own.set(v, k * OWN.length);
    cx[k] = sum[o + 14] / c / w;
    cy[k] = sum[o + 15] / c / h;
  }
  // Colour distance to what touches the top edge (the sky, if any): a glass façade mirroring
  // the sky is close to it, a lit wall is not.
  const topLab = [0, 0, 0];
  let topSize = 0;
  for (let k = 0; k < K; k++)
    if (top[k]) {
      for (let q = 0; q < 3; q++) topLab[q] += meanLab[k][q] * size[k];
      topSize += size[k];
    }
  const dSky = OWN.indexOf('dSky');
  for (let k = 0; k < K; k++)
    own[k * OWN.length + dSky] = topSize ? Math.hypot(...meanLab[k].map((v, q) => v - topLab[q] / topSize)) : 100;
  const ctxIdx = CONTEXT.map((c) => OWN.indexOf(c));
  /** Weighted mean of the context features of `weights` (superpixel -> weight). */
  const contextOf = (weights: Map<number, number>, out: Float32Array, at: number, fallback: number) => {
    let tw = 0;
    const acc = new Float64Array(CONTEXT.length);
    for (const [j, wt] of weights) {
      tw += wt;
      ctxIdx.forEach((f, q) => (acc[q] += own[j * OWN.length + f] * wt));
    }
    ctxIdx.forEach((f, q) => (out[at + q] = tw > 0 ? acc[q] / tw : own[fallback * OWN.length + f]));
  };

  const features = new Float32Array(K * FEATURE_COUNT);
  const band = 0.12;
  for (let k = 0; k < K; k++) {
    const row = k * FEATURE_COUNT;
    features.set(own.subarray(k * OWN.length, (k + 1) * OWN.length), row);
    let at = row + OWN.length;
    features[at++] = cx[k];
    features[at++] = cy[k];
    features[at++] = elevationOf(frame, cx[k] * w, cy[k] * h);
    features[at++] = top[k];
    features[at++] = bottom[k];
    features[at++] = Math.sqrt(size[k] / n) * 10;
    features[at++] = meanLab[k][0] - imgL;
    features[at++] = meanLab[k][2] - imgB;
    contextOf(adjacency[k], features, at, k);
    at += CONTEXT.length;
    const second = new Map<number, number>();
    for (const [j, wt] of adjacency[k])
      for (const [q, wq] of adjacency[j]) if (q !== k && !adjacency[k].has(q)) second.set(q, (second.get(q) ?? 0) + wt * wq);
    contextOf(second, features, at, k);
    at += CONTEXT.length;
    // What lies above and below it, in its column (within a band of the image's width).
    const above = new Map<number, number>();
    const below = new Map<number, number>();
    for (let j = 0; j < K; j++) {
      if (j === k || Math.abs(cx[j] - cx[k]) > band) continue;
      const dy = cy[j] - cy[k];
      if (dy < -0.02 && dy > -0.3) above.set(j, size[j]);
      else if (dy > 0.02 && dy < 0.3) below.set(j, size[j]);
    }
    contextOf(above, features, at, k);
    at += CONTEXT.length;
    contextOf(below, features, at, k);
  }
  const seen = seenHorizon(frame);
  const aboveSeenHorizon = seen ? Float32Array.from(cx, (x, k) => seen(x * w, cy[k] * h)) : null;
  return { w, h, labels: sp.labels, count: K, size, meanLab, adjacency, top, bottom, features, aboveSeenHorizon };
}
