import { describe, expect, it } from 'vitest';
import { boxBlurPlane } from '../pixels/filters.js';
import { newPlane } from '../pixels/image.js';
import { spreadCloseBlur } from './sky-edges.js';

describe('spreadCloseBlur', () => {
  it('equals two 3×3 box passes over planes zero but at a few pixels, at the edges and corners too', () => {
    const w = 37;
    const h = 23;
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pixels = [0, w - 1, (h - 1) * w, w * h - 1, w + 1, 2 * w + 5, 5 * w + 5, 5 * w + 6];
    for (let k = 0; k < 40; k++) pixels.push(Math.floor(rand() * w * h));
    const unique = [...new Set(pixels)];
    const values = unique.flatMap(() => [1, rand() * 3, rand(), rand(), rand()]);
    const spread = spreadCloseBlur(unique, values, w, h);
    for (let c = 0; c < 5; c++) {
      const dense = newPlane(w, h);
      unique.forEach((i, n) => (dense.d[i] = values[n * 5 + c]));
      const blurred = boxBlurPlane(boxBlurPlane(dense, 1), 1);
      for (let i = 0; i < w * h; i++) expect(spread[c].d[i]).toBeCloseTo(blurred.d[i], 5);
    }
  });
});
