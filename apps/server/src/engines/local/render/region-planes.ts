import type { Plane, Rgb } from '../pixels/image.js';
import { estimatePlanes, type PlaneRegion, type RegionPlane } from '../geometry/index.js';

/**
 * The plane of each painted region, estimated from the photo's lines (issue 30 part 1) for the
 * regions that came without one (a model's passes give it exactly). A fallback plane (too few
 * lines to tell) is dropped: the screen-space mapping, with its horizon-based floor, is the
 * better guess then. One line detection for all regions.
 */
export function estimateRegionPlanes(
  input: Rgb,
  regions: Array<{ mask: Plane | undefined; surface: 'wall' | 'floor' | 'backdrop'; roof?: boolean; wanted: boolean; plane?: RegionPlane | null }>,
  realHeightCm: number,
): Array<RegionPlane | null | undefined> {
  const asked: PlaneRegion[] = [];
  const at: number[] = [];
  regions.forEach((r, i) => {
    if (!r.wanted || !r.mask || r.surface === 'backdrop' || r.plane !== undefined) return;
    asked.push({ mask: r.mask, kind: r.surface === 'floor' ? 'floor' : r.roof ? 'roof' : 'wall' });
    at.push(i);
  });
  const out: Array<RegionPlane | null | undefined> = regions.map((r) => r.plane);
  if (asked.length === 0) return out;
  const planes = estimatePlanes(input, asked, { realHeightCm });
  planes.forEach((plane, k) => {
    out[at[k]] = plane && plane.source !== 'fallback' ? plane : null;
  });
  return out;
}
