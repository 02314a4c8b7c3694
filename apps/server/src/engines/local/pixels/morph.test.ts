import { describe, expect, it } from 'vitest';
import { dilatePlane, erodePlane } from './filters.js';
import { newPlane, type Plane } from './image.js';
import { mulberry32 } from './prng.js';

/** The square-window maximum or minimum, clipped at the borders, by brute force. */
function brute(p: Plane, r: number, max: boolean): Plane {
  const out = newPlane(p.w, p.h);
  for (let y = 0; y < p.h; y++)
    for (let x = 0; x < p.w; x++) {
      let v = max ? -Infinity : Infinity;
      for (let yy = Math.max(0, y - r); yy <= Math.min(p.h - 1, y + r); yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(p.w - 1, x + r); xx++) v = max ? Math.max(v, p.d[yy * p.w + xx]) : Math.min(v, p.d[yy * p.w + xx]);
      out.d[y * p.w + x] = v;
    }
  return out;
}

describe('grey-level dilation and erosion', () => {
  it('equal the brute-force window maximum and minimum for every radius, borders included', () => {
    const rng = mulberry32(7);
    for (const [w, h] of [[37, 23], [5, 41], [64, 3]]) {
      const p = newPlane(w, h);
      for (let i = 0; i < p.d.length; i++) p.d[i] = rng() < 0.1 ? 2 : rng();
      for (const r of [1, 2, 3, 5, 9, 40]) {
        expect(Array.from(dilatePlane(p, r).d), `dilate ${w}x${h} r=${r}`).toEqual(Array.from(brute(p, r, true).d));
        expect(Array.from(erodePlane(p, r).d), `erode ${w}x${h} r=${r}`).toEqual(Array.from(brute(p, r, false).d));
      }
    }
  });
});
