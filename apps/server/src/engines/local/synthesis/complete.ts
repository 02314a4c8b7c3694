import { blurRgb } from '../pixels/filters.js';
import { cloneRgb, resizeRgb, sampleRgb, type Rgb } from '../pixels/image.js';
import type { Rng } from '../pixels/prng.js';
import { distanceTo } from './masks.js';
import { matchLocalTone } from './tone.js';
import { findSources, initField, measure, peelFill, search, vote, voteBest, type Field, type Level } from './patchmatch.js';

/**
 * Exemplar-based image completion, coarse to fine: at the coarsest level the hole starts as
 * its border colours diffused inward and PatchMatch + voting iterate until the structure
 * settles; every finer level starts from the coarser field scaled up, so lines and textures
 * found at the top are carried down and sharpened with that level's own pixels.
 */

function downHalf(l: Level): Level {
  const w = Math.max(1, Math.floor(l.img.w / 2));
  const h = Math.max(1, Math.floor(l.img.h / 2));
  const img = resizeRgb(l.img, w, h);
  const hole = new Uint8Array(w * h);
  const cls = l.cls ? new Uint8Array(w * h) : undefined;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let any = 0;
      for (let dy = 0; dy < 2; dy++)
        for (let dx = 0; dx < 2; dx++) any |= l.hole[Math.min(l.img.h - 1, y * 2 + dy) * l.img.w + Math.min(l.img.w - 1, x * 2 + dx)];
      hole[y * w + x] = any;
      if (cls && l.cls) {
        // A coarse pixel keeps a class > 0 only where its whole block has it (class 0 wins).
        let k = 255;
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) k = Math.min(k, l.cls[Math.min(l.img.h - 1, y * 2 + dy) * l.img.w + Math.min(l.img.w - 1, x * 2 + dx)]);
        cls[y * w + x] = k;
      }
    }
  return { ...l, img, hole, cls };
}

/** Fills the hole by repeatedly averaging known neighbours inward (onion peel). */
function diffuseFill(img: Rgb, hole: Uint8Array): void {
  const { w, h, d } = img;
  const known = new Uint8Array(w * h);
  let remaining = 0;
  for (let i = 0; i < w * h; i++) {
    known[i] = hole[i] ? 0 : 1;
    remaining += hole[i];
  }
  if (remaining === w * h) {
    d.fill(0.5);
    return;
  }
  while (remaining > 0) {
    const next: number[] = [];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (known[i]) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
          for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
            const j = yy * w + xx;
            if (!known[j]) continue;
            r += d[j * 3];
            g += d[j * 3 + 1];
            b += d[j * 3 + 2];
            n++;
          }
        if (n === 0) continue;
        d[i * 3] = r / n;
        d[i * 3 + 1] = g / n;
        d[i * 3 + 2] = b / n;
        next.push(i);
      }
    if (next.length === 0) break;
    for (const i of next) known[i] = 1;
    remaining -= next.length;
  }
}

const SHARP_QUANTILE = 0.1;
/** The softening (Gaussian σ, px) of the finest level's matching copy (tuned on training photos). */
const SOFT_MATCH_SIGMA = 1;

export interface Completion {
  img: Rgb;
  field: Field;
  /** What matchLocalTone added to the fill (3 per pixel), to be carried to the full size. */
  toneShift?: Float32Array;
}

export interface CompleteOptions {
  /** See farness. */
  locality: number;
  /** An optional class per pixel: hole pixels take sources of their own class (Level.cls). */
  classes?: Uint8Array;
  /** An optional weight of the repetition cost (Level.repetition). */
  repetition?: number;
  /** An optional reach of the sources (Level.reach). */
  reach?: number;
  /** An optional weight of a source's vertical step (Level.rowWeight). */
  rowWeight?: number;
  progress?: (p: number) => void;
}

