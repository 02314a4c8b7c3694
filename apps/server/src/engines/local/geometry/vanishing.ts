/**
 * Vanishing points of a photo from its line segments: sequential RANSAC over segment pairs
 * (the vertical family first, then two horizontal ones), each refined by least squares on the
 * Gaussian sphere; a focal length from two finite orthogonal vanishing points when they give a
 * plausible field of view (else ~55°); and a Manhattan frame when the three directions come out
 * near-orthogonal. A missing family is implied from the others (or the image's vertical).
 *
 * Image coordinates as the segments: continuous pixels, x right, y down. Camera directions are
 * K⁻¹·v with the principal point at the image centre: x right, y down, z forward.
 */
import { mulberry32 } from '../pixels/prng.js';
import type { VanishingPoint } from './plane.js';
import { segmentLength, type Segment } from './segments.js';
import { cross, dot, normalize, scale, smallestEigenvector, type Vec3 } from './linalg.js';

export interface VanishingFamily {
  point: VanishingPoint;
  /** Unit camera-space direction of the family's 3-D lines (sign arbitrary). */
  dir: Vec3;
  /** Indices of the segments that point at it. */
  members: number[];
  /** Summed length of those segments, pixels. */
  support: number;
  /** Not seen in the lines: completed from the frame (or the image's vertical). */
  implied: boolean;
}

export interface VanishingFrame {
  width: number;
  height: number;
  cx: number;
  cy: number;
  focal: number;
  focalFrom: 'vanishing-points' | 'assumed';
  vertical: VanishingFamily;
  /** Up to two horizontal families, best supported first. */
  horizontal: VanishingFamily[];
  /** The three directions are near-orthogonal (within 12°). */
  manhattan: boolean;
}

export interface VanishingOptions {
  /** Field of view assumed across the longer side when the lines do not give one, degrees. */
  assumedFovDeg?: number;
  /** Inlier tolerance: angle between a segment and the line from its midpoint to the point, degrees. */
  inlierDeg?: number;
  iterations?: number;
  seed?: number;
}

const RAD = Math.PI / 180;
/**
 * A segment within this angle of the direction to the vertical point may be a vertical (bent by
 * the lens, or off by more than the inlier tolerance). A second horizontal family made mostly of
 * such segments is none: seen steeply from below, a window's jambs converge a little downward and
 * passed for a depth direction on a horizon below the picture (the Charminar), the focal length
 * fitted to it and the courses rendered as a steep lattice.
 */
const NEAR_VERTICAL_DEG = 6;
/** ... this share of its members' length at most. */
const NEAR_VERTICAL_SHARE = 0.5;

/** Angle (radians, 0–π/2) between segment s and the direction from its midpoint to the homogeneous point v. */
export function segmentVpAngle(s: Segment, v: VanishingPoint): number {
  const mx = (s.x1 + s.x2) / 2;
  const my = (s.y1 + s.y2) / 2;
  const dx = v.x - mx * v.w;
  const dy = v.y - my * v.w;
  const sx = s.x2 - s.x1;
  const sy = s.y2 - s.y1;
  const n = Math.hypot(dx, dy) * Math.hypot(sx, sy);
  if (n === 0) return Math.PI / 2;
  return Math.acos(Math.min(1, Math.abs(dx * sx + dy * sy) / n));
}

interface Ctx {
  segs: Segment[];
  lens: number[];
  /** Each segment's interpretation plane normal on the Gaussian sphere (unit). */
  normals: Vec3[];
  cx: number;
  cy: number;
  f: number;
  tol: number;
  iterations: number;
  rnd: () => number;
}

const toPoint = (d: Vec3, c: Pick<Ctx, 'cx' | 'cy' | 'f'>): VanishingPoint => ({ x: c.f * d[0] + c.cx * d[2], y: c.f * d[1] + c.cy * d[2], w: d[2] });
const toDir = (v: VanishingPoint, c: Pick<Ctx, 'cx' | 'cy' | 'f'>): Vec3 => normalize([(v.x - c.cx * v.w) / c.f, (v.y - c.cy * v.w) / c.f, v.w]);

