import type { VanishingPoint } from '../../src/engines/local/geometry/plane.js';
import { blurPlane, sobel } from '../../src/engines/local/pixels/filters.js';
import { luminance, newPlane, type Plane, type Rgb } from '../../src/engines/local/pixels/image.js';

/**
 * How well a rendered material's courses point at a vanishing point: at every other pixel well
 * inside `face` (9 px from its edge) where the output's structure tensor is oriented (coherence
 * ≥ 0.2), the angle between the courses (across the dominant gradient) and the direction to
 * `vp` (homogeneous image point); the median in degrees and how many pixels were measured.
 */
export function courseError(img: Rgb, face: Plane, vp: VanishingPoint): { median: number; n: number } {
  const { w: W, h: H } = img;
  const g = sobel(luminance(img));
  const [xx, xy, yy] = [newPlane(W, H), newPlane(W, H), newPlane(W, H)];
  for (let i = 0; i < W * H; i++) {
    xx.d[i] = g.gx.d[i] * g.gx.d[i];
    xy.d[i] = g.gx.d[i] * g.gy.d[i];
    yy.d[i] = g.gy.d[i] * g.gy.d[i];
  }
  const [jxx, jxy, jyy] = [blurPlane(xx, 3), blurPlane(xy, 3), blurPlane(yy, 3)];
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && face.d[y * W + x] > 0.5;
  const angles: number[] = [];
  for (let y = 10; y < H - 10; y += 2)
    for (let x = 10; x < W - 10; x += 2) {
      const corners = [
        [-9, -9],
        [9, -9],
        [-9, 9],
        [9, 9],
        [0, 0],
      ];
      if (!corners.every(([dx, dy]) => inside(x + dx, y + dy))) continue;
      const i = y * W + x;
      const [a, b, c] = [jxx.d[i], jxy.d[i], jyy.d[i]];
      if (Math.hypot(a - c, 2 * b) / Math.max(1e-9, a + c) < 0.2) continue;
      const line = 0.5 * Math.atan2(2 * b, a - c) + Math.PI / 2;
      const toVp = Math.atan2(vp.y - y * vp.w, vp.x - x * vp.w);
      let d = Math.abs(line - toVp) % Math.PI;
      if (d > Math.PI / 2) d = Math.PI - d;
      angles.push((d * 180) / Math.PI);
    }
  angles.sort((p, q) => p - q);
  return { median: angles[angles.length >> 1], n: angles.length };
}
