import type { Rgb } from '../pixels/image.js';
import { distanceTo } from './masks.js';

/**
 * Seamless borders: a fill copied from elsewhere in the photo keeps that place's light, so it
 * can sit a shade brighter or darker than the pixels around the hole. The difference measured
 * on the ring just outside the hole is spread smoothly over the hole (a membrane, as gradient-
 * domain / Poisson blending does) and added to the fill: the fill keeps its own texture and
 * gradients but meets the photo at its border with no step.
 */

/**
 * Push-pull interpolation (Gortler et al. 1996): fills every pixel of `values` (3 per pixel)
 * where `weight` is 0 with a smooth blend of the weighted values around it, coarse to fine.
 */
export function pushPull(values: Float32Array, weight: Float32Array, w: number, h: number): Float32Array {
  if (w <= 1 && h <= 1) {
    const out = new Float32Array(3);
    if (weight[0] > 0) for (let c = 0; c < 3; c++) out[c] = values[c];
    return out;
  }
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  const cv = new Float32Array(cw * ch * 3);
  const cwt = new Float32Array(cw * ch);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const wt = weight[i];
      if (wt <= 0) continue;
      const j = (y >> 1) * cw + (x >> 1);
      cwt[j] += wt;
      for (let c = 0; c < 3; c++) cv[j * 3 + c] += values[i * 3 + c] * wt;
    }
  for (let j = 0; j < cw * ch; j++) {
    if (cwt[j] > 0) for (let c = 0; c < 3; c++) cv[j * 3 + c] /= cwt[j];
    cwt[j] = Math.min(1, cwt[j]);
  }
  const coarse = pushPull(cv, cwt, cw, ch);
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = Math.min(1, weight[i]);
      // Bilinear read of the coarser level at this pixel's centre.
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(cw - 1, x0 + 1);
      const y1 = Math.min(ch - 1, y0 + 1);
      const tx = fx - x0;
      const ty = fy - y0;
      for (let c = 0; c < 3; c++) {
        const up =
          (coarse[(y0 * cw + x0) * 3 + c] * (1 - tx) + coarse[(y0 * cw + x1) * 3 + c] * tx) * (1 - ty) +
          (coarse[(y1 * cw + x0) * 3 + c] * (1 - tx) + coarse[(y1 * cw + x1) * 3 + c] * tx) * ty;
        out[i * 3 + c] = a > 0 ? values[i * 3 + c] * a + up * (1 - a) : up;
      }
    }
  return out;
}

/** The largest shift of light the border correction may bring (a hole's border is rarely clean). */
const MAX_SHIFT = 0.2;
/**
 * A change of light is alike along the ring; a ring pixel whose difference stands far out from
 * the ring's typical one (the fill put a window's edge or a joint a few pixels off) is structure,
 * not light, and counts as the typical change: spread over a thin hole, such differences cancelled
 * the fill's own structure and left a smooth band (the held-out Worms lamp post). "Far": this many
 * times the ring's median deviation, and at least OUTLIER_FLOOR (summed over channels).
 */
const OUTLIER_SPREAD = 3;
const OUTLIER_FLOOR = 0.06;

/**
 * The typical change of light is read along the ring near each of its pixels (cells this share of
 * the picture's long side, with the eight around): along a widened picture's border it differs
 * from the sky to the meadow, and one median for the whole ring took a meadow's brighter fill for
 * structure and left it a shade off the photo, a seam down the grass (Chambord).
 */
const TYPICAL_CELL = 0.03;
const MIN_CELL = 8;

const median = (v: number[]) => (v.length ? v.sort((p, q) => p - q)[v.length >> 1] : 0);

/**
 * Adds to `fill` (inside `hole`) the photo-minus-fill difference measured on `ring` (pixels of
 * the hole where the photo is still valid: its feather band), spread smoothly over the hole.
 * `reach`: the correction fades over about this many pixels from the ring (deep inside a wide
 * outpaint the fill keeps its own light rather than the border's); by default it does not fade.
 */
export function matchBorder(photo: Rgb, fill: Rgb, hole: Uint8Array, ring: Uint8Array, reach = Infinity): void {
  const { w, h } = photo;
  const diff = new Float32Array(w * h * 3);
  const wt = new Float32Array(w * h);
  const onRing: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!ring[i]) continue;
    for (let c = 0; c < 3; c++) diff[i * 3 + c] = Math.max(-MAX_SHIFT, Math.min(MAX_SHIFT, photo.d[i * 3 + c] - fill.d[i * 3 + c]));
    wt[i] = 1;
    onRing.push(i);
  }
  if (onRing.length === 0) return;
  const typical = localTypical(diff, onRing, w, Math.max(MIN_CELL, Math.round(TYPICAL_CELL * Math.max(w, h))));
  const deviation = (n: number) => {
    const i = onRing[n] * 3;
    return Math.abs(diff[i] - typical[n * 3]) + Math.abs(diff[i + 1] - typical[n * 3 + 1]) + Math.abs(diff[i + 2] - typical[n * 3 + 2]);
  };
  const far = Math.max(OUTLIER_FLOOR, OUTLIER_SPREAD * median(onRing.map((_, n) => deviation(n))));
  const trust = onRing.map((_, n) => Math.exp(-((deviation(n) / far) ** 2)));
  onRing.forEach((i, n) => {
    for (let c = 0; c < 3; c++) diff[i * 3 + c] = typical[n * 3 + c] + trust[n] * (diff[i * 3 + c] - typical[n * 3 + c]);
  });
  const shift = pushPull(diff, wt, w, h);
  const from = Number.isFinite(reach) ? distanceTo(ring, w, h) : null;
  for (let i = 0; i < w * h; i++) {
    if (!hole[i]) continue;
    const k = from ? Math.exp(-from[i] / reach) : 1;
    for (let c = i * 3; c < i * 3 + 3; c++) fill.d[c] = Math.min(1, Math.max(0, fill.d[c] + shift[c] * k));
  }
}

/** Per ring pixel (3 values each, in `onRing`'s order): the median difference over the ring pixels in its cell and the eight around it. */
function localTypical(diff: Float32Array, onRing: number[], w: number, cell: number): Float32Array {
  const cells = new Map<number, number[]>();
  const key = (cx: number, cy: number) => cy * 65536 + cx;
  for (const i of onRing) {
    const k = key(Math.floor((i % w) / cell), Math.floor(Math.floor(i / w) / cell));
    const list = cells.get(k);
    if (list) list.push(i);
    else cells.set(k, [i]);
  }
  const perCell = new Map<number, number[]>();
  for (const k of cells.keys()) {
    const cx = k % 65536;
    const cy = (k - cx) / 65536;
    const near: number[] = [];
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) near.push(...(cells.get(key(cx + dx, cy + dy)) ?? []));
    perCell.set(k, [0, 1, 2].map((c) => median(near.map((i) => diff[i * 3 + c]))));
  }
  const out = new Float32Array(onRing.length * 3);
  onRing.forEach((i, n) => out.set(perCell.get(key(Math.floor((i % w) / cell), Math.floor(Math.floor(i / w) / cell)))!, n * 3));
  return out;
}
