import type { Field } from '../../src/engines/local/synthesis/patchmatch.js';

/**
 * Figures of a fill: how much of it was cloned in one piece (the largest 4-connected area of hole
 * pixels whose matches share one source offset, give or take a pixel, as a fraction of the hole).
 */
export function largestCopiedShare(field: Field, hole: Uint8Array, w: number): number {
  const { sx, sy } = field;
  const h = hole.length / w;
  const seen = new Uint8Array(hole.length);
  let total = 0;
  let largest = 0;
  const stack: number[] = [];
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    total++;
    if (seen[i] || sx[i] < 0) continue;
    const ox = sx[i] - (i % w);
    const oy = sy[i] - Math.floor(i / w);
    let n = 0;
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const j = stack.pop()!;
      n++;
      const x = j % w;
      const y = (j - x) / w;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const k = ny * w + nx;
        if (seen[k] || !hole[k] || sx[k] < 0 || Math.abs(sx[k] - nx - ox) > 1 || Math.abs(sy[k] - ny - oy) > 1) continue;
        seen[k] = 1;
        stack.push(k);
      }
    }
    largest = Math.max(largest, n);
  }
  return total ? largest / total : 0;
}
