import type { Rgb } from '../pixels/image.js';
import type { Rng } from '../pixels/prng.js';
import { distanceTo, windowCounts } from './masks.js';
import { OffsetUse } from './repetition.js';

/**
 * PatchMatch (Barnes et al. 2009) on one pyramid level: a nearest-neighbour field from every
 * patch touching the hole to a patch of the known image, improved by propagation (a good
 * match of a neighbour, shifted by one pixel, is tried) and random search in a shrinking
 * window; then voting (Wexler et al. 2007): each hole pixel becomes the weighted mean of
 * what the matches of the patches covering it say.
 */
const PATCH_RADIUS = 3; // 7 x 7 patches
const R = PATCH_RADIUS;

export interface Level {
  img: Rgb;
  /** 1 = unknown (to synthesise). */
  hole: Uint8Array;
  /** The cost of a source across the whole image (see farness). */
  locality: number;
  /**
   * Optional class per pixel (a region kind: sky, ground, built…): a hole pixel only takes
   * sources of its own class, so the sky beside a widened photo fills from the sky and never
   * from a tower that happens to match its neighbours' coherent copy.
   */
  cls?: Uint8Array;
  /** Optional weight of the repetition cost (see OffsetUse): a wide fill is not one cloned piece. */
  repetition?: number;
  /**
   * Optional reach of the sources (a fraction of the long side): only known pixels this close to
   * the hole are copied, so a wide fill continues what touches it rather than a distant object.
   */
  reach?: number;
  /** How many times a vertical step of a source costs a horizontal one (default ROW_WEIGHT). */
  rowWeight?: number;
}

export interface Field {
  /** Target pixel indices: every pixel whose patch touches the hole. */
  targets: Int32Array;
  /** Source patch centre per target pixel (-1 where the pixel is not a target). */
  sx: Int32Array;
  sy: Int32Array;
  dist: Float32Array;
  /** How much of the fill each source offset covers (when the level has a repetition weight). */
  use?: OffsetUse;
}

export interface Sources {
  valid: Uint8Array;
  list: Int32Array;
  /** Sources of each class (when the level has classes) and the class each source serves. */
  byClass?: Int32Array[];
  classOf?: Uint8Array;
}

/** Whether the source centre `s` may serve the target pixel `t` (same class, or its class has no source). */
function fits(level: Level, src: Sources, t: number, s: number): boolean {
  const cls = level.cls;
  if (!cls || !src.byClass || !src.byClass[cls[t]]?.length) return true;
  return cls[t] === src.classOf![s];
}

/** A random source, of the target's class where the level has classes. */
function randomSource(level: Level, src: Sources, t: number, rng: Rng): number {
  const own = level.cls && src.byClass ? src.byClass[level.cls[t]] : undefined;
  const list = own && own.length > 0 ? own : src.list;
  return list[Math.floor(rng() * list.length)];
}

/** Source centres: the whole patch inside the image and known (a mostly known patch if none is). */
export function findSources(level: Level): Sources {
  const { w, h } = level.img;
  const cover = windowCounts(level.hole, w, h, R);
  const area = (2 * R + 1) * (2 * R + 1);
  const near = level.reach ? distanceTo(level.hole, w, h) : undefined;
  const maxAway = (level.reach ?? 0) * Math.max(w, h);
  const pick = (limit: number) => {
    const valid = new Uint8Array(w * h);
    const list: number[] = [];
    for (let y = R; y < h - R; y++)
      for (let x = R; x < w - R; x++) {
        const i = y * w + x;
        if (!level.hole[i] && cover[i] <= limit && (!near || near[i] <= maxAway)) {
          valid[i] = 1;
          list.push(i);
        }
      }
    return { valid, list: Int32Array.from(list) };
  };
  const strict = pick(0);
  const chosen: Sources = strict.list.length >= 16 ? strict : pick(Math.floor(area * 0.35));
  if (level.cls) {
    // A source serves class k > 0 only when its whole patch is of class k (the sky beside a
    // widened photo copies clean sky, never a lantern's edge); mixed patches count as class 0.
    const cls = level.cls;
    const groups: number[][] = [];
    const counts = new Map<number, Int32Array>();
    const countOf = (k: number) => {
      let c = counts.get(k);
      if (!c) {
        c = windowCounts(cls.map((v, i) => (v === k && !level.hole[i] ? 1 : 0)), w, h, R);
        counts.set(k, c);
      }
      return c;
    };
    for (const i of chosen.list) {
      const k = cls[i] > 0 && countOf(cls[i])[i] === area ? cls[i] : 0;
      (groups[k] ??= []).push(i);
    }
    chosen.byClass = Array.from(groups, (g) => Int32Array.from(g ?? []));
    chosen.classOf = new Uint8Array(w * h);
    chosen.byClass.forEach((g, k) => g.forEach((i) => (chosen.classOf![i] = k)));
  }
  return chosen;
}

