import { describe, expect, it } from 'vitest';
import { newPlane, type Plane } from '../pixels/image.js';
import { boxCornerView } from './box-passes.js';
import { vpAngleDeg } from './blender-cameras.js';
import { applyH, dot, type Vec3 } from './linalg.js';
import { splitByNormals } from './normal-split.js';
import { passPlanes, viewUp } from './pass-planes.js';

/**
 * Issue 31 parts 2 and 3 on exact synthetic passes: a box seen across its corner from eye
 * height, pitched up 6°, on the ground, with sky above; the box one ID colour, the ground another.
 */
const view = boxCornerView();
const { passes, labels, faces } = view;
const W = passes.width;
const H = passes.height;

const maskOf = (pick: (i: number) => boolean): Plane => {
  const m = newPlane(W, H);
  for (let i = 0; i < W * H; i++) m.d[i] = pick(i) ? 1 : 0;
  return m;
};

function iou(a: (i: number) => boolean, b: (i: number) => boolean): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < W * H; i++) {
    const x = a(i);
    const y = b(i);
    if (x && y) inter++;
    if (x || y) union++;
  }
  return inter / union;
}

describe('splitByNormals', () => {
  it('splits the box (one ID colour) into its two faces, IoU ≥ 0.98 each, and leaves the ground whole', () => {
    const split = splitByNormals(labels, passes.normal, W, H, W * H * 0.005);
    expect(split.parent.filter((p) => p === 0)).toHaveLength(2);
    expect(split.parent.filter((p) => p === 1)).toHaveLength(1);
    const parts = split.parent.flatMap((p, k) => (p === 0 ? [k] : []));
    for (const face of [0, 1]) {
      const best = Math.max(...parts.map((k) => iou((i) => split.labels[i] === k, (i) => faces[i] === face)));
      expect(best, `face ${face}`).toBeGreaterThanOrEqual(0.98);
    }
    // Every pixel of a region stays in a part of it.
    for (let i = 0; i < W * H; i++) expect(labels[i] < 0 ? split.labels[i] === -1 : split.parent[split.labels[i]] === labels[i]).toBe(true);
  });

  it('keeps a region whole when its surface does not turn', () => {
    const ground = Int32Array.from(labels, (l, i) => (faces[i] === 2 ? 0 : -1));
    expect(splitByNormals(ground, passes.normal, W, H, 100).parent).toEqual([0]);
  });
});

describe('passPlanes', () => {
  const truthUp = view.axes.up;
  const faceMasks = [maskOf((i) => faces[i] === 0), maskOf((i) => faces[i] === 1), maskOf((i) => faces[i] === 2)];
  const cam = { focal: view.focal, cx: W / 2, cy: H / 2 };

  it('reads the vertical from the normals (the camera is pitched up 6°)', () => {
    const up = viewUp(passes);
    expect((Math.acos(Math.min(1, dot(up, truthUp))) * 180) / Math.PI).toBeLessThan(0.5);
    // Without the ground: from the two walls' cross product.
    const wallsOnly = { ...passes, normal: passes.normal.map((v, k) => (faces[Math.floor(k / 3)] === 2 ? 0 : v)) };
    const up2 = viewUp(wallsOnly);
    expect((Math.acos(Math.min(1, dot(up2, truthUp))) * 180) / Math.PI).toBeLessThan(0.5);
  });

  it('gives each face its exact plane from depth and normals: kind, vanishing points, metres (focal worked out)', () => {
    const planes = passPlanes(passes, faceMasks);
    expect(planes.map((p) => p?.kind)).toEqual(['wall', 'wall', 'floor']);
    expect(planes.map((p) => [p?.source, p?.confidence])).toEqual([
      ['passes', 1],
      ['passes', 1],
      ['passes', 1],
    ]);
    // Courses run along world x on face 0, along y on face 1; up the wall is world up.
    expect(vpAngleDeg(planes[0]!.vanishing[0], view.vps.x, cam)).toBeLessThan(0.3);
    expect(vpAngleDeg(planes[1]!.vanishing[0], view.vps.y, cam)).toBeLessThan(0.3);
    expect(vpAngleDeg(planes[0]!.vanishing[1], view.vps.up, cam)).toBeLessThan(0.3);
    // Metres: two points of face 0 two metres apart along x and one metre apart in height.
    const at = (p: Vec3) => applyH(planes[0]!.toPlane, ...view.project(p))!;
    const a = at([2, 0, 1]);
    const b = at([4, 0, 1]);
    const c = at([2, 0, 2]);
    expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeCloseTo(2, 1);
    expect(c[1] - a[1]).toBeCloseTo(1, 1);
    expect(Math.abs(c[0] - a[0])).toBeLessThan(0.05);
    // The ground: two points 3 m apart.
    const g = (p: Vec3) => applyH(planes[2]!.toPlane, ...view.project(p))!;
    const g1 = g([-1, -2, 0]);
    const g2 = g([-1, 1, 0]);
    expect(Math.hypot(g2[0] - g1[0], g2[1] - g1[1])).toBeCloseTo(3, 1);
  });

  it('uses the sender’s field of view when given, and places walls without depth by the building height', () => {
    const planes = passPlanes({ ...passes, depth: null, fovDeg: 70 }, faceMasks);
    expect(vpAngleDeg(planes[0]!.vanishing[0], view.vps.x, cam)).toBeLessThan(0.3);
    expect(vpAngleDeg(planes[1]!.vanishing[0], view.vps.y, cam)).toBeLessThan(0.3);
    expect(planes[0]!.source).toBe('passes');
  });
});
