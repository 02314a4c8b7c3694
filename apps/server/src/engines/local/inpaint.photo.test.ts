import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalImage } from '../../../test/helpers/segmentation-eval.js';
import { inpaintImage, outpaintImage } from './inpaint.js';
import { newPlane, rgbFromBytes, type Rgb } from './pixels/image.js';

/**
 * Fill and outpaint on real photographs of the evaluation set's held-out third (issue 30 part 5):
 * what comes into the hole continues what is beside it in the same rows — the plaza where people
 * stood, the sky and the meadow beside a widened picture — not the building above or a smear.
 */
let set: EvalImage[];
beforeAll(async () => {
  set = await loadEvalSet();
}, 60_000);

const photo = (name: string): Rgb => {
  const e = set.find((s) => s.name === name)!;
  return rgbFromBytes(e.rgb, e.width, e.height);
};

/** Mean colour (0-1) over the pixels of a rectangle. */
function meanOf(img: Rgb, x0: number, y0: number, x1: number, y1: number): [number, number, number] {
  const m: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      for (let c = 0; c < 3; c++) m[c] += img.d[(y * img.w + x) * 3 + c];
      n++;
    }
  return m.map((v) => v / n) as [number, number, number];
}
const gap = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) * 255;

describe('fills on real photographs', () => {
  it('outpaints Chambord row by row: sky-coloured beside the sky, grass beside the meadow', () => {
    const img = photo('chambord');
    const W = Math.round(img.w * 1.5);
    const off = Math.round((W - img.w) / 2);
    const out = outpaintImage(img, { width: W, height: img.h, offsetX: off, offsetY: 0 }, 7);
    // Every 16-row band of the new strips' far halves: in the sky (the top 40 %) blue or white
    // cloud, in the meadow (the bottom 30 %) grass; the château's rows between may get château.
    let bands = 0;
    for (let y = 0; y + 16 <= img.h; y += 16) {
      const sky = y + 16 <= img.h * 0.4;
      const meadow = y >= img.h * 0.7;
      if (!sky && !meadow) continue;
      for (const [x0, x1] of [
        [0, Math.round(off / 2)],
        [W - Math.round(off / 2), W],
      ]) {
        const [r, g, b] = meanOf(out, x0, y, x1, y + 16);
        bands++;
        if (sky) expect(b, `sky band at row ${y}`).toBeGreaterThanOrEqual(r);
        else {
          // Grass, green to the dry yellow-green of the photo's own bottom rows.
          expect(g, `meadow band at row ${y}`).toBeGreaterThan(b + 0.05);
          expect(g, `meadow band at row ${y}`).toBeGreaterThan(r - 0.02);
        }
      }
    }
    expect(bands).toBeGreaterThan(20);
  }, 60_000);

  it('fills where people stood on the Palais des Papes’ plaza with plaza, not the building’s foot above it (the fill’s mean within 25 levels of the plaza beside it)', () => {
    const img = photo('palais-des-papes');
    const mask = newPlane(img.w, img.h);
    const [x0, y0, x1, y1] = [184, 334, 230, 382];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask.d[y * img.w + x] = 1;
    const out = inpaintImage(img, mask, { seed: 7 });
    // The lower half of the hole is all plaza around it: left and right of it, same rows.
    const fill = meanOf(out, x0, 360, x1, y1);
    const beside = meanOf(img, x1 + 4, 360, x1 + 60, y1).map((v, c) => (v + meanOf(img, x0 - 40, 368, x0 - 4, y1)[c]) / 2);
    // Sources taken rows away (the shadowed foot of the palace) give about 60.
    expect(gap(fill, beside)).toBeLessThan(25);
  }, 60_000);
});