function targetsOf(level: Level): Int32Array {
  const { w, h } = level.img;
  const cover = windowCounts(level.hole, w, h, R);
  const out: number[] = [];
  for (let i = 0; i < w * h; i++) if (cover[i] > 0) out.push(i);
  return Int32Array.from(out);
}

/**
 * Locality: a source far from its target costs a little more (up to the level's locality for a
 * source across the whole image), so between equally good matches the fill takes what is nearby
 * (the façade beside the hole rather than a tree at the other end of the photo). A vertical step
 * costs ROW_WEIGHT times a horizontal one: in a photo, the same rows hold the same things at the
 * same distance (the plaza beside a person, the sky beside the sky), the rows above or below
 * something else (the building's foot above the plaza).
 */
const ROW_WEIGHT = 4;
function farness(level: Level, tx: number, ty: number, px: number, py: number): number {
  const s = Math.max(level.img.w, level.img.h);
  return (level.locality * ((px - tx) * (px - tx) + (level.rowWeight ?? ROW_WEIGHT) * (py - ty) * (py - ty))) / (s * s);
}

/**
 * What a source costs beside its patch distance: its farness and its offset's repetition (not in
 * a class of its own, the sky: there a long coherent copy keeps the rows' gradient).
 */
function extraCost(level: Level, f: Field, tx: number, ty: number, px: number, py: number): number {
  const repeats = f.use && !(level.cls && level.cls[ty * level.img.w + tx] > 0);
  return farness(level, tx, ty, px, py) + (repeats ? f.use!.cost(tx, ty, px, py) : 0);
}

/**
 * What a source pixel of a class > 0 (the sky) costs where it lands on a pixel of another class
 * (about the colour step between sky and stone): a not-sky pixel takes no patch that is partly sky
 * (a pale blob or a spire's tip in the meadow), while a not-sky source may still overlap the sky
 * above a boundary (a tree's crown keeps its ragged top rather than a ruled edge). Tried and not
 * taken: not sky as a class of its own, served only by wholly not-sky patches (a thin treeline or
 * distant landscape has too few of them at the coarse levels and took the water or a wing instead:
 * Egeskov, Neuschwanstein); the cost both ways (Rang Ghar's tree crowns ruled straight at the top).
 */
const CLASS_MISMATCH = 0.3;

/** Sum of squared RGB differences between the target patch at (tx, ty) and the source at (px, py). */
function patchDistance(level: Level, tx: number, ty: number, px: number, py: number, cutoff: number): number {
  const { img, hole, cls } = level;
  const { w, h, d } = img;
  let s = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yy = ty + dy;
    if (yy < 0 || yy >= h) continue;
    const srow = (py + dy) * w + px;
    const trow = yy * w;
    for (let dx = -R; dx <= R; dx++) {
      const xx = tx + dx;
      if (xx < 0 || xx >= w) continue;
      const si = srow + dx;
      if (cls !== undefined && cls[si] > 0 && cls[si] !== cls[trow + xx]) s += CLASS_MISMATCH;
      // A source pixel that is itself unknown costs a moderate colour difference.
      if (hole[si]) {
        s += 0.06;
        continue;
      }
      const a = (trow + xx) * 3;
      const b = si * 3;
      const e0 = d[a] - d[b];
      const e1 = d[a + 1] - d[b + 1];
      const e2 = d[a + 2] - d[b + 2];
      s += e0 * e0 + e1 * e1 + e2 * e2;
    }
    if (s >= cutoff) return s;
  }
  return s;
}

