import { blurPlane } from '../pixels/filters.js';
import type { Plane, Rgb } from '../pixels/image.js';
import { pushPull } from './blend.js';
import { distanceTo } from './masks.js';

/**
 * Local tone of a thin fill. Across a thin hole (a lamp post, a pole in front of a wall) the
 * photo on both sides says what light and tone the hole should have; the synthesis may still
 * copy blocks from a lighter or darker part of the wall, which the border light match cannot
 * see (they sit inside the hole, not on its border). Here the fill's low frequencies are
 * replaced by those of a membrane stretched over the hole from the pixels around it; the fill
 * keeps its own grain and detail. Wide holes keep their fill: deep inside them a membrane
 * knows nothing (it would flatten whatever the fill continued there).
 */

/**
 * Sizes in pixels of a picture whose long side is 512 (larger ones scale them): parts of a hole up to
 * THIN_HALF_WIDTH wide count as thin; within WIDE_REACH of a wider part the fill is kept, and the
 * correction fades in over as much again; TONE_SIGMA: the scale (Gaussian σ) below which the fill's
 * own detail is kept (tuned on training photos).
 */
const THIN_HALF_WIDTH = 12;
const WIDE_REACH = 24;
const TONE_SIGMA = 3;
const SIZES_AT = 512;

/** How thin the hole is around each of its pixels: 1 in thin parts, 0 in wide ones (and outside). */
function thinness(hole: Uint8Array, w: number, h: number, scale: number): Float32Array {
  const inner = distanceTo(hole.map((v) => (v ? 0 : 1)), w, h);
  // Pixels near a deep part of the hole (the inside of a wide one) keep their fill.
  const deep = distanceTo(Uint8Array.from(inner, (v) => (v > THIN_HALF_WIDTH * scale ? 1 : 0)), w, h);
  const out = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) if (hole[i]) out[i] = Math.min(1, Math.max(0, (deep[i] - WIDE_REACH * scale) / (WIDE_REACH * scale)));
  return out;
}

/** The mean of `v` over the hole's pixels near each pixel (a blur that does not read outside the hole). */
function holeBlur(v: Plane, hole: Plane, blurredHole: Plane, sigma: number): Plane {
  const masked = { w: v.w, h: v.h, d: v.d.map((x, i) => x * hole.d[i]) };
  const b = blurPlane(masked, sigma);
  for (let i = 0; i < b.d.length; i++) b.d[i] = blurredHole.d[i] > 1e-6 ? b.d[i] / blurredHole.d[i] : 0;
  return b;
}

/**
 * Corrects the tone of the thin parts of the fill in `img` (inside `hole`, 1 = synthesised) toward
 * the photo around them. Returns the correction added per pixel (3 per pixel), or null when the
 * hole has no thin part.
 */
export function matchLocalTone(full: Rgb, fullHole: Uint8Array): Float32Array | null {
  // Worked on the hole's bounding box and a margin: what lies further is never read.
  const W = full.w;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < fullHole.length; i++)
    if (fullHole[i]) {
      xs.push(i % W);
      ys.push(Math.floor(i / W));
    }
  if (xs.length === 0) return null;
  const scale = Math.max(1, Math.max(full.w, full.h) / SIZES_AT);
  const margin = Math.ceil(4 * TONE_SIGMA * scale) + 2;
  const x0 = Math.max(0, xs.reduce((a, b) => Math.min(a, b)) - margin);
  const x1 = Math.min(W - 1, xs.reduce((a, b) => Math.max(a, b)) + margin);
  const y0 = Math.max(0, ys[0] - margin);
  const y1 = Math.min(full.h - 1, ys[ys.length - 1] + margin);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const d = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = (y + y0) * W + x0;
    hole.set(fullHole.subarray(from, from + w), y * w);
    d.set(full.d.subarray(from * 3, (from + w) * 3), y * w * 3);
  }
  const cropShift = correct(d, hole, w, h, scale);
  if (!cropShift) return null;
  const shift = new Float32Array(W * full.h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const j = ((y + y0) * W + x + x0) * 3;
      for (let c = 0; c < 3; c++) {
        shift[j + c] = cropShift[i * 3 + c];
        full.d[j + c] = d[i * 3 + c];
      }
    }
  return shift;
}

/**
 * How far apart (summed over channels, squared) the photo's own tones around a hole pixel are: where
 * the hole meets an edge (a cornice against the sky, a window beside the wall) the membrane mixes
 * two things and is no guide; on a wall, however grainy, its tone is alike all around.
 */
function spreadAround(d: Float32Array, known: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const knownPlane = { w, h, d: known };
  const blurredKnown = blurPlane(knownPlane, sigma);
  const low = new Float32Array(w * h * 3);
  for (let c = 0; c < 3; c++) {
    const v = holeBlur({ w, h, d: Float32Array.from({ length: w * h }, (_, i) => d[i * 3 + c]) }, knownPlane, blurredKnown, sigma);
    for (let i = 0; i < w * h; i++) low[i * 3 + c] = v.d[i];
  }
  const mean = pushPull(low, known, w, h);
  const meanSquare = pushPull(low.map((v) => v * v), known, w, h);
  const spread = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) for (let c = i * 3; c < i * 3 + 3; c++) spread[i] += Math.max(0, meanSquare[c] - mean[c] * mean[c]);
  return spread;
}

/** The spread (see spreadAround) at which the membrane is trusted 1/e as much (tuned on training photos). */
const SPREAD_SCALE = 0.05;

function correct(d: Float32Array, hole: Uint8Array, w: number, h: number, scale: number): Float32Array | null {
  const thin = thinness(hole, w, h, scale);
  if (!thin.some((v) => v > 0)) return null;
  const known = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = hole[i] ? 0 : 1;
  const membrane = pushPull(d, known, w, h);
  const spread = spreadAround(d, known, w, h, TONE_SIGMA * scale);
  const trust = thin.map((t, i) => t * Math.exp(-spread[i] / SPREAD_SCALE));
  const holePlane = { w, h, d: Float32Array.from(hole) };
  const blurredHole = blurPlane(holePlane, TONE_SIGMA * scale);
  const shift = new Float32Array(w * h * 3);
  for (let c = 0; c < 3; c++) {
    const fill = { w, h, d: new Float32Array(w * h) };
    const mem = { w, h, d: new Float32Array(w * h) };
    for (let i = 0; i < w * h; i++) {
      fill.d[i] = d[i * 3 + c];
      mem.d[i] = membrane[i * 3 + c];
    }
    const lowFill = holeBlur(fill, holePlane, blurredHole, TONE_SIGMA * scale);
    const lowMem = holeBlur(mem, holePlane, blurredHole, TONE_SIGMA * scale);
    for (let i = 0; i < w * h; i++) {
      if (!trust[i]) continue;
      const s = (lowMem.d[i] - lowFill.d[i]) * trust[i];
      shift[i * 3 + c] = s;
      d[i * 3 + c] = Math.min(1, Math.max(0, d[i * 3 + c] + s));
    }
  }
  return shift;
}
