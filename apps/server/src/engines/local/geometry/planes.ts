/**
 * The plane of each façade, roof and ground region (issue 30 part 1): from the photo's
 * vanishing frame, a homography image → plane coordinates in metres (plane.ts).
 *
 * - wall: the horizontal family whose segments dominate inside the region and the vertical;
 *   the plane through the region's centroid ray, scaled so the region's height is the assumed
 *   real height (the render's `buildingHeight`); a region whose lines show two faces of a corner
 *   gets a plane per face (faces.ts);
 * - floor: the ground plane (normal: the vertical) 1.6 m below the camera (eye height);
 * - roof: a sloped plane when its lines climb to a vanishing point off the horizon (roof.ts),
 *   else a horizontal plane at the building's height.
 * Too few lines in a wall region, or a floor/roof region across the horizon → a fronto-parallel
 * `fallback` plane with low confidence.
 */
import { luminance, type Plane, type Rgb } from '../pixels/image.js';
import { cross, dot, normalize, scale, type Vec3 } from './linalg.js';
import type { PlaneKind, RegionPlane } from './plane.js';
import { detectSegments, segmentLength, type Segment } from './segments.js';
import { estimateVanishing, type VanishingFamily, type VanishingFrame } from './vanishing.js';
import { homography, imageLineAngle, orient, orthogonalTo, ray, regionStats, vpOf, type Stats } from './camera-plane.js';
import { splitFaces } from './faces.js';
import { pitchedRoof } from './roof.js';

export interface PlaneRegion {
  /** 1 (> 0.5) inside the region; the size of the image. */
  mask: Plane;
  kind: PlaneKind;
}

export interface PlaneOptions {
  /** The building's real height (cm): a wall region's height in the photo is taken to be this. */
  realHeightCm?: number;
  /** Eye height above the ground, metres. */
  cameraHeightM?: number;
  /** Lines are detected on a copy this long (longest side, pixels) at most. */
  analysisSide?: number;
}

export interface PhotoGeometry {
  segments: Segment[];
  frame: VanishingFrame;
  planes: Array<RegionPlane | null>;
}

const DEFAULT_HEIGHT_CM = 1000;
/** A wall's courses and its verticals cross at this angle at least in the image (degrees). */
const MIN_COURSE_ANGLE = 25;

/** Segments, vanishing frame and the plane of each region (null: an empty region). */
export function estimateGeometry(rgb: Rgb, regions: PlaneRegion[], opts: PlaneOptions = {}): PhotoGeometry {
  const scale = Math.min(1, (opts.analysisSide ?? 640) / Math.max(rgb.w, rgb.h));
  const segments = detectSegments(luminance(rgb), { scale });
  const frame = estimateVanishing(segments, rgb.w, rgb.h);
  return { segments, frame, planes: planesOf(frame, segments, regions, opts) };
}

/** The plane of each region of `rgb` (null: a region with no pixels). */
export function estimatePlanes(rgb: Rgb, regions: PlaneRegion[], opts: PlaneOptions = {}): Array<RegionPlane | null> {
  return estimateGeometry(rgb, regions, opts).planes;
}

/** Summed length of a family's segments lying in the region (sampled at 3 points each). */
function supportIn(fam: VanishingFamily, segs: Segment[], mask: Plane): number {
  let s = 0;
  for (const i of fam.members) {
    const g = segs[i];
    let inside = 0;
    for (const t of [0.25, 0.5, 0.75]) {
      const x = Math.floor(g.x1 + (g.x2 - g.x1) * t);
      const y = Math.floor(g.y1 + (g.y2 - g.y1) * t);
      if (x >= 0 && y >= 0 && x < mask.w && y < mask.h && mask.d[y * mask.w + x] > 0.5) inside++;
    }
    if (inside >= 2) s += segmentLength(g);
  }
  return s;
}

function fallback(kind: PlaneKind, stats: Stats, heightM: number): RegionPlane {
  const s = heightM / Math.max(1, stats.maxY - stats.minY);
  return {
    kind,
    toPlane: [s, 0, -s * stats.minX, 0, -s, s * stats.maxY, 0, 0, 1],
    vanishing: [
      { x: 1, y: 0, w: 0 },
      { x: 0, y: -1, w: 0 },
    ],
    source: 'fallback',
    confidence: 0.1,
  };
}

const confidenceOf = (support: number, stats: Stats) => Math.max(0.15, Math.min(1, support / (2 * Math.sqrt(stats.n))));

