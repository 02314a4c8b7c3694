import { beforeAll, describe, expect, it } from 'vitest';
import { largestCopiedShare } from '../../../test/helpers/fill-scores.js';
import { loadEvalSet, type EvalImage } from '../../../test/helpers/segmentation-eval.js';
import { inpaintImage, outpaintImage, outpaintKinds, regionKinds } from './inpaint.js';
import { rgbToLab } from './pixels/color.js';
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

/** Sum over channels of |a(x+1, y) - a(x, y)|: the step between two horizontal neighbours. */
function stepRight(img: Rgb, x: number, y: number): number {
  let s = 0;
  for (let c = 0; c < 3; c++) s += Math.abs(img.d[(y * img.w + x + 1) * 3 + c] - img.d[(y * img.w + x) * 3 + c]);
  return s;
}

/** Mean gradient magnitude (|dx| + |dy| over channels) over the columns [x0, x1) of rows [y0, y1). */
function textureEnergy(img: Rgb, x0: number, x1: number, y0: number, y1: number): number {
  let s = 0;
  let n = 0;
  for (let y = y0; y < Math.min(y1, img.h - 1); y++)
    for (let x = x0; x < Math.min(x1, img.w - 1); x++) {
      for (let c = 0; c < 3; c++) s += Math.abs(img.d[(y * img.w + x + 1) * 3 + c] - img.d[(y * img.w + x) * 3 + c]) + Math.abs(img.d[((y + 1) * img.w + x) * 3 + c] - img.d[(y * img.w + x) * 3 + c]);
      n++;
    }
  return s / n;
}

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

  it('outpaints Chambord’s sky with sky only: no tower, roof or lantern beside the photo’s sky', () => {
    const img = photo('chambord');
    const W = Math.round(img.w * 1.5);
    const off = Math.round((W - img.w) / 2);
    const lum = (m: number[]) => 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2];
    // Sky here is blue or white to grey cloud, never warm (the château's sunlit stone) nor much
    // darker than the darkest 8-pixel block of the photo's top 15 % (slate roofs and lanterns are).
    let darkestSky = Infinity;
    for (let y = 0; y + 8 <= img.h * 0.15; y += 8) for (let x = 0; x + 8 <= img.w; x += 8) darkestSky = Math.min(darkestSky, lum(meanOf(img, x, y, x + 8, y + 8)));
    const skyLike = (m: number[]) => m[2] >= m[0] - 0.04 && lum(m) >= darkestSky - 0.15;
    for (const seed of [1, 2, 3, 4, 5, 6, 7]) {
      const out = outpaintImage(img, { width: W, height: img.h, offsetX: off, offsetY: 0 }, seed);
      let checked = 0;
      const offending: string[] = [];
      // Each side's rows, from the top down, for as long as the photo's edge beside them is sky
      // (and stays sky for 8 more rows: where the skyline meets the edge is a matter of pixels).
      for (const [x0, x1, edge] of [
        [0, off, off],
        [off + img.w, W, off + img.w - 6],
      ]) {
        for (let y = 0; y + 12 <= img.h && skyLike(meanOf(out, edge, y, edge + 6, y + 12)); y += 4)
          for (let x = x0; x + 4 <= x1; x += 4) {
            checked++;
            if (!skyLike(meanOf(out, x, y, x + 4, y + 4))) offending.push(`${x},${y}`);
          }
      }
      expect(checked).toBeGreaterThan(500);
      expect(offending, `seed ${seed}`).toEqual([]);
    }
  }, 120_000);

  it('outpaints Chambord with the texture of the photo and no seam where the photo ends', () => {
    const img = photo('chambord');
    const W = Math.round(img.w * 1.5);
    const off = Math.round((W - img.w) / 2);
    for (const seed of [1, 2, 3, 4, 5, 6, 7]) {
    const out = outpaintImage(img, { width: W, height: img.h, offsetX: off, offsetY: 0 }, seed);
    // The meadow's bottom 40 %: the new strips as busy as the photo's own grass in those rows
    // (a smear scores well under half).
    const y0 = Math.round(img.h * 0.6);
    const synth = (textureEnergy(out, 0, off - 2, y0, img.h) + textureEnergy(out, off + img.w + 2, W, y0, img.h)) / 2;
    const source = textureEnergy(out, off + 2, off + img.w - 2, y0, img.h);
    // The step across each border column, against the steps a few columns to either side of it.
    let across = 0;
    let inside = 0;
    for (let y = 0; y < img.h; y++)
      for (const edge of [off - 1, off + img.w - 1]) {
        across += stepRight(out, edge, y);
        for (const d of [-12, -6, 6, 12]) inside += stepRight(out, edge + d, y) / 4;
      }
    expect(synth / source).toBeGreaterThan(0.8);
    expect(across / inside).toBeLessThan(1.8);
    }
  }, 120_000);

  it('outpaints without pasting one piece of the photo whole: no source offset covers a large part of the new strips (a second tower or wing)', () => {
    const shares: number[] = [];
    // Neuschwanstein (training: the previous fill pasted the castle's lower wall beside the
    // treeline, 9-10 % of the strips from one offset) and Chambord (held-out: its end pavilion
    // again beside the trees, 5-6 %).
    for (const name of ['neuschwanstein', 'chambord'])
      for (const seed of [2, 7]) {
        const img = photo(name);
        const W = Math.round(img.w * 1.5);
        let share = 1;
        outpaintImage(img, { width: W, height: img.h, offsetX: Math.round((W - img.w) / 2), offsetY: 0 }, seed, undefined, (work, hole) => (share = largestCopiedShare(work.field, hole, work.img.w)));
        expect(share, `${name} seed ${seed}`).toBeLessThan(0.06);
        shares.push(share);
      }
    expect(shares.reduce((a, b) => a + b) / shares.length).toBeLessThan(0.045);
  }, 120_000);

  it('outpaints Egeskov on all four sides with sky above it: the tree and the castle cut by the photo’s top do not climb to the canvas’s top', () => {
    // Egeskov (training): the previous strips took each column's kind from the photo's top row, so
    // the tree at its top right made the whole strip above it "not sky" and the castle was pasted
    // up there; the dark corners of the sky made the corners "not sky" too.
    const img = photo('egeskov');
    const W = Math.round(img.w * 1.5);
    const H = Math.round(img.h * 1.5);
    const canvas = { width: W, height: H, offsetX: Math.round((W - img.w) / 2), offsetY: Math.round((H - img.h) / 2) };
    const skyLike = (m: number[]) => m[2] >= m[0] - 0.04 && m[2] > 0.45;
    for (const seed of [1, 2, 3]) {
      const out = outpaintImage(img, canvas, seed);
      // The canvas's top quarter of the strip above the photo, all across: 8-pixel blocks of sky.
      const offending: string[] = [];
      for (let y = 0; y + 8 <= canvas.offsetY / 2; y += 8) for (let x = 0; x + 8 <= W; x += 8) if (!skyLike(meanOf(out, x, y, x + 8, y + 8))) offending.push(`${x},${y}`);
      expect(offending, `seed ${seed}`).toEqual([]);
    }
  }, 120_000);

  it('outpaints Egeskov wider with its trees beside the trees: neither a pale block of sky nor a piece of the castle in the rows where the photo’s edge is a tree', () => {
    // Egeskov (training). (1) The coarsest guess of the fill (peelFill) ignored the sky / not-sky
    // cost the later passes pay, so the left strip's tree rows began as a pale block of sky.
    // (2) With sources reaching 30 % of the canvas's long side, both strips copied the castle
    // itself: its wing beside the trees on the left, its gabled tower above the tree on the right
    // (brick-red pixels in those rows, seeds 1, 2, 3, 7: left 68.7 / 34.0 / 36.9 / 45.5 %, right
    // 22.3 / 54.1 / 25.4 / 29.6 %; within 20 %: left 4.8 / 0.1 / 3.5 / 2.2 %, right 0 %).
    const e = set.find((s) => s.name === 'egeskov')!;
    const img = photo('egeskov');
    const W = Math.round(img.w * 1.5);
    const canvas = { width: W, height: img.h, offsetX: Math.round((W - img.w) / 2), offsetY: 0 };
    // Rows whose 8 pixels along one edge are (at least 6 of them) vegetation by the hand-made mask.
    const treeRows = (x0: number) => {
      const rows: number[] = [];
      for (let y = 0; y < img.h; y++) {
        let tree = 0;
        for (let x = x0; x < x0 + 8; x++) if (e.truth[y * img.w + x] === 5) tree++;
        if (tree >= 6) rows.push(y);
      }
      return rows;
    };
    const sides = [
      { rows: treeRows(0), x0: 0, x1: canvas.offsetX },
      { rows: treeRows(img.w - 8), x0: canvas.offsetX + img.w, x1: W },
    ];
    for (const side of sides) expect(side.rows.length).toBeGreaterThan(40);
    const wrong = [1, 2, 3].map((seed) => {
      const out = outpaintImage(img, canvas, seed);
      return sides.map(({ rows, x0, x1 }) => {
        let pale = 0;
        let brick = 0;
        let all = 0;
        for (const y of rows)
          for (let x = x0; x < x1; x++) {
            const i = (y * W + x) * 3;
            const [r, g, b] = [out.d[i], out.d[i + 1], out.d[i + 2]];
            all++;
            if (0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5) pale++;
            if (r > g + 0.1 && r > b + 0.1) brick++;
          }
        return { pale: pale / all, brick: brick / all };
      });
    });
    const mean = (pick: (w: (typeof wrong)[number]) => number) => wrong.reduce((a, w) => a + pick(w), 0) / wrong.length;
    expect(mean((w) => w[0].brick), 'castle brick in the left strip').toBeLessThan(0.06);
    expect(mean((w) => w[1].brick), 'castle brick in the right strip').toBeLessThan(0.02);
    expect(mean((w) => w[0].pale), 'pale pixels in the left strip').toBeLessThan(0.25);
    expect(mean((w) => w[0].pale + w[0].brick), 'pale or brick in the left strip').toBeLessThan(0.3);
  }, 120_000);

  it('outpaints the Great Stupa’s ground and walls with no sky: the new not-sky pixels keep off the photo’s sky colours', () => {
    // Great Stupa (training): not-sky targets took patches that were partly sky (the sky above the
    // wall's top pasted on beside it): 4-6 % of the not-sky strip pixels within ΔE 10 of a sky colour
    // (seeds 1-3), 1.1-1.4 % since.
    const img = photo('great-stupa');
    const W = Math.round(img.w * 1.5);
    const H = Math.round(img.h * 1.5);
    const canvas = { width: W, height: H, offsetX: Math.round((W - img.w) / 2), offsetY: Math.round((H - img.h) / 2) };
    const inPhoto = (x: number, y: number) => x >= canvas.offsetX && x < canvas.offsetX + img.w && y >= canvas.offsetY && y < canvas.offsetY + img.h;
    const skyOfPhoto = regionKinds(img);
    const lab = [0, 0, 0];
    const skyColours: number[][] = [];
    for (let i = 0; i < skyOfPhoto.length; i += 97) {
      if (!skyOfPhoto[i]) continue;
      rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
      skyColours.push([...lab]);
    }
    expect(skyColours.length).toBeGreaterThan(100);
    const kinds = outpaintKinds(img, canvas);
    for (const seed of [1, 2, 3]) {
      const out = outpaintImage(img, canvas, seed);
      let notSky = 0;
      let skyColoured = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const i = y * W + x;
          if (inPhoto(x, y) || kinds[i]) continue;
          notSky++;
          rgbToLab(out.d[i * 3], out.d[i * 3 + 1], out.d[i * 3 + 2], lab);
          if (skyColours.some((c) => Math.hypot(c[0] - lab[0], c[1] - lab[1], c[2] - lab[2]) <= 10)) skyColoured++;
        }
      expect(notSky).toBeGreaterThan(W * H * 0.2);
      expect(skyColoured / notSky, `seed ${seed}`).toBeLessThan(0.025);
    }
  }, 120_000);

  it('outpaints the Taj Mahal’s sky with the sky’s vertical gradient: pale near the horizon as the photo is in the same rows', () => {
    const img = photo('taj-mahal');
    const W = Math.round(img.w * 1.5);
    const off = Math.round((W - img.w) / 2);
    const skyLike = (m: number[]) => m[2] >= m[0] - 0.04 && m[2] > 0.45;
    for (const seed of [1, 2, 3, 4, 5]) {
      const out = outpaintImage(img, { width: W, height: img.h, offsetX: off, offsetY: 0 }, seed);
      const low: number[] = [];
      // Each side's rows, 8 at a time from the top down, for as long as the photo's 24 columns
      // beside the border are sky: the new strip's mean colour against theirs in the same rows,
      // over the lower half of those rows (the pale haze above the horizon). The previous fill
      // copied the deep blue from high up there (17-18 levels off on the right, 12-15 on the left).
      for (const [x0, x1, edge] of [
        [0, off, off],
        [off + img.w, W, off + img.w - 24],
      ]) {
        const gaps: number[] = [];
        for (let y = 0; y + 8 <= img.h && skyLike(meanOf(out, edge, y, edge + 24, y + 8)); y += 8) gaps.push(gap(meanOf(out, x0, y, x1, y + 8), meanOf(out, edge, y, edge + 24, y + 8)));
        expect(gaps.length).toBeGreaterThan(20);
        low.push(...gaps.slice(gaps.length >> 1));
      }
      expect(low.reduce((p, q) => p + q) / low.length, `seed ${seed}`).toBeLessThan(14);
    }
  }, 120_000);

  it('keeps the grain of the grass in a thin fill across Chambord’s meadow (not a smooth stripe)', () => {
    const img = photo('chambord');
    const mask = newPlane(img.w, img.h);
    const [x0, y0, x1, y1] = [240, Math.round(img.h * 0.62), 248, Math.round(img.h * 0.95)];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask.d[y * img.w + x] = 1;
    const beside = (textureEnergy(img, x0 - 40, x0 - 8, y0, y1) + textureEnergy(img, x1 + 8, x1 + 40, y0, y1)) / 2;
    // Over seven seeds (one seed's fill may land on a calmer patch of grass than another's).
    const ratios = [1, 2, 3, 4, 5, 6, 7].map((seed) => textureEnergy(inpaintImage(img, mask, { seed }), x0, x1 - 1, y0, y1) / beside);
    for (const r of ratios) expect(r).toBeGreaterThan(0.6);
    expect(ratios.reduce((a, b) => a + b) / ratios.length).toBeGreaterThan(0.75);
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