/** Completes `hole` (1 = unknown) of `img`, which is not changed. */
export function completeHole(img: Rgb, hole: Uint8Array, rng: Rng, o: CompleteOptions): Completion {
  const { w, h } = img;
  const inner = distanceTo(hole.map((v) => (v ? 0 : 1)), w, h);
  let thickest = 0;
  for (let i = 0; i < w * h; i++) if (hole[i] && inner[i] > thickest && inner[i] < 1e8) thickest = inner[i];
  // Deep enough that the hole's thickest part is a few pixels at the top; never below ~40 px
  // (smaller levels keep too few whole patches of each material).
  const depth = Math.max(1, Math.ceil(Math.log2(Math.max(1, thickest / 4))) + 1);
  const levels: Level[] = [{ img: cloneRgb(img), hole, locality: o.locality, cls: o.classes, repetition: o.repetition, reach: o.reach, rowWeight: o.rowWeight }];
  while (levels.length < depth && Math.min(levels[levels.length - 1].img.w, levels[levels.length - 1].img.h) >= 80) levels.push(downHalf(levels[levels.length - 1]));
  const top = levels.length - 1;
  {
    // The coarsest guess: grown inward patch by patch, nearest the known border first.
    const T = levels[top];
    const away = distanceTo(T.hole.map((v) => (v ? 0 : 1)), T.img.w, T.img.h);
    const order = Int32Array.from(T.hole.reduce<number[]>((acc, v, i) => (v ? (acc.push(i), acc) : acc), [])).sort((a, b) => away[a] - away[b] || a - b);
    diffuseFill(T.img, T.hole);
    peelFill(T, findSources(T), order, rng);
  }

  let field: Field | null = null;
  let toneShift: Float32Array | null = null;
  for (let li = top; li >= 0; li--) {
    const L = levels[li];
    const { w: lw, h: lh } = L.img;
    if (field) {
      const up = resizeRgb(levels[li + 1].img, lw, lh);
      for (let i = 0; i < lw * lh; i++)
        if (L.hole[i]) for (let c = 0; c < 3; c++) L.img.d[i * 3 + c] = up.d[i * 3 + c];
    }
    const src = findSources(L);
    const coarser: { field: Field; w: number; h: number } | null = field ? { field, w: levels[li + 1].img.w, h: levels[li + 1].img.h } : null;
    field = initField(L, src, rng, coarser);
    if (coarser) {
      vote(L, field);
      measure(L, field);
    }
    // The coarsest level settles the structure; finer ones refine locally what came down.
    const iters = li === top ? 8 : li === 0 ? 2 : 3;
    const radius = li === top || li >= top - 1 ? Math.max(lw, lh) : li === 0 ? 24 : 48;
    for (let it = 0; it < iters; it++) {
      // The hole's estimate came up from a coarser level and is soft: at the finest level it is
      // matched against a softened copy of the photo, so a grainy source is found as readily as
      // a smooth one, and the grain is then copied from the sharp photo.
      const M = li === 0 ? { ...L, img: blurRgb(L.img, SOFT_MATCH_SIGMA) } : L;
      if (M !== L) measure(M, field);
      search(M, src, field, rng, li === 0 ? 1 : 2, radius);
      // The finest level's last vote listens to the best matches only: the detail stays sharp
      // where overlapping matches disagree (a thin hole across busy texture) instead of blurring.
      vote(L, field, li === 0 && it === iters - 1 ? SHARP_QUANTILE : 0.75);
      measure(M, field);
    }
    if (li === 0) {
      voteBest(L, field);
      toneShift = matchLocalTone(L.img, L.hole);
    }
    o.progress?.(10 + Math.round((80 * (top - li + 1)) / (top + 1)));
  }
  return { img: levels[0].img, field: field as Field, toneShift: toneShift ?? undefined };
}

/**
 * Brings a completion made on a smaller working copy back to the full image: each hole pixel
 * copies full-resolution pixels from where the matches of the working pixels around it point
 * (the best of them and those that agree with it, weighted by how good they are), so the fill
 * gets the photo's own fine detail.
 */
export function upsampleCompletion(full: Rgb, hole: Uint8Array, work: Completion): Rgb {
  const out = cloneRgb(full);
  const { w, h } = full;
  const ww = work.img.w;
  const wh = work.img.h;
  const sxs = ww / w;
  const sys = wh / h;
  const { sx, sy, dist } = work.field;
  let sigma2 = 0;
  let n = 0;
  for (let k = 0; k < work.field.targets.length; k += 7) {
    const v = dist[work.field.targets[k]];
    if (Number.isFinite(v)) {
      sigma2 += v;
      n++;
    }
  }
  sigma2 = Math.max(1e-4, n ? sigma2 / n : 1);
  const weight = (q: number, qx: number, qy: number, fx: number, fy: number) => Math.exp(-dist[q] / (2 * sigma2)) / (1 + (qx - fx) ** 2 + (qy - fy) ** 2);
  const tmp = [0, 0, 0];
  // The thin parts' tone correction (matchLocalTone), brought up to the full size with the pixels.
  const shift = work.toneShift ? { w: ww, h: wh, d: work.toneShift } : null;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const fx = x * sxs;
      const fy = y * sys;
      const qx0 = Math.floor(fx);
      const qy0 = Math.floor(fy);
      let r = 0;
      let g = 0;
      let b = 0;
      let wsum = 0;
      let best = -1;
      let bestWt = 0;
      for (let qy = Math.max(0, qy0 - 1); qy <= Math.min(wh - 1, qy0 + 1); qy++)
        for (let qx = Math.max(0, qx0 - 1); qx <= Math.min(ww - 1, qx0 + 1); qx++) {
          const q = qy * ww + qx;
          const wt = sx[q] < 0 ? 0 : weight(q, qx, qy, fx, fy);
          if (wt > bestWt) {
            bestWt = wt;
            best = q;
          }
        }
      // Only the matches that agree with the best one (the same source, give or take a working
      // pixel) are averaged: copies from different places, averaged, are a smooth smear.
      const bx = best >= 0 ? sx[best] - (best % ww) : 0;
      const by = best >= 0 ? sy[best] - Math.floor(best / ww) : 0;
      for (let qy = Math.max(0, qy0 - 1); qy <= Math.min(wh - 1, qy0 + 1); qy++)
        for (let qx = Math.max(0, qx0 - 1); qx <= Math.min(ww - 1, qx0 + 1); qx++) {
          const q = qy * ww + qx;
          if (sx[q] < 0 || Math.abs(sx[q] - qx - bx) > 1 || Math.abs(sy[q] - qy - by) > 1) continue;
          const wt = weight(q, qx, qy, fx, fy);
          sampleRgb(full, x + (sx[q] - qx) / sxs, y + (sy[q] - qy) / sys, tmp);
          r += tmp[0] * wt;
          g += tmp[1] * wt;
          b += tmp[2] * wt;
          wsum += wt;
        }
      const j = i * 3;
      if (wsum > 0) {
        out.d[j] = r / wsum;
        out.d[j + 1] = g / wsum;
        out.d[j + 2] = b / wsum;
        if (shift) {
          sampleRgb(shift, fx, fy, tmp);
          for (let c = 0; c < 3; c++) out.d[j + c] = Math.min(1, Math.max(0, out.d[j + c] + tmp[c]));
        }
      } else sampleRgb(work.img, fx, fy, out.d, j);
    }
  return out;
}