function inliers(ctx: Ctx, cand: number[], d: Vec3): { members: number[]; support: number } {
  const v = toPoint(d, ctx);
  const members: number[] = [];
  let support = 0;
  for (const i of cand) {
    if (segmentVpAngle(ctx.segs[i], v) < ctx.tol) {
      members.push(i);
      support += ctx.lens[i];
    }
  }
  return { members, support };
}

/** Least squares on the sphere: the unit d minimising Σ len·(n·d)² over the members. */
function refineDir(ctx: Ctx, members: number[]): Vec3 {
  const m = new Array(9).fill(0);
  for (const i of members) {
    const n = ctx.normals[i];
    const w = ctx.lens[i];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r * 3 + c] += w * n[r] * n[c];
  }
  return smallestEigenvector(m);
}

/** RANSAC over pairs of `cand` for the direction most segments point at, among those `accept` allows. */
function ransac(ctx: Ctx, cand: number[], accept: (d: Vec3) => boolean): VanishingFamily | null {
  if (cand.length < 2) return null;
  // Long segments are drawn more often: sample by cumulative length.
  const cum: number[] = [];
  let total = 0;
  for (const i of cand) cum.push((total += ctx.lens[i]));
  const pick = () => {
    const r = ctx.rnd() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return cand[lo];
  };
  let best: { d: Vec3; support: number; members: number[] } | null = null;
  for (let it = 0; it < ctx.iterations; it++) {
    const a = pick();
    const b = pick();
    if (a === b) continue;
    const c = cross(ctx.normals[a], ctx.normals[b]);
    if (Math.hypot(c[0], c[1], c[2]) < 1e-9) continue;
    const d = normalize(c);
    if (!accept(d)) continue;
    const inl = inliers(ctx, cand, d);
    if (!best || inl.support > best.support) best = { d, ...inl };
  }
  if (!best || best.members.length < 2) return null;
  let d = best.d;
  let inl = { members: best.members, support: best.support };
  for (let k = 0; k < 3; k++) {
    const r = refineDir(ctx, inl.members);
    if (!accept(r)) break;
    const next = inliers(ctx, cand, r);
    if (next.support < inl.support * 0.98) break;
    d = r;
    inl = next;
  }
  return { point: toPoint(d, ctx), dir: d, members: inl.members, support: inl.support, implied: false };
}

/**
 * The second horizontal family at focal length f: the direction orthogonal to the vertical and
 * the first family, refined freely while it stays within 3° of it; null when its segments run
 * mostly along the verticals.
 */
function orthogonalFamily(ctx0: Ctx, rest: number[], vertical: VanishingFamily, first: VanishingFamily, f: number): { point: VanishingPoint; members: number[]; support: number; f: number } | null {
  const ctx = { ...ctx0, f };
  const d2 = normalize(cross(toDir(vertical.point, ctx), toDir(first.point, ctx)));
  const refined = refineDir(ctx, inliers(ctx, rest, d2).members);
  const dir = Math.abs(dot(refined, d2)) > Math.cos(3 * RAD) ? refined : d2;
  const { members, support } = inliers(ctx, rest, dir);
  const alongVerticals = members.filter((i) => segmentVpAngle(ctx.segs[i], vertical.point) < NEAR_VERTICAL_DEG * RAD);
  if (alongVerticals.reduce((s, i) => s + ctx.lens[i], 0) > NEAR_VERTICAL_SHARE * support) return null;
  return { point: toPoint(dir, ctx), members, support, f };
}