/** A wall's plane; `only`: its courses recede to this family (a face of a corner). */
function wallPlane(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats, heightM: number, only?: VanishingFamily): RegionPlane | null {
  const vSup = supportIn(frame.vertical, segs, mask);
  let best: VanishingFamily | null = null;
  let bestSup = 0;
  for (const fam of only ? [only] : frame.horizontal) {
    const s = supportIn(fam, segs, mask);
    if (s > bestSup) {
      best = fam;
      bestSup = s;
    }
  }
  const scale = Math.sqrt(stats.n);
  const p0 = ray(frame, stats.cx, stats.cy);
  const b = orient(frame, p0, frame.vertical.dir, 0, -1);
  let a: Vec3;
  // A face of a corner: its family was decided by the corner's evidence, however short its lines.
  // Its own direction as read off the face's lines, not squared to the vertical: that would
  // move its point along the vertical by as much as the frame's focal length is wrong.
  if (best && only) a = orient(frame, p0, only.dir, 1, 0);
  else if (best && bestSup >= scale * 0.3) a = orient(frame, p0, orthogonalTo(best.dir, b), 1, 0);
  else if (!frame.vertical.implied && vSup >= scale * 0.3) {
    // Verticals but no horizontal courses: a wall facing the camera (its keystone corrected).
    a = orient(frame, p0, orthogonalTo([1, 0, 0], b), 1, 0);
    bestSup = vSup * 0.5;
  } else return null;
  if (!Number.isFinite(a[0])) return null;
  // Courses that run within MIN_COURSE_ANGLE of the verticals are no wall's: a frame whose
  // "horizontal" family was a set of near-vertical lines would render them as a steep lattice.
  if (imageLineAngle(frame, p0, a, b) < MIN_COURSE_ANGLE) return null;
  const toPlane = homography(frame, a, b, p0, mask, stats, (r) => heightM / r.v);
  if (!toPlane) return null;
  return {
    kind: 'wall',
    toPlane,
    vanishing: [vpOf(frame, a), vpOf(frame, b)],
    source: 'lines',
    confidence: confidenceOf(Math.min(bestSup, vSup + (frame.vertical.implied ? scale : 0)), stats),
  };
}

function horizontalPlane(kind: 'floor' | 'roof', frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats, eyeM: number, heightM: number): RegionPlane | null {
  const p = ray(frame, stats.cx, stats.cy);
  const up = orient(frame, p, frame.vertical.dir, 0, -1);
  const along = dot(p, up);
  // The plane X·up = offset: the ground below the eye; a roof at the building's height.
  // A roof seen from above (an aerial view): the camera's height is unknown; one building
  // height above the roof is assumed, and the confidence says so.
  const fromAbove = kind === 'roof' && along < 0;
  const offset = kind === 'floor' ? -eyeM : fromAbove ? -heightM : heightM - eyeM;
  const t = offset / along;
  if (!Number.isFinite(t) || t <= 0 || Math.abs(along) < 0.02) return null;
  const p0 = scale(p, t);
  let best: VanishingFamily = frame.horizontal[0];
  let bestSup = -1;
  for (const fam of frame.horizontal) {
    const s = supportIn(fam, segs, mask);
    if (s > bestSup) {
      best = fam;
      bestSup = s;
    }
  }
  const a = orient(frame, p0, orthogonalTo(best.dir, up), 1, 0);
  // v away from the camera: the direction in the plane whose depth grows.
  let b = normalize(cross(up, a));
  if (dot(b, p0) < 0) b = scale(b, -1);
  const toPlane = homography(frame, a, b, p0, mask, stats, () => 1);
  if (!toPlane) return null;
  const lineSupport = frame.horizontal.reduce((s, f) => s + (f.implied ? 0 : f.support), 0);
  return {
    kind,
    toPlane,
    vanishing: [vpOf(frame, a), vpOf(frame, b)],
    source: 'lines',
    confidence: Math.max(0.15, Math.min(0.9, lineSupport / (Math.hypot(frame.width, frame.height) * 2))) * (frame.manhattan ? 1 : 0.6) * (fromAbove ? 0.5 : 1),
  };
}

/**
 * A wall region's plane, split into faces when its lines show two (faces.ts): the largest face's
 * plane, with every face's plane and pixels in `faces`. One face, or a face without a plane of
 * its own: the region's one plane.
 */