/** A field with random sources, or the coarser level's field scaled up where it has one. */
export function initField(level: Level, src: Sources, rng: Rng, coarser: { field: Field; w: number; h: number } | null): Field {
  const { w, h } = level.img;
  const targets = targetsOf(level);
  const sx = new Int32Array(w * h).fill(-1);
  const sy = new Int32Array(w * h).fill(-1);
  const dist = new Float32Array(w * h).fill(Infinity);
  for (let k = 0; k < targets.length; k++) {
    const i = targets[k];
    const x = i % w;
    const y = (i - x) / w;
    let cx = -1;
    let cy = 0;
    if (coarser) {
      const j = Math.min(coarser.h - 1, y >> 1) * coarser.w + Math.min(coarser.w - 1, x >> 1);
      if (coarser.field.sx[j] >= 0) {
        cx = Math.min(w - 1 - R, Math.max(R, coarser.field.sx[j] * 2 + (x & 1)));
        cy = Math.min(h - 1 - R, Math.max(R, coarser.field.sy[j] * 2 + (y & 1)));
        if (!src.valid[cy * w + cx] || !fits(level, src, i, cy * w + cx)) cx = -1;
      }
    }
    if (cx < 0 && src.list.length > 0) {
      const j = randomSource(level, src, i, rng);
      cx = j % w;
      cy = (j - cx) / w;
    }
    sx[i] = cx;
    sy[i] = cy;
  }
  const field = { targets, sx, sy, dist };
  measure(level, field);
  return field;
}

/** Recomputes every target's distance against the current estimate of the hole. */
export function measure(level: Level, f: Field): void {
  const { w, h } = level.img;
  if (level.repetition) {
    f.use = new OffsetUse(w, h, level.repetition, f.targets.length);
    for (const i of f.targets) if (f.sx[i] >= 0) f.use.add(i % w, Math.floor(i / w), f.sx[i], f.sy[i], 1);
  }
  for (let k = 0; k < f.targets.length; k++) {
    const i = f.targets[k];
    if (f.sx[i] < 0) continue;
    const x = i % w;
    const y = (i - x) / w;
    f.dist[i] = patchDistance(level, x, y, f.sx[i], f.sy[i], Infinity) + extraCost(level, f, x, y, f.sx[i], f.sy[i]);
  }
}

/** PatchMatch passes (alternating scan order): propagation, then random search up to `radius`. */
export function search(level: Level, src: Sources, f: Field, rng: Rng, passes: number, radius: number): void {
  const { w, h } = level.img;
  const { targets, sx, sy, dist } = f;
  const { valid } = src;
  if (src.list.length === 0) return;
  const n = targets.length;
  for (let pass = 0; pass < passes; pass++) {
    const fwd = pass % 2 === 0;
    const step = fwd ? -1 : 1;
    for (let k = 0; k < n; k++) {
      const i = targets[fwd ? k : n - 1 - k];
      const x = i % w;
      const y = (i - x) / w;
      let bx = sx[i];
      let by = sy[i];
      let bd = dist[i];
      for (let q = 0; q < 2; q++) {
        const nx = q === 0 ? x + step : x;
        const ny = q === 0 ? y : y + step;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (sx[j] < 0) continue;
        const cx = sx[j] - (nx - x);
        const cy = sy[j] - (ny - y);
        if (cx < R || cy < R || cx >= w - R || cy >= h - R || !valid[cy * w + cx] || (cx === bx && cy === by) || !fits(level, src, i, cy * w + cx)) continue;
        const far = extraCost(level, f, x, y, cx, cy);
        const dd = patchDistance(level, x, y, cx, cy, bd - far) + far;
        if (dd < bd) {
          bd = dd;
          bx = cx;
          by = cy;
        }
      }
      for (let rad = radius; rad >= 1; rad >>= 1) {
        const cx = Math.round(bx + (rng() * 2 - 1) * rad);
        const cy = Math.round(by + (rng() * 2 - 1) * rad);
        if (cx < R || cy < R || cx >= w - R || cy >= h - R || !valid[cy * w + cx] || !fits(level, src, i, cy * w + cx)) continue;
        const far = extraCost(level, f, x, y, cx, cy);
        const dd = patchDistance(level, x, y, cx, cy, bd - far) + far;
        if (dd < bd) {
          bd = dd;
          bx = cx;
          by = cy;
        }
      }
      if (f.use && (bx !== sx[i] || by !== sy[i])) {
        f.use.add(x, y, sx[i], sy[i], -1);
        f.use.add(x, y, bx, by, 1);
      }
      sx[i] = bx;
      sy[i] = by;
      dist[i] = bd;
    }
  }
}

