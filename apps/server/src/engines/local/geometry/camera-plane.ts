/**
 * The camera and plane arithmetic every plane source shares (the photo estimate, its faces and
 * roofs, a view's passes): a region's pixel statistics, rays and vanishing points of a pinhole
 * camera, and the homography from the image to a plane's metric coordinates.
 */
import type { Plane } from '../pixels/image.js';
import { applyH, dot, invert3, mulMat, normalize, scale, type Vec3 } from './linalg.js';
import type { VanishingFrame } from './vanishing.js';
import type { VanishingPoint } from './plane.js';

/** Regions smaller than this many pixels get no plane. */
const MIN_PIXELS = 64;

export interface Stats {
  n: number;
  cx: number;
  cy: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function regionStats(mask: Plane): Stats | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const { w, h, d } = mask;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (d[y * w + x] <= 0.5) continue;
      n++;
      sx += x + 0.5;
      sy += y + 0.5;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  if (n < MIN_PIXELS) return null;
  return { n, cx: sx / n, cy: sy / n, minX, maxX: maxX + 1, minY, maxY: maxY + 1 };
}

/** A pinhole camera: focal length and principal point, pixels. */
export type K = Pick<VanishingFrame, 'focal' | 'cx' | 'cy'>;
const kMat = (k: K) => [k.focal, 0, k.cx, 0, k.focal, k.cy, 0, 0, 1];
export const ray = (k: K, x: number, y: number): Vec3 => [(x - k.cx) / k.focal, (y - k.cy) / k.focal, 1];
const project = (k: K, p: Vec3): [number, number] => [k.cx + (k.focal * p[0]) / p[2], k.cy + (k.focal * p[1]) / p[2]];
export const vpOf = (k: K, d: Vec3): VanishingPoint => ({ x: k.focal * d[0] + k.cx * d[2], y: k.focal * d[1] + k.cy * d[2], w: d[2] });
export const orthogonalTo = (a: Vec3, n: Vec3): Vec3 => normalize([a[0] - dot(a, n) * n[0], a[1] - dot(a, n) * n[1], a[2] - dot(a, n) * n[2]]);

/** Turns `d` so that a small step along it from p moves the image point in direction (ix, iy). */
export function orient(k: K, p: Vec3, d: Vec3, ix: number, iy: number): Vec3 {
  const eps = 1e-3 * Math.hypot(p[0], p[1], p[2]);
  const a = project(k, p);
  const b = project(k, [p[0] + d[0] * eps, p[1] + d[1] * eps, p[2] + d[2] * eps]);
  return (b[0] - a[0]) * ix + (b[1] - a[1]) * iy >= 0 ? d : scale(d, -1);
}

/** Angle (degrees, 0–90) between the image lines along 3-D directions d1 and d2 through the point p. */
export function imageLineAngle(k: K, p: Vec3, d1: Vec3, d2: Vec3): number {
  const step = (d: Vec3) => {
    const eps = 1e-3 * Math.hypot(p[0], p[1], p[2]);
    const a = project(k, p);
    const b = project(k, [p[0] + d[0] * eps, p[1] + d[1] * eps, p[2] + d[2] * eps]);
    return [b[0] - a[0], b[1] - a[1]];
  };
  const [u, v] = [step(d1), step(d2)];
  const c = Math.abs(u[0] * v[0] + u[1] * v[1]) / Math.max(1e-12, Math.hypot(u[0], u[1]) * Math.hypot(v[0], v[1]));
  return (Math.acos(Math.min(1, c)) * 180) / Math.PI;
}

/**
 * toPlane for the plane through p0 spanned by unit directions a (u) and b (v), in the units of
 * p0, then scaled by s and shifted so the region's 2nd-percentile (u, v) is the origin.
 */
export function homography(k: K, a: Vec3, b: Vec3, p0: Vec3, mask: Plane, stats: Stats, metres: (range: { u: number; v: number }) => number): number[] | null {
  const km = kMat(k);
  // Columns K·a, K·b, K·p0: plane (u, v, 1) → image.
  const cols = [a, b, p0].map((c) => [km[0] * c[0] + km[2] * c[2], km[4] * c[1] + km[5] * c[2], c[2]]);
  const toImage = [cols[0][0], cols[1][0], cols[2][0], cols[0][1], cols[1][1], cols[2][1], cols[0][2], cols[1][2], cols[2][2]];
  const inv = invert3(toImage);
  if (!inv) return null;
  // The region's extent in the plane (pixels sampled on a grid; points beyond the horizon dropped).
  const us: number[] = [];
  const vs: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt(stats.n / 4000)));
  for (let y = stats.minY; y < stats.maxY; y += step)
    for (let x = stats.minX; x < stats.maxX; x += step) {
      if (mask.d[y * mask.w + x] <= 0.5) continue;
      const w = inv[6] * (x + 0.5) + inv[7] * (y + 0.5) + inv[8];
      if (w <= 1e-9) continue;
      const q = applyH(inv, x + 0.5, y + 0.5);
      if (!q) continue;
      us.push(q[0]);
      vs.push(q[1]);
    }
  if (us.length < 16) return null;
  us.sort((p, q) => p - q);
  vs.sort((p, q) => p - q);
  const pct = (arr: number[], t: number) => arr[Math.min(arr.length - 1, Math.floor(arr.length * t))];
  const u0 = pct(us, 0.02);
  const v0 = pct(vs, 0.02);
  const s = metres({ u: pct(us, 0.98) - u0, v: pct(vs, 0.98) - v0 });
  if (!Number.isFinite(s) || s <= 0) return null;
  return mulMat([s, 0, -s * u0, 0, s, -s * v0, 0, 0, 1], inv);
}
