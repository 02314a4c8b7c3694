import { describe, expect, it } from 'vitest';
import { newRgb, type Rgb } from '../pixels/image.js';
import { matchBorder } from './blend.js';

/** A photo whose light falls off from left to right (a sunlit wall into shade). */
function litWall(w: number, h: number): Rgb {
  const img = newRgb(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) img.d[(y * w + x) * 3 + c] = 0.8 - (0.5 * x) / w + 0.05 * c;
  return img;
}

describe('matching a fill to the light around its hole', () => {
  it('takes out a fill’s brightness step against the photo and keeps the fill’s own detail', () => {
    const w = 96;
    const h = 64;
    const photo = litWall(w, h);
    const hole = new Uint8Array(w * h);
    const ring = new Uint8Array(w * h);
    for (let y = 16; y < 48; y++)
      for (let x = 24; x < 72; x++) {
        hole[y * w + x] = 1;
        ring[y * w + x] = y < 19 || y >= 45 || x < 27 || x >= 69 ? 1 : 0;
      }
    // The fill came from a brighter place: the photo's own light plus 0.15, plus a fine stripe.
    const fill = { w, h, d: photo.d.slice() };
    const stripe = (x: number) => (x % 4 < 2 ? 0.03 : -0.03);
    for (let i = 0; i < w * h; i++) if (hole[i]) for (let c = 0; c < 3; c++) fill.d[i * 3 + c] += 0.15 + stripe(i % w);
    matchBorder(photo, fill, hole, ring);
    let err = 0;
    let n = 0;
    let stripeLeft = 0;
    for (let y = 20; y < 44; y++)
      for (let x = 28; x < 68; x++) {
        const i = y * w + x;
        // The step is gone: on average the fill sits on the photo's light...
        err += fill.d[i * 3] - photo.d[i * 3] - stripe(x);
        n++;
        // ...and the stripe (the fill's texture) is still there.
        if (x % 4 === 0) stripeLeft += fill.d[i * 3] - fill.d[(i + 2) * 3];
      }
    expect(Math.abs(err / n)).toBeLessThan(0.03);
    expect(stripeLeft / (n / 4)).toBeGreaterThan(0.05);
  });

  it('leaves the pixels outside the hole alone', () => {
    const w = 40;
    const h = 30;
    const photo = litWall(w, h);
    const hole = new Uint8Array(w * h);
    const ring = new Uint8Array(w * h);
    for (let y = 10; y < 20; y++) for (let x = 10; x < 30; x++) hole[y * w + x] = ring[y * w + x] = y === 10 || x === 10 ? 1 : 0;
    const fill = { w, h, d: photo.d.map((v) => v * 0.5) };
    const before = fill.d.slice();
    matchBorder(photo, fill, hole, ring);
    for (let i = 0; i < w * h; i++) if (!hole[i]) expect(fill.d[i * 3]).toBe(before[i * 3]);
  });
  it('keeps the structure a fill continues across a thin vertical hole when it places an edge a few pixels off', () => {
    // A dark window (upper left) beside a wall with sills (dark horizontal bands every 12 rows)
    // and pilasters, behind a lamp post.
    const w = 64;
    const h = 96;
    const windowEnd = 28;
    const scene = (x: number, y: number, edge: number) => (x < edge && y < 48 ? 0.1 : y % 12 < 4 ? 0.25 : x % 16 < 4 ? 0.7 : 0.5);
    const photo = newRgb(w, h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) photo.d[(y * w + x) * 3 + c] = scene(x, y, windowEnd);
    const hole = new Uint8Array(w * h);
    const ring = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 24; x < 40; x++) {
        hole[y * w + x] = 1;
        ring[y * w + x] = x < 26 || x >= 38 ? 1 : 0;
      }
    // The synthesis continued the sills and the wall but ended the window four pixels early, so its
    // left band shows wall where the photo is still window: structure, not light.
    const fill = { w, h, d: photo.d.slice() };
    for (let i = 0; i < w * h; i++) if (hole[i]) for (let c = 0; c < 3; c++) fill.d[i * 3 + c] = scene(i % w, Math.floor(i / w), windowEnd - 4);
    const expected = fill.d.slice();
    matchBorder(photo, fill, hole, ring);
    let energyIn = 0;
    let energyBeside = 0;
    let off = 0;
    let n = 0;
    for (let y = 49; y < h; y++)
      for (let x = 28; x < 36; x++) {
        const i = (y * w + x) * 3;
        energyIn += Math.abs(fill.d[i] - fill.d[i - w * 3]);
        energyBeside += Math.abs(photo.d[i + 16 * 3] - photo.d[i + 16 * 3 - w * 3]);
      }
    for (let y = 0; y < h; y++)
      for (let x = 28; x < 36; x++) {
        const i = (y * w + x) * 3;
        off += Math.abs(fill.d[i] - expected[i]);
        n++;
      }
    // The fill's sills and wall are not flattened or recoloured by the misplaced window edge.
    expect(energyIn / energyBeside).toBeGreaterThan(0.8);
    expect(off / n).toBeLessThan(0.02);
  });
});