function facedWall(frame: VanishingFrame, segs: Segment[], mask: Plane, stats: Stats, heightM: number): RegionPlane | null {
  const split = splitFaces(frame, segs, mask, stats);
  const faces = split?.map((f) => ({ mask: f.mask, plane: wallPlane(frame, segs, f.mask, f.stats, heightM, f.family), n: f.stats.n }));
  if (!faces || faces.some((f) => !f.plane)) return wallPlane(frame, segs, mask, stats, heightM);
  const largest = faces.reduce((a, b) => (b.n > a.n ? b : a));
  return { ...largest.plane!, faces: faces.map((f) => ({ mask: f.mask, plane: f.plane! })) };
}

/** The frame seen through another focal length: its vanishing points stay where they are in the image. */
function refocus(frame: VanishingFrame, f: number): VanishingFrame {
  const c = { cx: frame.cx, cy: frame.cy, focal: f };
  const fam = (v: VanishingFamily): VanishingFamily => {
    const p = v.point;
    return { ...v, dir: normalize([(p.x - c.cx * p.w) / f, (p.y - c.cy * p.w) / f, p.w]) };
  };
  return { ...frame, focal: f, focalFrom: 'assumed', vertical: fam(frame.vertical), horizontal: frame.horizontal.map(fam) };
}

/** Share of a region's pixels (sampled) that the frame puts below its horizon. */
function belowHorizon(frame: VanishingFrame, mask: Plane, stats: Stats): number {
  const d = frame.vertical.dir;
  const up: Vec3 = d[1] <= 0 ? d : scale(d, -1);
  const step = Math.max(1, Math.floor(Math.sqrt(stats.n / 1500)));
  let n = 0;
  let below = 0;
  for (let y = stats.minY; y < stats.maxY; y += step)
    for (let x = stats.minX; x < stats.maxX; x += step) {
      if (mask.d[y * mask.w + x] <= 0.5) continue;
      n++;
      if (dot(ray(frame, x + 0.5, y + 0.5), up) < 0) below++;
    }
  return n ? below / n : 1;
}

/**
 * The ground must lie below the horizon. A focal length read from weak lines can put a street
 * seen by a camera tilted up above it (the horizon far below the picture): the frame is then
 * seen through the longest shorter focal length (down to a 100° field of view) that puts the
 * ground regions below the horizon. Null: the frame was consistent, or no focal length makes it so.
 */
function groundConsistentFrame(frame: VanishingFrame, floors: Array<{ mask: Plane; stats: Stats }>): VanishingFrame | null {
  if (frame.vertical.implied || floors.length === 0) return null;
  const worst = (f: VanishingFrame) => Math.min(...floors.map((r) => belowHorizon(f, r.mask, r.stats)));
  if (worst(frame) >= 0.9) return null;
  const minF = Math.max(frame.width, frame.height) / 2 / Math.tan((100 * Math.PI) / 360);
  for (let f = frame.focal * 0.92; f >= minF; f *= 0.92) {
    const fr = refocus(frame, f);
    if (worst(fr) >= 0.95) return fr;
  }
  return null;
}

/** The planes of the regions from an estimated frame (exported for callers that have one). */
export function planesOf(frame: VanishingFrame, segs: Segment[], regions: PlaneRegion[], opts: PlaneOptions = {}): Array<RegionPlane | null> {
  const heightM = (opts.realHeightCm ?? DEFAULT_HEIGHT_CM) / 100;
  const eyeM = opts.cameraHeightM ?? 1.6;
  const stats = regions.map((r) => regionStats(r.mask));
  const floors = regions.flatMap((r, i) => (r.kind === 'floor' && stats[i] ? [{ mask: r.mask, stats: stats[i]! }] : []));
  const refocused = groundConsistentFrame(frame, floors);
  const fr = refocused ?? frame;
  return regions.map(({ mask, kind }, i) => {
    const st = stats[i];
    if (!st) return null;
    const plane = kind === 'wall' ? facedWall(fr, segs, mask, st, heightM) : kind === 'roof' ? (pitchedRoof(fr, segs, mask, st, eyeM, heightM) ?? horizontalPlane(kind, fr, segs, mask, st, eyeM, heightM)) : horizontalPlane(kind, fr, segs, mask, st, eyeM, heightM);
    // A focal length chosen to fit the ground, not read from the lines: less sure.
    if (plane && refocused) plane.confidence *= 0.7;
    return plane ?? fallback(kind, st, heightM);
  });
}