/** Vanishing points of the segments of a w×h image. Deterministic for a given seed. */
export function estimateVanishing(segments: Segment[], w: number, h: number, opts: VanishingOptions = {}): VanishingFrame {
  const diag = Math.hypot(w, h);
  const assumedF = Math.max(w, h) / 2 / Math.tan(((opts.assumedFovDeg ?? 55) * RAD) / 2);
  const minLen = Math.max(8, diag * 0.015);
  const keep = segments.map((s, i) => [s, i] as const).filter(([s]) => segmentLength(s) >= minLen);
  const cx = w / 2;
  const cy = h / 2;
  const make = (f: number): Ctx => ({
    segs: segments,
    lens: segments.map(segmentLength),
    normals: segments.map((s) => normalize(cross([(s.x1 - cx) / f, (s.y1 - cy) / f, 1], [(s.x2 - cx) / f, (s.y2 - cy) / f, 1]))),
    cx,
    cy,
    f,
    tol: (opts.inlierDeg ?? 1.5) * RAD,
    iterations: opts.iterations ?? 600,
    rnd: mulberry32(opts.seed ?? 0x5eed),
  });
  let ctx = make(assumedF);
  const minSupport = diag * 0.08;

  // 1. The vertical family: among segments within 30° of the image vertical, a direction whose
  //    camera y dominates (a camera pitched up to ~60°).
  const steep = keep.filter(([s]) => Math.abs(s.x2 - s.x1) < Math.abs(s.y2 - s.y1) * Math.tan(30 * RAD)).map(([, i]) => i);
  let vertical = ransac(ctx, steep, (d) => Math.abs(d[1]) > 0.5);
  if (vertical && vertical.support < minSupport) vertical = null;
  const upGuess: Vec3 = vertical ? vertical.dir : [0, 1, 0];

  // 2. The strongest horizontal family: the rest, directions near-perpendicular to the vertical.
  const taken = new Set(vertical?.members ?? []);
  const horizontal: VanishingFamily[] = [];
  const restOf = () => keep.map(([, i]) => i).filter((i) => !taken.has(i));
  const first = ransac(ctx, restOf(), (d) => Math.abs(dot(d, upGuess)) < 0.45);
  if (first && first.support >= minSupport) {
    horizontal.push(first);
    for (const i of first.members) taken.add(i);
  }

  // 3. The second horizontal family and the focal length together: for each focal length of a
  //    plausible field of view, the direction orthogonal to the vertical and the first family
  //    is scored by the segments pointing at it; the best is refined freely, and the focal
  //    length is re-read from the two finite orthogonal points ((v1 − c)·(v2 − c) = −f²).
  let focal = assumedF;
  let focalFrom: VanishingFrame['focalFrom'] = 'assumed';
  if (vertical && horizontal.length === 1) {
    const rest = restOf();
    const scored: Array<{ f: number; support: number }> = [];
    for (let fov = 25; fov <= 110; fov += 1.5) {
      const f = Math.max(w, h) / 2 / Math.tan((fov * RAD) / 2);
      const c = { cx, cy, f };
      const d2 = normalize(cross(toDir(vertical.point, c), toDir(first!.point, c)));
      scored.push({ f, support: inliers({ ...ctx, f }, rest, d2).support });
    }
    // A flat score (a frontal view: the third point hardly moves with f) does not pick a focal
    // length: among the near-best, the one nearest the assumed field of view.
    const top = Math.max(...scored.map((s) => s.support));
    const best = scored.filter((s) => s.support >= top * 0.9).sort((a, b) => Math.abs(Math.log(a.f / assumedF)) - Math.abs(Math.log(b.f / assumedF)))[0] ?? null;
    const flat = Math.min(...scored.map((s) => s.support)) >= top * 0.7;
    const pick = best && best.support >= minSupport * 0.5 ? orthogonalFamily(ctx, rest, vertical, first!, flat ? assumedF : best.f) : null;
    if (pick) {
      focal = (flat ? null : focalFromPair(first!.point, pick.point, cx, cy, w, h)) ?? pick.f;
      focalFrom = flat ? 'assumed' : 'vanishing-points';
      ctx = { ...ctx, f: focal };
      horizontal.push({ point: pick.point, dir: toDir(pick.point, ctx), members: pick.members, support: pick.support, implied: false });
      for (const fam of [vertical, first!]) fam.dir = toDir(fam.point, ctx);
    } else {
      const f = focalFromPair(vertical.point, first!.point, cx, cy, w, h);
      if (f) {
        focal = f;
        focalFrom = 'vanishing-points';
        ctx = { ...ctx, f };
        for (const fam of [vertical, first!]) fam.dir = toDir(fam.point, ctx);
      }
    }
  }

  // No vertical lines (a floor, a street seen from above): a second family of the plane's lines,
  // the focal length from the pair, and the vertical as the normal of their plane (the horizon).
  let fromHorizon: Vec3 | null = null;
  if (!vertical && horizontal.length === 1) {
    const second = ransac(ctx, restOf(), (d) => Math.abs(dot(d, first!.dir)) < Math.cos(25 * RAD));
    if (second && second.support >= minSupport * 0.6) {
      const f = focalFromPair(first!.point, second.point, cx, cy, w, h);
      if (f) {
        focal = f;
        focalFrom = 'vanishing-points';
        ctx = { ...ctx, f };
      }
      for (const fam of [first!, second]) fam.dir = toDir(fam.point, ctx);
      horizontal.push(second);
      fromHorizon = normalize(cross(first!.dir, second.dir));
      if (fromHorizon[1] < 0) fromHorizon = scale(fromHorizon, -1);
    }
  }

  // 4. Complete the frame: no vertical family → the horizon's normal, else the image's vertical;
  //    one horizontal → its orthogonal.
  const impliedUp: Vec3 = fromHorizon ?? [0, 1, 0];
  const vert: VanishingFamily = vertical ?? { point: toPoint(impliedUp, ctx), dir: impliedUp, members: [], support: 0, implied: true };
  if (horizontal.length === 1) {
    const d = normalize(cross(vert.dir, horizontal[0].dir));
    horizontal.push({ point: toPoint(d, ctx), dir: d, members: [], support: 0, implied: true });
  }
  if (horizontal.length === 0) {
    // The camera's x axis made perpendicular to the vertical, and the depth direction.
    const x: Vec3 = [1, 0, 0];
    const a = normalize([x[0] - dot(x, vert.dir) * vert.dir[0], x[1] - dot(x, vert.dir) * vert.dir[1], x[2] - dot(x, vert.dir) * vert.dir[2]]);
    const b = normalize(cross(vert.dir, a));
    for (const d of [a, b]) horizontal.push({ point: toPoint(d, ctx), dir: d, members: [], support: 0, implied: true });
  }
  const ortho = Math.cos(78 * RAD);
  const all = [vert, ...horizontal];
  const manhattan = all.every((a, i) => all.every((b, j) => j <= i || Math.abs(dot(a.dir, b.dir)) < ortho)) && all.filter((f) => !f.implied).length >= 2;
  return { width: w, height: h, cx, cy, focal, focalFrom, vertical: vert, horizontal, manhattan };
}

/** f from two finite orthogonal vanishing points when the field of view it gives is plausible (25°–110°). */
function focalFromPair(a: VanishingPoint, b: VanishingPoint, cx: number, cy: number, w: number, h: number): number | null {
  const diag = Math.hypot(w, h);
  const finite = (v: VanishingPoint) => Math.abs(v.w) > 1e-9 && Math.hypot(v.x / v.w - cx, v.y / v.w - cy) < diag * 8;
  if (!finite(a) || !finite(b)) return null;
  const f2 = -((a.x / a.w - cx) * (b.x / b.w - cx) + (a.y / a.w - cy) * (b.y / b.w - cy));
  if (f2 <= 0) return null;
  const f = Math.sqrt(f2);
  const fov = 2 * Math.atan(Math.max(w, h) / 2 / f);
  return fov > 25 * RAD && fov < 110 * RAD ? f : null;
}
