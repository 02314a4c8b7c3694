/**
 * The geometry of a photo as the "Show geometry" overlay needs it: the vanishing points and,
 * per region, its plane's kind, source, confidence, vanishing points and grid polylines.
 */
import type { PassValues } from '../../engine.js';
import type { Rgb } from '../pixels/image.js';
import { planeGrid } from './grid.js';
import { passPlanes } from './pass-planes.js';
import { viewPassesAt } from './view-passes.js';
import type { PlaneKind, RegionPlane, VanishingPoint } from './plane.js';
import { estimateGeometry, type PlaneOptions, type PlaneRegion } from './planes.js';
import type { VanishingFrame } from './vanishing.js';

export interface GeometryReport {
  width: number;
  height: number;
  focal: number;
  focalFrom: VanishingFrame['focalFrom'];
  manhattan: boolean;
  vanishingPoints: Array<VanishingPoint & { role: 'vertical' | 'horizontal'; support: number; implied: boolean }>;
  /** One per region given, in order; null: no plane (an empty region). */
  regions: Array<{
    kind: PlaneKind;
    source: RegionPlane['source'];
    confidence: number;
    vanishing: [VanishingPoint, VanishingPoint];
    toPlane: number[];
    /** Faces of a corner, each drawn on its own plane (1: one plane). */
    faces: number;
    step: number;
    u: Array<Array<[number, number]>>;
    v: Array<Array<[number, number]>>;
  } | null>;
}

const round = (v: number, k = 1000) => Math.round(v * k) / k;
const pt = (p: VanishingPoint): VanishingPoint => {
  // Homogeneous: scale to a unit vector so huge and tiny values stay readable.
  const n = Math.hypot(p.x, p.y, p.w) || 1;
  return { x: round(p.x / n, 1e6), y: round(p.y / n, 1e6), w: round(p.w / n, 1e9) };
};

/** With the view's passes, each region's plane is the exact one from its normals and depth (none without a surface: sky). */
export function describeGeometry(rgb: Rgb, regions: PlaneRegion[], opts: PlaneOptions & { passes?: PassValues } = {}): GeometryReport {
  const g = estimateGeometry(rgb, regions, opts);
  const f = g.frame;
  const view = opts.passes ? viewPassesAt(opts.passes, rgb.w, rgb.h) : null;
  const exact = view ? passPlanes(view, regions.map((r) => r.mask), opts.realHeightCm) : [];
  const planes = view ? exact : g.planes;
  return {
    width: rgb.w,
    height: rgb.h,
    focal: round(f.focal, 10),
    focalFrom: f.focalFrom,
    manhattan: f.manhattan,
    vanishingPoints: [
      { ...pt(f.vertical.point), role: 'vertical', support: Math.round(f.vertical.support), implied: f.vertical.implied },
      ...f.horizontal.map((h) => ({ ...pt(h.point), role: 'horizontal' as const, support: Math.round(h.support), implied: h.implied })),
    ],
    regions: planes.map((p, i) => {
      if (!p) return null;
      const grid = planeGrid(p, regions[i].mask) ?? { step: 1, u: [], v: [] };
      return { kind: p.kind, source: p.source, confidence: round(p.confidence, 100), vanishing: [pt(p.vanishing[0]), pt(p.vanishing[1])], toPlane: p.toPlane, faces: p.faces?.length ?? 1, ...grid };
    }),
  };
}
