/**
 * A pitched roof's plane (issue 30 part 1). Its courses (tiles, slates) run along the eaves, a
 * horizontal direction — the horizontal family whose segments dominate in the region — and its
 * rafters (ridge-to-eaves lines, ribs, tile joints) climb at the pitch: the point the region's
 * other segments converge to most. A point on the horizon (a flat roof's receding lines) or too
 * near the vertical leaves the roof flat (null). The eaves are put at the building's height, as a
 * flat roof is.
 */
import type { Plane } from '../pixels/image.js';
import { cross, dot, normalize, scale, type Vec3 } from './linalg.js';
import type { RegionPlane, VanishingPoint } from './plane.js';
import { homography, orient, ray, vpOf, type Stats } from './camera-plane.js';
import { segmentLength, type Segment } from './segments.js';
import { segmentVpAngle, type VanishingFrame } from './vanishing.js';

const RAD = Math.PI / 180;
const MIN_PITCH = 8;
const MAX_PITCH = 75;
const TOL = 1.5 * RAD;
/**
 * Rafters are told from courses a little off the eaves' point (a tile course drawn in short pieces)
 * by at least this angle, seen from the roof's centre.
 */
const APART = 6 * RAD;
/** The longest segments left whose pairwise crossings are the rafters' candidate points. */
const CANDIDATES = 40;

/** Segments with at least two of three sample points (¼, ½, ¾) inside the mask. */
export function segmentsIn(segs: Segment[], mask: Plane): number[] {
  const out: number[] = [];
  segs.forEach((g, i) => {
    let inside = 0;
    for (const t of [0.25, 0.5, 0.75]) {
      const x = Math.floor(g.x1 + (g.x2 - g.x1) * t);
      const y = Math.floor(g.y1 + (g.y2 - g.y1) * t);
      if (x >= 0 && y >= 0 && x < mask.w && y < mask.h && mask.d[y * mask.w + x] > 0.5) inside++;
    }
    if (inside >= 2) out.push(i);
  });
  return out;
}

export function pitchedRoof(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats, eyeM: number, heightM: number): RegionPlane | null {
  const inRoof = segmentsIn(segs, mask);
  const lengthOf = (ids: number[]) => ids.reduce((s, i) => s + segmentLength(segs[i]), 0);
  const fams = frame.horizontal.filter((f) => !f.implied);
  if (fams.length === 0 || frame.vertical.implied) return null;
  // The eaves: the horizontal family with the most length in the roof.
  const sup = fams.map((f) => lengthOf(inRoof.filter((i) => segmentVpAngle(segs[i], f.point) < TOL)));
  const k = sup.indexOf(Math.max(...sup));
  const eaves = fams[k];
  const need = 0.3 * Math.sqrt(stats.n);
  if (sup[k] < need) return null;

  const p = ray(frame, stats.cx, stats.cy);
  const up = orient(frame, p, frame.vertical.dir, 0, -1);
  // The rafters: the point the other segments converge to most (candidates: crossings of the longest pairs).
  const rest = inRoof
    .filter((i) => segmentVpAngle(segs[i], eaves.point) >= APART && segmentVpAngle(segs[i], frame.vertical.point) >= APART)
    .sort((i, j) => segmentLength(segs[j]) - segmentLength(segs[i]) || i - j);
  const lineOf = (g: Segment): Vec3 => cross([g.x1, g.y1, 1], [g.x2, g.y2, 1]);
  const top = rest.slice(0, CANDIDATES).map((i) => lineOf(segs[i]));
  let best: Vec3 | null = null;
  let bestSup = 0;
  for (let i = 0; i < top.length; i++)
    for (let j = i + 1; j < top.length; j++) {
      const [x, y, w] = cross(top[i], top[j]);
      if (!Number.isFinite(x + y + w) || Math.hypot(x, y, w) < 1e-12) continue;
      const vp = { x, y, w };
      if (apartFromCentre(vp, eaves.point, stats) < APART) continue;
      const s = lengthOf(rest.filter((k) => segmentVpAngle(segs[k], vp) < TOL));
      if (s > bestSup) {
        bestSup = s;
        best = normalize([(x - frame.cx * w) / frame.focal, (y - frame.cy * w) / frame.focal, w]);
      }
    }
  if (!best || bestSup < need) return null;
  // Inclined: off the horizon by more than the least pitch, and not near the vertical.
  const rise = Math.abs(dot(best, up));
  if (rise < Math.sin(MIN_PITCH * RAD) || rise > Math.sin(MAX_PITCH * RAD)) return null;

  // The eaves line at the building's height (one building height below the eye, seen from above);
  // a frame that puts the eaves on its horizon cannot say how far: the roof's slope is then taken
  // to be half the building's height.
  const low = ray(frame, stats.cx, stats.maxY - 0.5);
  const height = dot(low, up);
  const depth = Math.abs(height) >= 0.02 ? (height > 0 ? heightM - eyeM : -heightM) / height : null;
  const a = orient(frame, low, eaves.dir, 1, 0);
  // The rafters' own direction, not squared to the eaves: their vanishing point is what the render's
  // lines must meet (the focal length that would square them is the least sure part of the frame).
  const b = dot(best, up) < 0 ? scale(best, -1) : best;
  const toPlane = homography(frame, a, b, low, mask, stats, (r) => depth ?? (heightM * 0.5) / r.v);
  if (!toPlane) return null;
  return {
    kind: 'roof',
    toPlane,
    vanishing: [vpOf(frame, a), vpOf(frame, b)],
    source: 'lines',
    confidence: Math.max(0.15, Math.min(1, Math.min(sup[k], bestSup) / (2 * Math.sqrt(stats.n)))),
  };
}

/** Angle (radians, 0–π/2) between the directions from the region's centre to two points. */
function apartFromCentre(p: VanishingPoint, q: VanishingPoint, stats: Stats): number {
  const towards = (v: VanishingPoint) => Math.atan2(v.y - stats.cy * v.w, v.x - stats.cx * v.w);
  let d = Math.abs(towards(p) - towards(q)) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return d;
}
