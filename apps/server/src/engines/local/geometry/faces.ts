/**
 * A façade region split into its faces (issue 30 part 1): a corner building shows two faces
 * whose courses recede to the two horizontal vanishing points, and one plane for both would turn
 * one face's courses toward the other's point. The boundary between faces is the corner: an
 * image line through the vertical vanishing point. Each line of that pencil is named by where it
 * crosses the region's centre row (`pencilX`); the cut is the pencil line that best separates the
 * two horizontal families' segments (one family's left of it, the other's right of it), moved
 * onto the longest vertical segment near it (the corner's own edge) when there is one.
 */
import { newPlane, type Plane } from '../pixels/image.js';
import { cross, normalize, smallestEigenvector } from './linalg.js';
import { ray, regionStats, vpOf, type Stats } from './camera-plane.js';
import { segmentsIn } from './roof.js';
import { findCorner } from './corner-evidence.js';
import { segmentLength, type Segment } from './segments.js';
import { segmentVpAngle, type VanishingFamily, type VanishingFrame } from './vanishing.js';
import { pencilX } from './pencil.js';

export interface Face {
  /** 1 inside the face (a part of the region's mask). */
  mask: Plane;
  stats: Stats;
  /** The horizontal family its courses recede to. */
  family: VanishingFamily;
}

const BINS = 160;
/** A face holds at least this share of the region's pixels. */
const MIN_SHARE = 0.08;
/** On each side, its family's support is at least this many times the other's. */
const DOMINANCE = 2;
/** The corner evidence's cut moves onto a vertical edge this share of the region's width away at most. */
const EDGE_REACH = 0.1;
/** Vertical segments within this many pixels (along the pencil) add up as one edge. */
const EDGE_BIN = 3;

/**
 * The region's faces, left to right, or null when its lines show one face: first by the length
 * of the photo's two horizontal families on either side of the cut; when that finds no corner
 * (a short face has few long lines), by the a-contrario corner evidence (corner-evidence.ts).
 */
export function splitFaces(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats): Face[] | null {
  return splitBySupport(frame, segs, mask, stats) ?? splitByEvidence(frame, segs, mask, stats);
}

const insideOf = (mask: Plane) => (x: number, y: number) => {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  return xi >= 0 && yi >= 0 && xi < mask.w && yi < mask.h && mask.d[yi * mask.w + xi] > 0.5;
};

/** The region's pixels left and right of the pencil line through (cut, stats.cy). */
function cutMasks(frame: VanishingFrame, mask: Plane, stats: Stats, cut: number): [Plane, Plane] {
  const { w } = mask;
  const masks: [Plane, Plane] = [newPlane(w, mask.h), newPlane(w, mask.h)];
  for (let y = stats.minY; y < stats.maxY; y++)
    for (let x = stats.minX; x < stats.maxX; x++) {
      const i = y * w + x;
      if (mask.d[i] <= 0.5) continue;
      const t = pencilX(frame, stats.cy, x + 0.5, y + 0.5);
      masks[t < cut ? 0 : 1].d[i] = 1;
    }
  return masks;
}

/** Faces from the corner evidence: the cut moved onto the corner's own edge when one is near, each face's courses along its side's direction. */
function splitByEvidence(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats): Face[] | null {
  const corner = findCorner(frame, segs, mask, stats);
  if (!corner) return null;
  const near = EDGE_REACH * (stats.maxX - stats.minX);
  const cut = cornerEdge(frame, segs, insideOf(mask), stats.cy, corner.span[0] - near, corner.span[1] + near) ?? corner.cut;
  const masks = cutMasks(frame, mask, stats, cut);
  const faces: Face[] = [];
  for (const [k, m] of masks.entries()) {
    const st = regionStats(m);
    if (!st || st.n < stats.n * MIN_SHARE) return null;
    const dir = corner.dirs[k];
    const point = vpOf(frame, dir);
    const members = segmentsIn(segs, m).filter((i) => segmentVpAngle(segs[i], point) < REFINE_TOL);
    const family: VanishingFamily = { point, dir, members, support: members.reduce((s, i) => s + segmentLength(segs[i]), 0), implied: false };
    if (pointInside(family, st)) return null;
    // Not refitted freely (refineInFace): a short face's few lines would pull its point off the horizon.
    faces.push({ mask: m, stats: st, family });
  }
  return faces;
}

