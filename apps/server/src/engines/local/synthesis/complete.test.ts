import { describe, expect, it } from 'vitest';
import { newRgb, type Rgb } from '../pixels/image.js';
import { mulberry32 } from '../pixels/prng.js';
import { upsampleCompletion } from './complete.js';

/** Mean gradient (|dx| + |dy| of the red channel) over [x0, x1) x [y0, y1). */
function grain(img: Rgb, x0: number, x1: number, y0: number, y1: number): number {
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * img.w + x) * 3;
      s += Math.abs(img.d[i + 3] - img.d[i]) + Math.abs(img.d[i + img.w * 3] - img.d[i]);
      n++;
    }
  return s / n;
}

describe('bringing a completion up to the full size', () => {
  it('copies the grain of the sources instead of averaging neighbours that copy from different places', () => {
    // A grainy photo at twice the working size, and a working field whose neighbouring pixels
    // alternate between two sources (two equally good matches: a thin fill across gravel).
    const ww = 48;
    const wh = 32;
    const full = newRgb(ww * 2, wh * 2);
    const r = mulberry32(3);
    for (let i = 0; i < full.w * full.h; i++) full.d[i * 3] = full.d[i * 3 + 1] = full.d[i * 3 + 2] = 0.4 + 0.2 * r();
    const hole = new Uint8Array(full.w * full.h);
    for (let y = 16; y < 48; y++) for (let x = 16; x < 40; x++) hole[y * full.w + x] = 1;
    const sx = new Int32Array(ww * wh).fill(-1);
    const sy = new Int32Array(ww * wh).fill(-1);
    const dist = new Float32Array(ww * wh).fill(Infinity);
    const targets: number[] = [];
    for (let qy = 6; qy < 26; qy++)
      for (let qx = 6; qx < 22; qx++) {
        const q = qy * ww + qx;
        const other = (qx + qy) % 2 === 1;
        sx[q] = qx + (other ? 19 : 16);
        sy[q] = qy + (other ? 2 : 0);
        dist[q] = 0.01;
        targets.push(q);
      }
    const work = { img: newRgb(ww, wh), field: { targets: Int32Array.from(targets), sx, sy, dist } };
    const out = upsampleCompletion(full, hole, work);
    // The sources' own grain: the averaged copies scored about 0.7 of it.
    expect(grain(out, 18, 38, 18, 46) / grain(full, 50, 90, 8, 56)).toBeGreaterThan(0.9);
  });
});
