import { beforeAll, describe, expect, it } from 'vitest';
import { engineRegions, estimatedPlane, largestOfKind, photoRgb } from '../../../../test/helpers/preview-photos.js';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import type { RegionPlane, VanishingPoint } from './plane.js';
import { estimateGeometry } from './planes.js';
import { segmentsIn } from './roof.js';
import { segmentLength } from './segments.js';
import { segmentVpAngle } from './vanishing.js';

/**
 * Corners on real photographs (issue 30 part 1): the engine's largest façade region of a photo
 * that shows a building's corner comes in two faces, cut at the corner, each receding to a point
 * the photo's own lines on it agree with; a photo of one flat façade stays one plane.
 */
let set: EvalImage[];
beforeAll(async () => {
  set = await loadEvalSet();
});

/** The photo at the render's size, its largest façade region and that region's plane. */
function facade(name: string) {
  const rgb = photoRgb(set.find((e) => e.name === name)!, 1024);
  const region = largestOfKind(engineRegions(rgb), 'wall')!;
  return { rgb, region, plane: estimatedPlane(rgb, { mask: region.mask, kind: 'wall' }, 2000)! };
}

/** Degrees between the image line a→b and the direction from its middle to v. */
function degToPoint(a: [number, number], b: [number, number], v: VanishingPoint): number {
  const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const line = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const toV = Math.atan2(v.y - my * v.w, v.x - mx * v.w);
  let d = Math.abs(line - toV) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return (d * 180) / Math.PI;
}

describe('façade regions of real photographs', () => {
  it("splits the Aula Palatina's apse end and long side at the corner, each face's courses toward its own lines' point", () => {
    const { rgb, region, plane } = facade('aula-palatina');
    expect(plane.faces).toHaveLength(2);
    const [left, right] = plane.faces! as [{ plane: RegionPlane; mask: typeof region.mask }, { plane: RegionPlane; mask: typeof region.mask }];
    // The corner's edge (the arris between the end and the long side) stands at x ≈ 548 on the region's middle row (read by eye).
    let [n, sy] = [0, 0];
    region.mask.d.forEach((v, i) => {
      if (v > 0.5) {
        n++;
        sy += Math.floor(i / rgb.w);
      }
    });
    const row = Math.round(sy / n);
    const boundary = right.mask.d.subarray(row * rgb.w, (row + 1) * rgb.w).findIndex((v) => v > 0.5);
    expect(Math.abs(boundary - 548)).toBeLessThan(0.05 * rgb.w);
    // The long side's cornice (read by eye from (620, 95) to (925, 235)) runs to the right face's point.
    expect(degToPoint([620, 95], [925, 235], right.plane.vanishing[0])).toBeLessThan(2);
    // The left face's own segments point at its point, not at the long side's.
    const g = estimateGeometry(rgb, [{ mask: region.mask, kind: 'wall' }], { realHeightCm: 2000 });
    const vertical = new Set(g.frame.vertical.members);
    const onLeft = segmentsIn(g.segments, left.mask).filter((i) => !vertical.has(i) && segmentLength(g.segments[i]) >= 12);
    const pointingAt = (v: VanishingPoint) => onLeft.filter((i) => segmentVpAngle(g.segments[i], v) < (2 * Math.PI) / 180).length;
    expect(pointingAt(left.plane.vanishing[0])).toBeGreaterThanOrEqual(3);
    expect(pointingAt(right.plane.vanishing[0])).toBeLessThanOrEqual(1);
  }, 60_000);

  for (const name of ['brandenburg-gate', 'washington-birthplace', 'chenonceau'])
    it(`keeps the one flat façade of ${name} whole, whatever its stray lines`, () => {
      expect(facade(name).plane.faces).toBeUndefined();
    }, 60_000);
});
