/**
 * Whether a façade region shows a building's corner, decided a contrario (issue 30 part 1): the
 * region's line evidence — its segments that are not vertical, and the straight pieces of its top
 * and bottom outline (a cornice against the sky, a plinth against the ground) — is cut on a line
 * of the vertical pencil, and each side's evidence is asked for the horizontal vanishing point
 * (a point on the horizon, one angle) that most of it points at. A side "has" a point when the
 * number of its observations pointing there would be unlikely under random directions
 * (binomial tail, nfa.ts), counting every cut and angle tried; a corner is two sides whose
 * meaningful points differ, each side's count far above what the other side's point gets, and
 * the two faces receding from the corner (a convex corner). A short face with a few consistent
 * lines passes; a flat façade with stray lines does not, whatever their length.
 */
import type { Plane } from '../pixels/image.js';
import { cross, dot, normalize, type Vec3 } from './linalg.js';
import { orient, orthogonalTo, ray, vpOf, type Stats } from './camera-plane.js';
import { logBinomialTail } from './nfa.js';
import { segmentsIn } from './roof.js';
import { segmentLength, type Segment } from './segments.js';
import { segmentVpAngle, type VanishingFrame } from './vanishing.js';
import { pencilX } from './pencil.js';
import { outlinePieces } from './outline.js';

export interface Corner {
  /** The cut: the pencil line crossing the region's centre row at this x. */
  cut: number;
  /** Camera directions of the left and the right face's courses. */
  dirs: [Vec3, Vec3];
  /** log10 NFA of the weaker face's point (< 0: meaningful). */
  logNfa: number;
  /** The pencil span of the run of cuts around `cut` that all show the corner (where its edge may be). */
  span: [number, number];
}

const ANGLES = 180;
/** The strongest horizontal point sets the horizon when it lies within this many image diagonals of the centre. */
const HORIZON_REACH = 3;
/** A face's courses are horizontal: within this angle of square to the vertical (sine). */
const MAX_SIN_TILT = Math.sin((15 * Math.PI) / 180);
const TOL = (2 * Math.PI) / 180;
/** Chance that a random direction lies within TOL of a given point's direction. */
const P_ALIGNED = (2 * TOL) / Math.PI;
const CUTS = 48;
/** A face holds at least this share of the region's observations' span. */
const MIN_SIDE = 0.08;
/** log10 of how much more likely a side's own point explains it than the other side's point. */
const MIN_PREFERENCE = 2;
/** The two faces' courses meet at 90° ± 35° (the focal length read from the lines is loose). */
const MAX_COS_CORNER = Math.cos((55 * Math.PI) / 180);

interface Observation {
  seg: Segment;
  t: number;
}

/**
 * The horizontal directions the faces' courses may take, one per image angle θ seen from (x0, y0):
 * their points lie on the horizon. The horizon is square to the line from the image centre to
 * the vertical point and passes through the photo's strongest horizontal point — not where the
 * frame's focal length puts it: that length, read from weak lines, is loose, while the strongest
 * point is the best-read point of the horizon. With no horizontal point, the frame's horizon.
 */
function horizonDirections(frame: VanishingFrame, x0: number, y0: number): Vec3[] {
  const v = frame.vertical.point;
  const first = frame.horizontal.find((f) => !f.implied)?.point;
  const nx = v.x - frame.cx * v.w;
  const ny = v.y - frame.cy * v.w;
  const norm = Math.hypot(nx, ny);
  let horizon: Vec3 | null = null;
  const reach = HORIZON_REACH * Math.hypot(frame.width, frame.height);
  // A far point fixes the horizon's height near the picture poorly (a small tilt moves it a lot).
  if (first && Math.abs(first.w) > 1e-9 && norm > 1e-12 && Math.hypot(first.x / first.w - frame.cx, first.y / first.w - frame.cy) < reach) {
    const [px, py] = [first.x / first.w, first.y / first.w];
    horizon = [nx / norm, ny / norm, -(nx * px + ny * py) / norm];
  }
  const up = frame.vertical.dir;
  const e1 = orthogonalTo([1, 0, 0], up);
  const e2 = normalize(cross(up, e1));
  return Array.from({ length: ANGLES }, (_, k) => {
    const th = (k * Math.PI) / ANGLES;
    if (!horizon) return normalize([Math.cos(th) * e1[0] + Math.sin(th) * e2[0], Math.cos(th) * e1[1] + Math.sin(th) * e2[1], Math.cos(th) * e1[2] + Math.sin(th) * e2[2]]);
    const p = cross(horizon, cross([x0, y0, 1], [x0 + Math.cos(th), y0 + Math.sin(th), 1]));
    return normalize([(p[0] - frame.cx * p[2]) / frame.focal, (p[1] - frame.cy * p[2]) / frame.focal, p[2]]);
  });
}