/**
 * Voting: every hole pixel becomes the mean of the colours the covering patches' matches put
 * there, each weighted by exp(-distance / 2σ²) with σ² a robust scale of this level's
 * distances, so good matches dominate and the fill stays sharp instead of averaging to a smear.
 * `quantile`: where in this level's distances σ² is read (lower: only the best matches count).
 */
export function vote(level: Level, f: Field, quantile = 0.75): void {
  const { w, h, d } = level.img;
  const { targets, sx, sy, dist } = f;
  const sample: number[] = [];
  const stride = Math.max(1, Math.floor(targets.length / 4096));
  for (let k = 0; k < targets.length; k += stride) if (Number.isFinite(dist[targets[k]])) sample.push(dist[targets[k]]);
  sample.sort((a, b) => a - b);
  const sigma2 = Math.max(1e-4, sample.length ? sample[Math.floor(sample.length * quantile)] : 1);
  const acc = new Float32Array(w * h * 4);
  for (let k = 0; k < targets.length; k++) {
    const i = targets[k];
    if (sx[i] < 0) continue;
    const x = i % w;
    const y = (i - x) / w;
    const wt = Math.exp(-dist[i] / (2 * sigma2)) + 1e-6;
    for (let dy = -R; dy <= R; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      const srow = (sy[i] + dy) * w + sx[i];
      for (let dx = -R; dx <= R; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w) continue;
        const t = yy * w + xx;
        if (!level.hole[t]) continue;
        const si = srow + dx;
        if (level.hole[si]) continue;
        const s = si * 3;
        acc[t * 4] += d[s] * wt;
        acc[t * 4 + 1] += d[s + 1] * wt;
        acc[t * 4 + 2] += d[s + 2] * wt;
        acc[t * 4 + 3] += wt;
      }
    }
  }
  for (let t = 0; t < w * h; t++) {
    const a = acc[t * 4 + 3];
    if (!level.hole[t] || a === 0) continue;
    d[t * 3] = acc[t * 4] / a;
    d[t * 3 + 1] = acc[t * 4 + 1] / a;
    d[t * 3 + 2] = acc[t * 4 + 2] / a;
  }
}

/**
 * The finest level's last word: every hole pixel takes its colour from the single best match
 * among the patches covering it, so a thin hole across grass or gravel keeps the grain of its
 * source instead of the mean of many slightly shifted copies (which is smooth).
 */
export function voteBest(level: Level, f: Field): void {
  const { w, h, d } = level.img;
  const { targets, sx, sy, dist } = f;
  const best = new Float32Array(w * h).fill(Infinity);
  const from = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < targets.length; k++) {
    const i = targets[k];
    if (sx[i] < 0) continue;
    const x = i % w;
    const y = (i - x) / w;
    const di = dist[i];
    for (let dy = -R; dy <= R; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -R; dx <= R; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w) continue;
        const t = yy * w + xx;
        const si = (sy[i] + dy) * w + sx[i] + dx;
        if (!level.hole[t] || level.hole[si] || di >= best[t]) continue;
        best[t] = di;
        from[t] = si;
      }
    }
  }
  for (let t = 0; t < w * h; t++) {
    const s = from[t];
    if (s < 0) continue;
    d[t * 3] = d[s * 3];
    d[t * 3 + 1] = d[s * 3 + 1];
    d[t * 3 + 2] = d[s * 3 + 2];
  }
}