/** By the photo's two horizontal families: the cut between them, each side dominated by one. */
function splitBySupport(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats): Face[] | null {
  const fams = frame.horizontal.filter((f) => !f.implied);
  if (fams.length < 2 || frame.vertical.implied) return null;
  const { w } = mask;
  const inside = insideOf(mask);
  const y0 = stats.cy;
  // The region's extent along the pencil (pixels sampled).
  let lo = Infinity;
  let hi = -Infinity;
  const step = Math.max(1, Math.floor(Math.sqrt(stats.n / 3000)));
  for (let y = stats.minY; y < stats.maxY; y += step)
    for (let x = stats.minX; x < stats.maxX; x += step) {
      if (mask.d[y * w + x] <= 0.5) continue;
      const t = pencilX(frame, y0, x + 0.5, y + 0.5);
      if (!Number.isFinite(t)) continue;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
  if (!(hi - lo > 8)) return null;
  const bin = (t: number) => Math.max(0, Math.min(BINS - 1, Math.floor(((t - lo) / (hi - lo)) * BINS)));

  // Each family's segment length inside the region, by pencil position (sampled every ~3 px along each segment).
  const hist = fams.slice(0, 2).map((fam) => {
    const hgram = new Float64Array(BINS);
    for (const i of fam.members) {
      const g = segs[i];
      const len = segmentLength(g);
      const n = Math.max(2, Math.ceil(len / 3));
      for (let k = 0; k < n; k++) {
        const x = g.x1 + ((g.x2 - g.x1) * (k + 0.5)) / n;
        const y = g.y1 + ((g.y2 - g.y1) * (k + 0.5)) / n;
        if (!inside(x, y)) continue;
        const t = pencilX(frame, y0, x, y);
        if (Number.isFinite(t)) hgram[bin(t)] += len / n;
      }
    }
    return hgram;
  });
  const total = hist.map((hg) => hg.reduce((s, v) => s + v, 0));
  if (Math.min(...total) < 0.3 * Math.sqrt(stats.n)) return null;

  // The cut (between bins c − 1 and c) with the most support on the right side of each family, either way round.
  const left = hist.map((hg) => {
    const cum = new Float64Array(BINS + 1);
    for (let b = 0; b < BINS; b++) cum[b + 1] = cum[b] + hg[b];
    return cum;
  });
  const score = (c: number, order: 0 | 1) => {
    const [a, b] = order === 0 ? [0, 1] : [1, 0];
    return left[a][c] + (total[b] - left[b][c]);
  };
  let best = -1;
  let order: 0 | 1 = 0;
  for (let c = 1; c < BINS; c++)
    for (const o of [0, 1] as const)
      if (score(c, o) > best + 1e-9) {
        best = score(c, o);
        order = o;
      }
  // All cuts scoring the best form a run (the gap between the two families): cut in its middle.
  let c0 = BINS;
  let c1 = 0;
  for (let c = 1; c < BINS; c++)
    if (score(c, order) >= best - 1e-9) {
      c0 = Math.min(c0, c);
      c1 = Math.max(c1, c);
    }
  const at = (c: number) => lo + ((hi - lo) * c) / BINS;
  let cut = (at(c0) + at(c1)) / 2;
  cut = cornerEdge(frame, segs, inside, y0, at(c0) - (hi - lo) / BINS, at(c1) + (hi - lo) / BINS) ?? cut;

  const [famL, famR] = order === 0 ? [0, 1] : [1, 0];
  const cc = bin(cut);
  const sideL = [left[famL][cc], left[famR][cc]];
  const sideR = [total[famR] - left[famR][cc], total[famL] - left[famL][cc]];
  if (sideL[0] < DOMINANCE * sideL[1] || sideR[0] < DOMINANCE * sideR[1]) return null;

  const masks = cutMasks(frame, mask, stats, cut);
  const faces: Face[] = [];
  for (const [k, fam] of [famL, famR].entries()) {
    const st = regionStats(masks[k]);
    if (!st || st.n < stats.n * MIN_SHARE) return null;
    const sup = k === 0 ? sideL[0] : sideR[0];
    if (sup < 0.3 * Math.sqrt(st.n) || pointInside(fams[fam], st)) return null;
    faces.push({ mask: masks[k], stats: st, family: refineInFace(frame, segs, fams[fam], masks[k]) });
  }
  return faces;
}

/**
 * The pencil position between t0 and t1 with the most vertical segment length on the region's
 * edge or inside it (the corner's edge: an arris often comes out of the detector in pieces,
 * which add up here), if any.
 */
function cornerEdge(frame: VanishingFrame, segs: Segment[], inside: (x: number, y: number) => boolean, y0: number, t0: number, t1: number): number | null {
  const bins = Math.max(1, Math.ceil((t1 - t0) / EDGE_BIN));
  const len = new Float64Array(bins);
  const sumT = new Float64Array(bins);
  for (const i of frame.vertical.members) {
    const g = segs[i];
    const mx = (g.x1 + g.x2) / 2;
    const my = (g.y1 + g.y2) / 2;
    // On the region's edge, the corner's line has region pixels on at least one side.
    if (!inside(mx, my) && !inside(mx - 2, my) && !inside(mx + 2, my)) continue;
    const t = pencilX(frame, y0, mx, my);
    if (!(t >= t0 && t < t1)) continue;
    const b = Math.min(bins - 1, Math.floor((t - t0) / EDGE_BIN));
    len[b] += segmentLength(g);
    sumT[b] += segmentLength(g) * t;
  }
  let best = -1;
  let bestLen = 0;
  for (let b = 0; b < bins; b++) {
    const around = len[b] + (b > 0 ? len[b - 1] : 0) + (b + 1 < bins ? len[b + 1] : 0);
    if (len[b] > 0 && around > bestLen) {
      bestLen = around;
      best = b;
    }
  }
  if (best < 0) return null;
  let [l, st] = [0, 0];
  for (let b = Math.max(0, best - 1); b <= Math.min(bins - 1, best + 1); b++) {
    l += len[b];
    st += sumT[b];
  }
  return st / l;
}

/** A face's courses cannot run to a point inside it (that face would be seen edge-on, with no area). */
function pointInside(fam: VanishingFamily, st: Stats): boolean {
  const p = fam.point;
  if (Math.abs(p.w) < 1e-12) return false;
  const x = p.x / p.w;
  const y = p.y / p.w;
  return x >= st.minX && x <= st.maxX && y >= st.minY && y <= st.maxY;
}

const REFINE_TOL = (3 * Math.PI) / 180;

/**
 * The family's point refitted to the face's own segments (least squares on the Gaussian sphere,
 * weighted by length): the frame's point is fitted to the whole photo, where the weaker family's
 * few segments leave it loose.
 */
function refineInFace(frame: VanishingFrame, segs: Segment[], fam: VanishingFamily, mask: Plane): VanishingFamily {
  const members = segmentsIn(segs, mask).filter((i) => segmentVpAngle(segs[i], fam.point) < REFINE_TOL);
  if (members.length < 3) return fam;
  const m = new Array<number>(9).fill(0);
  let support = 0;
  for (const i of members) {
    const g = segs[i];
    const n = normalize(cross(ray(frame, g.x1, g.y1), ray(frame, g.x2, g.y2)));
    const len = segmentLength(g);
    support += len;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r * 3 + c] += len * n[r] * n[c];
  }
  const dir = smallestEigenvector(m);
  return { ...fam, dir, point: vpOf(frame, dir), members, support };
}
