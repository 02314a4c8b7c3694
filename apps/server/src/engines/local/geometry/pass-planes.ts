/**
 * Region planes from a model's passes (issue 31 part 3): the exact form of the photo estimate
 * (planes.ts), sharing its homography. A region's plane normal is the mean of its normals; its
 * position is where its pixels' depths put it (z along each pixel's ray, the camera's focal length
 * from the sender's field of view, else the one under which the regions are flattest); its
 * axes — u along the courses, v up a wall; u across and v away on a floor — follow the world's
 * vertical, read from the normals too (a floor's normal, or the cross product of two walls).
 * Without depth in metres the plane is placed like the estimate's (the region's height taken as
 * the building's). Source 'passes', confidence 1.
 */
import type { Plane } from '../pixels/image.js';
import { cross, dot, normalize, scale, type Vec3 } from './linalg.js';
import type { PlaneKind, RegionPlane } from './plane.js';
import { homography, orient, orthogonalTo, ray, regionStats, vpOf, type K, type Stats } from './camera-plane.js';
import type { ViewPasses } from './view-passes.js';
import { median } from '../pixels/stats.js';

const NOMINAL_UP: Vec3 = [0, -1, 0];
const EYE_M = 1.6;
/** Without the sender's field of view nor depth in metres: a 50 mm lens on a 36 mm sensor. */
const DEFAULT_FOCAL_OVER_WIDTH = 50 / 36;

const normalAt = (pv: ViewPasses, i: number): Vec3 => [pv.normal[i * 3], pv.normal[i * 3 + 1], pv.normal[i * 3 + 2]];
const hasSurface = (pv: ViewPasses, i: number) => pv.normal[i * 3] !== 0 || pv.normal[i * 3 + 1] !== 0 || pv.normal[i * 3 + 2] !== 0;

function sampleStep(n: number, want: number): number {
  return Math.max(1, Math.floor(n / want));
}

/**
 * The world's up in camera space: the mean normal of surfaces facing up (or down) within 35° of
 * the image's up, when they are 3 % of the surface; else the cross product of the two main wall
 * directions; else the image's up (a level camera).
 */
export function viewUp(pv: ViewPasses): Vec3 {
  const n = pv.width * pv.height;
  const step = sampleStep(n, 40_000);
  const cos35 = Math.cos((35 * Math.PI) / 180);
  const sin35 = Math.sin((35 * Math.PI) / 180);
  let total = 0;
  let level = 0;
  const sum: Vec3 = [0, 0, 0];
  const walls: Vec3[] = [];
  for (let i = 0; i < n; i += step) {
    if (!hasSurface(pv, i)) continue;
    total++;
    const nv = normalAt(pv, i);
    const c = dot(nv, NOMINAL_UP);
    if (Math.abs(c) >= cos35) {
      level++;
      const s = Math.sign(c);
      sum[0] += nv[0] * s;
      sum[1] += nv[1] * s;
      sum[2] += nv[2] * s;
    } else if (Math.abs(c) < sin35) walls.push(nv);
  }
  if (total > 0 && level >= total * 0.03) return normalize(sum);
  const main = dominantDirection(walls, null);
  const second = main && dominantDirection(walls, main);
  if (main && second) {
    let up = normalize(cross(main, second));
    if (dot(up, NOMINAL_UP) < 0) up = scale(up, -1);
    if (dot(up, NOMINAL_UP) >= cos35) return up;
  }
  return NOMINAL_UP;
}

