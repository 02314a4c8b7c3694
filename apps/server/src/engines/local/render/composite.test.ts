import { describe, expect, it } from 'vitest';
import { applyHomography, homographyFrom4 } from '../../../../test/helpers/homography.js';
import type { RegionPlane } from '../geometry/plane.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { blurPlane, sobel } from '../pixels/filters.js';
import { luminance, newPlane, newRgb, type Plane, type Rgb } from '../pixels/image.js';
import { compositeMaterial, type CompositeOptions } from './composite.js';

/**
 * Materials on their planes (issue 30 part 2) on a synthetic façade with a known homography: a
 * 3 × 4.5 m wall receding to the right, its courses' vanishing point at (790, 292) in a 480 × 360
 * image. The rendered brick courses (structure tensor of the output) must point at that vanishing
 * point; the screen-space mapping of before (no plane) does not.
 */
const W = 480;
const H = 360;
// Plane corners (metres, v up) → image corners: top-left, top-right, bottom-right, bottom-left.
const PLANE: Array<[number, number]> = [
  [0, 3],
  [4.5, 3],
  [4.5, 0],
  [0, 0],
];
const IMAGE: Array<[number, number]> = [
  [40, 30],
  [440, 170],
  [440, 310],
  [40, 330],
];
const toPlane = homographyFrom4(IMAGE, PLANE);
const toImage = homographyFrom4(PLANE, IMAGE);
const vpH = applyHomography(toImage, 1, 0, 0);
const VP: [number, number] = [vpH[0] / vpH[2], vpH[1] / vpH[2]];
const PLANE_OF: RegionPlane = { kind: 'wall', toPlane, vanishing: [{ x: vpH[0], y: vpH[1], w: vpH[2] }, { x: 0, y: 1, w: 0 }], source: 'fallback', confidence: 1 };
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'running', color: '#9a4a32', mortar: '#d8d0c0' };

function inside(x: number, y: number): boolean {
  // The quad is convex; test each edge's side.
  for (let k = 0; k < 4; k++) {
    const [ax, ay] = IMAGE[k];
    const [bx, by] = IMAGE[(k + 1) % 4];
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}

/** A grey wall with a soft light gradient and a hard diagonal shadow, and its region mask. */
function scene(): { img: Rgb; mask: Plane } {
  const img = newRgb(W, H);
  const mask = newPlane(W, H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const shadow = x + y < 300 ? 0.55 : 1;
      const g = (0.45 + 0.2 * (x / W)) * shadow;
      const j = (y * W + x) * 3;
      img.d[j] = g;
      img.d[j + 1] = g;
      img.d[j + 2] = g * 0.95;
      mask.d[y * W + x] = inside(x + 0.5, y + 0.5) ? 1 : 0;
    }
  return { img, mask };
}

const OPTS: CompositeOptions = { surface: 'wall', seed: 11, opacity: 1, texture: 1, detail: 0.2, horizonY: 0, realHeight: 300 };

/** Median angle (degrees) between the courses' direction and the direction to the vanishing point. */
function courseAngles(img: Rgb, mask: Plane): { median: number; n: number } {
  const g = sobel(luminance(img));
  const n = W * H;
  const xx = newPlane(W, H);
  const xy = newPlane(W, H);
  const yy = newPlane(W, H);
  for (let i = 0; i < n; i++) {
    xx.d[i] = g.gx.d[i] * g.gx.d[i];
    xy.d[i] = g.gx.d[i] * g.gy.d[i];
    yy.d[i] = g.gy.d[i] * g.gy.d[i];
  }
  const [jxx, jxy, jyy] = [blurPlane(xx, 4), blurPlane(xy, 4), blurPlane(yy, 4)];
  const angles: number[] = [];
  for (let y = 12; y < H - 12; y += 3)
    for (let x = 12; x < W - 12; x += 3) {
      // Well inside the wall (the region's edge is an edge of its own).
      if (!(inside(x - 10, y - 10) && inside(x + 10, y + 10) && inside(x - 10, y + 10) && inside(x + 10, y - 10))) continue;
      const i = y * W + x;
      if (!mask.d[i]) continue;
      const a = jxx.d[i];
      const b = jxy.d[i];
      const c = jyy.d[i];
      const coherence = Math.hypot(a - c, 2 * b) / Math.max(1e-9, a + c);
      if (coherence < 0.2) continue;
      // Dominant gradient orientation; the courses run across it.
      const line = 0.5 * Math.atan2(2 * b, a - c) + Math.PI / 2;
      const toVp = Math.atan2(VP[1] - y, VP[0] - x);
      let d = Math.abs(line - toVp) % Math.PI;
      if (d > Math.PI / 2) d = Math.PI - d;
      angles.push((d * 180) / Math.PI);
    }
  angles.sort((p, q) => p - q);
  return { median: angles[angles.length >> 1], n: angles.length };
}

describe('materials on their planes', () => {
  it('lays brick courses toward the plane’s vanishing point (median ≤ 5°), unlike the screen-space mapping', () => {
    const { img, mask } = scene();
    const lum = luminance(img);
    const onPlane = { w: W, h: H, d: img.d.slice() };
    const res = compositeMaterial(onPlane, lum, mask, BRICK, { ...OPTS, plane: PLANE_OF });
    expect(res).toMatchObject({ painted: true, perspective: true });
    const flat = { w: W, h: H, d: img.d.slice() };
    expect(compositeMaterial(flat, lum, mask, BRICK, OPTS).perspective).toBe(false);
    const a = courseAngles(onPlane, mask);
    const b = courseAngles(flat, mask);
    expect(a.n).toBeGreaterThan(500);
    expect(a.median).toBeLessThanOrEqual(5);
    // The control: horizontal screen courses miss the vanishing point by much more.
    expect(b.median).toBeGreaterThan(8);
  });

  it('keeps the photo’s shadow on the new material', () => {
    const { img, mask } = scene();
    const out = { w: W, h: H, d: img.d.slice() };
    compositeMaterial(out, luminance(img), mask, BRICK, { ...OPTS, plane: PLANE_OF, texture: 0 });
    // Mean luminance in the shadow band against just outside it, inside the wall.
    const L = luminance(out);
    let s = 0;
    let sn = 0;
    let l = 0;
    let ln = 0;
    for (let y = 60; y < 300; y++)
      for (let x = 60; x < 400; x++) {
        if (!mask.d[y * W + x]) continue;
        const t = x + y - 300;
        if (t < -12 && t > -60) {
          s += L.d[y * W + x];
          sn++;
        } else if (t > 12 && t < 60) {
          l += L.d[y * W + x];
          ln++;
        }
      }
    const ratio = s / sn / (l / ln);
    // The photo's shadow is 0.55 of the light; the material keeps most of it.
    expect(ratio).toBeLessThan(0.7);
    expect(ratio).toBeGreaterThan(0.4);
  });
});
