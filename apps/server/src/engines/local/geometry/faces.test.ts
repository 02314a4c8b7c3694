import { describe, expect, it } from 'vitest';
import { erode, lineAngles } from '../../../../test/helpers/preview-photos.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { newPlane, newRgb, type Plane, type Rgb } from '../pixels/image.js';
import { renderImage, type RenderParams } from '../render/pipeline.js';
import { mulVec } from './linalg.js';
import type { RegionPlane, VanishingPoint } from './plane.js';
import { estimateGeometry } from './planes.js';
import { describeGeometry } from './report.js';
import { cornerBox, renderFaces, type FaceSpec } from './test-images.js';

/**
 * A corner building (issue 30 part 1): two brick faces meeting at a vertical corner, receding to
 * two horizontal vanishing points. One region covers both; its plane must come in two faces,
 * each with its own vanishing point, and brick rendered on it must run to each face's own point.
 */
const W = 640;
const H = 480;

const toRgb = (lum: Plane): Rgb => {
  const rgb = newRgb(lum.w, lum.h);
  for (let i = 0; i < lum.d.length; i++) rgb.d.fill(lum.d[i], i * 3, i * 3 + 3);
  return rgb;
};
const union = (a: Plane, b: Plane) => {
  const m = newPlane(a.w, a.h);
  for (let i = 0; i < m.d.length; i++) m.d[i] = Math.max(a.d[i], b.d[i]);
  return m;
};
/** The true vanishing point of a face's courses (its u axis). */
const courseVp = (f: FaceSpec): VanishingPoint => {
  const [x, y, w] = mulVec(f.toImage, [1, 0, 0]);
  return { x, y, w };
};
/** The angle (degrees) seen from the middle of `face`'s pixels between the directions to p and to q. */
const degBetween = (p: VanishingPoint, q: VanishingPoint, face: Plane) => {
  let [sx, sy, n] = [0, 0, 0];
  face.d.forEach((v, i) => {
    if (v <= 0.5) return;
    sx += (i % W) + 0.5;
    sy += Math.floor(i / W) + 0.5;
    n++;
  });
  const [x, y] = [sx / n, sy / n];
  const towards = (v: VanishingPoint) => Math.atan2(v.y - y * v.w, v.x - x * v.w);
  let d = Math.abs(towards(p) - towards(q)) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return (d * 180) / Math.PI;
};
/** Share of `truth`'s pixels that `face` holds. */
const overlap = (face: Plane, truth: Plane) => {
  let both = 0;
  let n = 0;
  for (let i = 0; i < truth.d.length; i++)
    if (truth.d[i] > 0.5) {
      n++;
      if (face.d[i] > 0.5) both++;
    }
  return both / n;
};

const BASE: RenderParams = { mode: 'photorealistic', seed: 1234567890, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 600, lighting: 'natural-daylight', weather: 'clear', regions: [] };
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'running', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };

/** Brick rendered on `plane` over a flat grey photo (no lines of its own to confuse the reading). */
function brickOn(plane: RegionPlane, mask: Plane): Rgb {
  const flat = newRgb(W, H);
  flat.d.fill(0.55);
  return renderImage(flat, [mask], { ...BASE, regions: [{ recipe: BRICK, surface: 'wall', plane }] }, () => {});
}

describe('a façade region across a corner', () => {
  for (const turn of [35, 50]) {
    it(`splits into its two faces at the corner, each on a plane receding to its own vanishing point (corner turned ${turn}°)`, () => {
      const faces = cornerBox(turn);
      const { lum, masks } = renderFaces(W, H, 0.15, faces);
      const region = union(masks[0], masks[1]);
      const plane = estimateGeometry(toRgb(lum), [{ mask: region, kind: 'wall' }], { realHeightCm: 600 }).planes[0]!;
      expect(plane.source).toBe('lines');
      expect(plane.faces).toHaveLength(2);
      const [left, right] = plane.faces!;
      // Left to right, each face holds its true face but for the pixels along the corner.
      expect(overlap(left.mask, masks[0])).toBeGreaterThan(0.97);
      expect(overlap(right.mask, masks[1])).toBeGreaterThan(0.97);
      expect(degBetween(left.plane.vanishing[0], courseVp(faces[0]), masks[0])).toBeLessThan(1);
      expect(degBetween(right.plane.vanishing[0], courseVp(faces[1]), masks[1])).toBeLessThan(1);
    });
  }

  it("renders brick whose courses run to each face's own vanishing point (median ≤ 5°), where one plane for both misses on one face", () => {
    const faces = cornerBox(40);
    const { lum, masks } = renderFaces(W, H, 0.15, faces);
    const region = union(masks[0], masks[1]);
    const plane = estimateGeometry(toRgb(lum), [{ mask: region, kind: 'wall' }], { realHeightCm: 600 }).planes[0]!;
    expect(plane.faces).toHaveLength(2);
    const faced = brickOn(plane, region);
    const single = brickOn({ ...plane, faces: undefined }, region);
    const upVp: VanishingPoint = plane.vanishing[1];
    const worstSingle: number[] = [];
    faces.forEach((f, k) => {
      const inner = erode(masks[k], 6);
      const on = lineAngles(faced, inner, [courseVp(f), upVp]).u;
      expect(on.n).toBeGreaterThan(200);
      expect(on.median).toBeLessThanOrEqual(5);
      worstSingle.push(lineAngles(single, inner, [courseVp(f), upVp]).u.median);
    });
    // The defect this fixes: one plane turns one face's courses toward the other face's point.
    expect(Math.max(...worstSingle)).toBeGreaterThan(10);
  }, 60_000);

  it("draws each face's own grid for Show geometry: the course lines on each face run to that face's vanishing point", () => {
    const faces = cornerBox(40);
    const { lum, masks } = renderFaces(W, H, 0.15, faces);
    const report = describeGeometry(toRgb(lum), [{ mask: union(masks[0], masks[1]), kind: 'wall' }], { realHeightCm: 600 });
    const region = report.regions[0]!;
    expect(region.faces).toBe(2);
    // Lines of constant v (courses) 40 px long or more, each read from its end points, against the face it lies on.
    const onFace = [0, 0];
    const degs: number[] = [];
    for (const line of region.v) {
      const [a, b] = [line[0], line[line.length - 1]];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 40) continue;
      const k = masks[0].d[Math.floor((a[1] + b[1]) / 2) * W + Math.floor((a[0] + b[0]) / 2)] > 0.5 ? 0 : 1;
      const vp = courseVp(faces[k]);
      const toVp = Math.atan2(vp.y / vp.w - a[1], vp.x / vp.w - a[0]);
      let d = Math.abs(Math.atan2(b[1] - a[1], b[0] - a[0]) - toVp) % Math.PI;
      if (d > Math.PI / 2) d = Math.PI - d;
      degs.push((d * 180) / Math.PI);
      onFace[k]++;
    }
    expect(Math.min(...onFace)).toBeGreaterThanOrEqual(3);
    degs.sort((p, q) => p - q);
    expect(degs[degs.length >> 1]).toBeLessThan(2);
    expect(degs[degs.length - 1]).toBeLessThan(3);
  });

  it('keeps a single flat face whole', () => {
    const [, right] = cornerBox(40);
    const { lum, masks } = renderFaces(W, H, 0.15, [right]);
    const plane = estimateGeometry(toRgb(lum), [{ mask: masks[0], kind: 'wall' }], { realHeightCm: 600 }).planes[0]!;
    expect(plane.source).toBe('lines');
    expect(plane.faces).toBeUndefined();
  });
});