/** The most common direction (mean of the normals within 10° of the best of a few candidates), at least 30° from `not`. */
function dominantDirection(normals: Vec3[], not: Vec3 | null): Vec3 | null {
  const cos10 = Math.cos((10 * Math.PI) / 180);
  const cos30 = Math.cos((30 * Math.PI) / 180);
  const pool = not ? normals.filter((v) => Math.abs(dot(v, not)) < cos30) : normals;
  if (pool.length < 16) return null;
  const step = sampleStep(pool.length, 200);
  let best: Vec3 | null = null;
  let bestCount = 0;
  for (let k = 0; k < pool.length; k += step) {
    const c = pool[k];
    let count = 0;
    for (let j = 0; j < pool.length; j += step) if (dot(pool[j], c) >= cos10) count++;
    if (count > bestCount) {
      bestCount = count;
      best = c;
    }
  }
  if (!best || bestCount * step < pool.length * 0.05) return null;
  const sum: Vec3 = [0, 0, 0];
  for (const v of pool)
    if (dot(v, best) >= cos10) {
      sum[0] += v[0];
      sum[1] += v[1];
      sum[2] += v[2];
    }
  return normalize(sum);
}

interface RegionSample {
  xs: number[];
  ys: number[];
  zs: number[];
  normal: Vec3;
}

/** Up to ~1,500 surface pixels of a region (off its edge) with their depth, and its mean normal. */
function sampleRegion(pv: ViewPasses, mask: Plane): RegionSample | null {
  const xs: number[] = [];
  const ys: number[] = [];
  const zs: number[] = [];
  const sum: Vec3 = [0, 0, 0];
  let count = 0;
  const n = pv.width * pv.height;
  for (let i = 0; i < n; i++) if (mask.d[i] > 0.5 && hasSurface(pv, i)) count++;
  if (count < 16) return null;
  const step = sampleStep(count, 1500);
  let k = 0;
  const w = pv.width;
  // Inside the region, off its edge: edge pixels blend two surfaces (a renderer's pixel filter).
  const inner = (i: number) => {
    const x = i % w;
    return x > 0 && x < w - 1 && i >= w && i < n - w && mask.d[i - 1] > 0.5 && mask.d[i + 1] > 0.5 && mask.d[i - w] > 0.5 && mask.d[i + w] > 0.5;
  };
  for (let i = 0; i < n; i++) {
    if (!(mask.d[i] > 0.5) || !hasSurface(pv, i)) continue;
    sum[0] += pv.normal[i * 3];
    sum[1] += pv.normal[i * 3 + 1];
    sum[2] += pv.normal[i * 3 + 2];
    if (k++ % step || (count > 200 && !inner(i))) continue;
    const z = pv.depth ? pv.depth[i] : NaN;
    if (pv.depth && !Number.isFinite(z)) continue;
    xs.push((i % pv.width) + 0.5);
    ys.push(Math.floor(i / pv.width) + 0.5);
    zs.push(z);
  }
  return { xs, ys, zs, normal: normalize(sum) };
}

/** How far the regions' points are from flat under focal f: their offsets' median spread along the normal, relative. */
function flatness(samples: RegionSample[], f: number, cx: number, cy: number): number {
  let err = 0;
  for (const s of samples) {
    const [nx, ny, nz] = s.normal;
    const offs = s.xs.map((x, k) => s.zs[k] * ((nx * (x - cx)) / f + (ny * (s.ys[k] - cy)) / f + nz));
    // Robust: the median deviation (a few pixels may blend surfaces or reach the horizon).
    const mid = median(offs);
    err += median(offs.map((o) => Math.abs(o - mid))) / Math.max(1e-9, Math.abs(mid));
  }
  return err;
}

/**
 * The focal length (pixels): from the sender's field of view; else, with depth in metres, the one
 * under which the regions are flattest (a golden-section search from 10° to 120° across); else a
 * 50 mm lens on a 36 mm sensor.
 */