/** The region's corner, or null when its evidence shows one face (or the frame has no vertical). */
export function findCorner(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats): Corner | null {
  if (frame.vertical.implied) return null;
  const y0 = stats.cy;
  const diag = Math.hypot(frame.width, frame.height);
  const minLen = Math.max(8, diag * 0.01);
  const vertical = new Set(frame.vertical.members);
  const obs: Observation[] = [];
  for (const i of segmentsIn(segs, mask)) {
    const g = segs[i];
    if (vertical.has(i) || segmentLength(g) < minLen) continue;
    obs.push({ seg: g, t: pencilX(frame, y0, (g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2) });
  }
  for (const g of outlinePieces(mask, stats, minLen)) obs.push({ seg: g, t: pencilX(frame, y0, (g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2) });
  const valid = obs.filter((o) => Number.isFinite(o.t)).sort((a, b) => a.t - b.t);
  const n = valid.length;
  if (n < 8) return null;

  const dirs = horizonDirections(frame, stats.cx, y0);
  // prefix[k][i]: how many of the first i observations (by pencil position) point at angle k's point.
  const prefix = dirs.map((d) => {
    const vp = vpOf(frame, d);
    const cum = new Int32Array(n + 1);
    valid.forEach((o, i) => (cum[i + 1] = cum[i] + (segmentVpAngle(o.seg, vp) < TOL ? 1 : 0)));
    return cum;
  });
  const logTests = Math.log10(CUTS * ANGLES * ANGLES);
  const tMin = valid[0].t;
  const tMax = valid[n - 1].t;
  const shown = new Array<boolean>(CUTS).fill(false);
  let best: (Omit<Corner, 'span'> & { c: number }) | null = null;
  for (let c = 1; c < CUTS; c++) {
    const cut = tMin + ((tMax - tMin) * c) / CUTS;
    let split = 0;
    while (split < n && valid[split].t < cut) split++;
    const nL = split;
    const nR = n - split;
    if (nL < n * MIN_SIDE || nR < n * MIN_SIDE) continue;
    const side = (from: number, to: number, count: number) => {
      let k0 = 0;
      let kBest = -1;
      for (let k = 0; k < ANGLES; k++) {
        const m = prefix[k][to] - prefix[k][from];
        if (m > kBest) {
          kBest = m;
          k0 = k;
        }
      }
      return { k: k0, tail: logBinomialTail(count, kBest, P_ALIGNED) };
    };
    const L = side(0, split, nL);
    const R = side(split, n, nR);
    const logNfa = logTests + Math.max(L.tail, R.tail);
    if (logNfa >= 0) continue;
    // Each side prefers its own point by far over the other side's.
    const tailAt = (k: number, from: number, to: number, count: number) => logBinomialTail(count, prefix[k][to] - prefix[k][from], P_ALIGNED);
    const prefL = tailAt(R.k, 0, split, nL) - L.tail;
    const prefR = tailAt(L.k, split, n, nR) - R.tail;
    if (prefL < MIN_PREFERENCE || prefR < MIN_PREFERENCE) continue;
    const p = ray(frame, cut, y0);
    const dL = orient(frame, p, dirs[L.k], -1, 0);
    const dR = orient(frame, p, dirs[R.k], 1, 0);
    // A convex corner: each face recedes from it (depth grows along it), or runs across the view.
    if (dL[2] < -0.05 || dR[2] < -0.05) continue;
    if (Math.abs(dot(dL, frame.vertical.dir)) > MAX_SIN_TILT || Math.abs(dot(dR, frame.vertical.dir)) > MAX_SIN_TILT) continue;
    // The faces of a building's corner meet near a right angle (not a flat façade's two halves).
    if (Math.abs(dot(dL, dR)) > MAX_COS_CORNER) continue;
    shown[c] = true;
    if (!best || logNfa < best.logNfa) best = { cut, dirs: [dL, dR], logNfa, c };
  }
  if (!best) return null;
  let c0 = best.c;
  let c1 = best.c;
  while (c0 > 1 && shown[c0 - 1]) c0--;
  while (c1 < CUTS - 1 && shown[c1 + 1]) c1++;
  const at = (c: number) => tMin + ((tMax - tMin) * c) / CUTS;
  return { cut: best.cut, dirs: best.dirs, logNfa: best.logNfa, span: [at(c0 - 1), at(c1 + 1)] };
}