/** Mean squared difference over the target patch's known pixels (Infinity when none is known). */
function knownDistance(img: Rgb, known: Uint8Array, tx: number, ty: number, px: number, py: number): number {
  const { w, h, d } = img;
  let s = 0;
  let n = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yy = ty + dy;
    if (yy < 0 || yy >= h) continue;
    for (let dx = -R; dx <= R; dx++) {
      const xx = tx + dx;
      if (xx < 0 || xx >= w || !known[yy * w + xx]) continue;
      const a = (yy * w + xx) * 3;
      const b = ((py + dy) * w + px + dx) * 3;
      const e0 = d[a] - d[b];
      const e1 = d[a + 1] - d[b + 1];
      const e2 = d[a + 2] - d[b + 2];
      s += e0 * e0 + e1 * e1 + e2 * e2;
      n++;
    }
  }
  return n === 0 ? Infinity : s / n;
}

/** The class cost patchDistance adds (CLASS_MISMATCH per sky source pixel on a pixel of another class), alone. */
function classMismatch(level: Level, tx: number, ty: number, px: number, py: number): number {
  const { cls } = level;
  if (!cls) return 0;
  const { w, h } = level.img;
  let s = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yy = ty + dy;
    if (yy < 0 || yy >= h) continue;
    for (let dx = -R; dx <= R; dx++) {
      const xx = tx + dx;
      if (xx < 0 || xx >= w) continue;
      const si = (py + dy) * w + px + dx;
      if (cls[si] > 0 && cls[si] !== cls[yy * w + xx]) s += CLASS_MISMATCH;
    }
  }
  return s;
}

/**
 * The starting guess of the coarsest level: the hole is grown from its border inward, one
 * pixel at a time, each copying the centre of the source patch that best matches what is
 * already known around it (candidates: the neighbours' sources shifted, random ones and a
 * local search). Unlike a diffusion this carries lines and joints into the hole.
 */
export function peelFill(level: Level, src: Sources, order: Int32Array, rng: Rng): void {
  const { w, h, d } = level.img;
  if (src.list.length === 0) return;
  const known = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = level.hole[i] ? 0 : 1;
  const fx = new Int32Array(w * h).fill(-1);
  const fy = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const x = i % w;
    const y = (i - x) / w;
    let bx = -1;
    let by = -1;
    let bd = Infinity;
    const tryAt = (cx: number, cy: number) => {
      if (cx < R || cy < R || cx >= w - R || cy >= h - R || !src.valid[cy * w + cx] || !fits(level, src, i, cy * w + cx)) return;
      const dd = knownDistance(level.img, known, x, y, cx, cy) + (classMismatch(level, x, y, cx, cy) + farness(level, x, y, cx, cy)) / 49;
      if (dd < bd) {
        bd = dd;
        bx = cx;
        by = cy;
      }
    };
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (fx[j] >= 0) tryAt(fx[j] - dx, fy[j] - dy);
        else if (known[j] && !level.hole[j]) tryAt(nx - dx, ny - dy);
      }
    for (let s = 0; s < 24; s++) {
      const j = randomSource(level, src, i, rng);
      tryAt(j % w, Math.floor(j / w));
    }
    for (let rad = Math.max(w, h) >> 2; rad >= 1 && bx >= 0; rad >>= 1) tryAt(Math.round(bx + (rng() * 2 - 1) * rad), Math.round(by + (rng() * 2 - 1) * rad));
    if (bx < 0) continue;
    fx[i] = bx;
    fy[i] = by;
    const s = (by * w + bx) * 3;
    d[i * 3] = d[s];
    d[i * 3 + 1] = d[s + 1];
    d[i * 3 + 2] = d[s + 2];
    known[i] = 1;
  }
}
