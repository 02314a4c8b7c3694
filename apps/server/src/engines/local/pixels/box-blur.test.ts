import { describe, expect, it } from 'vitest';
import { blurPlane, boxBlurPlane } from './filters.js';
import { newPlane, type Plane } from './image.js';
import { mulberry32 } from './prng.js';

/** The square-window mean with edge pixels repeated beyond the borders, by brute force. */
function brute(p: Plane, r: number): Plane {
  const out = newPlane(p.w, p.h);
  const at = (x: number, y: number) => p.d[Math.min(p.h - 1, Math.max(0, y)) * p.w + Math.min(p.w - 1, Math.max(0, x))];
  for (let y = 0; y < p.h; y++)
    for (let x = 0; x < p.w; x++) {
      let s = 0;
      for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) s += at(x + dx, y + dy);
      out.d[y * p.w + x] = s / (2 * r + 1) ** 2;
    }
  return out;
}

describe('box blur', () => {
  it('equals the brute-force window mean for every radius, borders included', () => {
    const rng = mulberry32(11);
    for (const [w, h] of [[37, 23], [5, 41], [64, 3]]) {
      const p = newPlane(w, h);
      for (let i = 0; i < p.d.length; i++) p.d[i] = rng() < 0.1 ? 2 : rng();
      for (const r of [1, 2, 3, 5, 9, 40]) {
        const got = boxBlurPlane(p, r).d;
        const want = brute(p, r).d;
        for (let i = 0; i < got.length; i++) expect(got[i], `${w}x${h} r=${r} at ${i}`).toBeCloseTo(want[i], 5);
      }
    }
  });

  it('blurs at sigma 3 by three box passes of radius 3, each the brute-force window mean', () => {
    const rng = mulberry32(5);
    const p = newPlane(41, 29);
    for (let i = 0; i < p.d.length; i++) p.d[i] = rng();
    const got = blurPlane(p, 3).d;
    const want = brute(brute(brute(p, 3), 3), 3).d;
    for (let i = 0; i < got.length; i++) expect(got[i], `at ${i}`).toBeCloseTo(want[i], 5);
  });
});
