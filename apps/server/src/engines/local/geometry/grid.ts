/**
 * A region's plane drawn as a grid: the image polylines of the plane's u and v lines (every
 * metre, coarser when that would be too many), clipped to the region. For showing the geometry.
 */
import { newPlane, type Plane } from '../pixels/image.js';
import { applyH, invert3 } from './linalg.js';
import type { PlaneKind, RegionPlane } from './plane.js';

export type Polyline = Array<[number, number]>;

export interface PlaneGrid {
  /** Metres between neighbouring lines. */
  step: number;
  /** Lines of constant u (they run along v), then of constant v. */
  u: Polyline[];
  v: Polyline[];
}

const SAMPLES = 96;

/** Region labels of Generate Regions → the kind of plane they lie on (none for sky, trees…). */
export function planeKindOfLabel(label: string): PlaneKind | null {
  const l = label.toLowerCase();
  // Windows and doors lie in their façade's plane (a curtain wall is mostly "window").
  if (['facade', 'façade', 'wall', 'building', 'door', 'window'].includes(l)) return 'wall';
  if (['ground', 'floor', 'road', 'paving'].includes(l)) return 'floor';
  if (['roof', 'ceiling'].includes(l)) return 'roof';
  return null;
}

const inMask = (m: Plane, x: number, y: number) => {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  return xi >= 0 && yi >= 0 && xi < m.w && yi < m.h && m.d[yi * m.w + xi] > 0.5;
};

/** The grid of a region's plane; a region in faces (a corner) gets each face's own grid, clipped to that face. */
export function planeGrid(plane: RegionPlane, mask: Plane, maxLines = 24): PlaneGrid | null {
  if (!plane.faces || plane.faces.length < 2) return flatGrid(plane, mask, maxLines);
  const grids = plane.faces.flatMap((f) => {
    const part = newPlane(mask.w, mask.h);
    for (let i = 0; i < part.d.length; i++) part.d[i] = mask.d[i] > 0.5 && f.mask.d[i] > 0.5 ? 1 : 0;
    return flatGrid(f.plane, part, maxLines) ?? [];
  });
  if (grids.length === 0) return null;
  return { step: Math.min(...grids.map((g) => g.step)), u: grids.flatMap((g) => g.u), v: grids.flatMap((g) => g.v) };
}

function flatGrid(plane: RegionPlane, mask: Plane, maxLines: number): PlaneGrid | null {
  const toImage = invert3(plane.toPlane);
  if (!toImage) return null;
  const us: number[] = [];
  const vs: number[] = [];
  const n = mask.d.reduce((s, v) => s + (v > 0.5 ? 1 : 0), 0);
  const stride = Math.max(1, Math.floor(Math.sqrt(n / 3000)));
  const t = plane.toPlane;
  for (let y = 0; y < mask.h; y += stride)
    for (let x = 0; x < mask.w; x += stride) {
      if (mask.d[y * mask.w + x] <= 0.5) continue;
      if (t[6] * (x + 0.5) + t[7] * (y + 0.5) + t[8] <= 0) continue;
      const q = applyH(t, x + 0.5, y + 0.5);
      if (q) {
        us.push(q[0]);
        vs.push(q[1]);
      }
    }
  if (us.length < 8) return null;
  us.sort((a, b) => a - b);
  vs.sort((a, b) => a - b);
  const pct = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor(a.length * p))];
  const [u0, u1, v0, v1] = [pct(us, 0.01), pct(us, 0.99), pct(vs, 0.01), pct(vs, 0.99)];
  let step = 1;
  while (Math.max(u1 - u0, v1 - v0) / step > maxLines) step *= 2;
  const lines = (fixed0: number, fixed1: number, run0: number, run1: number, point: (a: number, b: number) => [number, number]) => {
    const out: Polyline[] = [];
    for (let a = Math.ceil(fixed0 / step) * step; a <= fixed1; a += step) {
      let cur: Polyline = [];
      for (let k = 0; k <= SAMPLES; k++) {
        const b = run0 + ((run1 - run0) * k) / SAMPLES;
        const [pu, pv] = point(a, b);
        const w = toImage[6] * pu + toImage[7] * pv + toImage[8];
        const p = w > 0 ? applyH(toImage, pu, pv) : null;
        if (p && inMask(mask, p[0], p[1])) cur.push([Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10]);
        else {
          if (cur.length >= 2) out.push(cur);
          cur = [];
        }
      }
      if (cur.length >= 2) out.push(cur);
    }
    return out;
  };
  return {
    step,
    u: lines(u0, u1, v0, v1, (a, b) => [a, b]),
    v: lines(v0, v1, u0, u1, (a, b) => [b, a]),
  };
}
