import { describe, expect, it } from 'vitest';
import { median } from './stats.js';

describe('median', () => {
  it('is the element a sort puts at n >> 1, for odd and even counts, ties and sorted input', () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const cases: number[][] = [[5], [2, 1], [3, 3, 3, 3], [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1, 0]];
    for (let n = 1; n < 300; n += 7) {
      cases.push(Array.from({ length: n }, () => rand() * 100 - 50));
      cases.push(Array.from({ length: n }, () => Math.floor(rand() * 4)));
    }
    for (const v of cases) expect(median(v)).toBe([...v].sort((a, b) => a - b)[v.length >> 1]);
  });

  it('leaves its input as it was', () => {
    const v = [3, 1, 2];
    median(v);
    expect(v).toEqual([3, 1, 2]);
  });
});