export function viewFocal(pv: ViewPasses, samples: RegionSample[]): number {
  const w = pv.width;
  if (pv.fovDeg && pv.fovDeg > 0 && pv.fovDeg < 179) return w / 2 / Math.tan((pv.fovDeg * Math.PI) / 360);
  const usable = samples.filter((s) => s.zs.length >= 16 && s.zs.every(Number.isFinite));
  if (!pv.depth || usable.length === 0) return w * DEFAULT_FOCAL_OVER_WIDTH;
  const fOf = (deg: number) => w / 2 / Math.tan((deg * Math.PI) / 360);
  let a = Math.log(fOf(120));
  let b = Math.log(fOf(10));
  const g = (Math.sqrt(5) - 1) / 2;
  const cost = (lf: number) => flatness(usable, Math.exp(lf), pv.width / 2, pv.height / 2);
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = cost(c);
  let fd = cost(d);
  for (let it = 0; it < 60; it++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = cost(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = cost(d);
    }
  }
  return Math.exp((a + b) / 2);
}

function kindOf(normal: Vec3, up: Vec3, p0: Vec3): PlaneKind {
  const c = dot(normal, up);
  if (Math.abs(c) < 0.5) return 'wall';
  // Facing up: a floor below the eye, a roof above it; facing down: a ceiling.
  return c > 0 && dot(p0, up) < 0 ? 'floor' : 'roof';
}

function planeOf(pv: ViewPasses, k: K, up: Vec3, mask: Plane, sample: RegionSample, stats: Stats, realHeightM: number): RegionPlane | null {
  let normal = sample.normal;
  const centre = ray(k, stats.cx, stats.cy);
  // Normals face the camera: n · ray < 0.
  if (dot(normal, centre) > 0) normal = scale(normal, -1);
  const facing = dot(normal, centre);
  if (Math.abs(facing) < 1e-3) return null;
  let p0: Vec3;
  let metres: (range: { u: number; v: number }) => number;
  if (pv.depth && sample.zs.length >= 16) {
    // n · X = c for every point X = z · ray(x, y) of the region: the median c places the plane.
    const c = median(sample.xs.map((x, i) => sample.zs[i] * dot(normal, ray(k, x, sample.ys[i]))));
    p0 = scale(centre, c / facing);
    metres = () => 1;
  } else {
    p0 = centre;
    const c = dot(normal, up);
    // A floor EYE_M below the eye; anything else: the region's height is the building's.
    metres = Math.abs(c) >= 0.5 && c > 0 ? () => EYE_M / Math.max(1e-6, -dot(p0, up)) : (r) => realHeightM / r.v;
  }
  const kind = kindOf(normal, up, p0);
  let a: Vec3;
  let b: Vec3;
  if (kind === 'wall') {
    b = orient(k, p0, orthogonalTo(up, normal), 0, -1);
    a = orient(k, p0, normalize(cross(b, normal)), 1, 0);
  } else {
    a = orient(k, p0, orthogonalTo([1, 0, 0], normal), 1, 0);
    b = normalize(cross(normal, a));
    if (dot(b, p0) < 0) b = scale(b, -1);
  }
  if (![...a, ...b, ...p0].every(Number.isFinite)) return null;
  const toPlane = homography(k, a, b, p0, mask, stats, metres);
  if (!toPlane) return null;
  return { kind, toPlane, vanishing: [vpOf(k, a), vpOf(k, b)], source: 'passes', confidence: 1 };
}

/**
 * The plane of each region (masks of the passes' size; null: a region without surface). One
 * vertical and one focal length for the view.
 */
export function passPlanes(pv: ViewPasses, masks: Array<Plane | undefined>, realHeightCm = 1000): Array<RegionPlane | null> {
  const samples = masks.map((m) => (m ? sampleRegion(pv, m) : null));
  const focal = viewFocal(
    pv,
    samples.filter((s): s is RegionSample => s !== null),
  );
  const k: K = { focal, cx: pv.width / 2, cy: pv.height / 2 };
  const up = viewUp(pv);
  return masks.map((mask, i) => {
    const sample = samples[i];
    const stats = mask && sample ? regionStats(mask) : null;
    return mask && sample && stats ? planeOf(pv, k, up, mask, sample, stats, realHeightCm / 100) : null;
  });
}
