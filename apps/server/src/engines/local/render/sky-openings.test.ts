import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import { skyline, skyShareWhere } from '../../../../test/helpers/sky-matte-score.js';
import { towerThroughArch } from '../../../../test/helpers/drawn-arch.js';
import { blurRgb } from '../pixels/filters.js';
import { fbm } from '../pixels/noise.js';
import { newRgb, rgbFromBytes, type Plane, type Rgb } from '../pixels/image.js';
import { detectSky } from './sky.js';

/** Share of the pixels in a box (x0, y0, x1, y1, inclusive) that the truth calls `cls` and that have sky alpha > 0.5. */
function skyShare(img: EvalImage, alpha: Plane, [x0, y0, x1, y1]: number[], cls: 'sky' | 'scene'): { share: number; count: number } {
  let count = 0;
  let sky = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * img.width + x;
      const t = img.truth[i];
      if (t === 255 || (cls === 'sky') !== (t === 0)) continue;
      count++;
      if (alpha.d[i] > 0.5) sky++;
    }
  return { share: sky / Math.max(1, count), count };
}

/**
 * Sky seen through openings (training photos of the evaluation set): the flood fill from the top
 * edge cannot reach the sky between the Brandenburg Gate's columns nor the sky under Arles' arches,
 * which stayed old sky (0 % of it replaced) beside the new. Boxes inside the hand mask's openings
 * (its sky polygons, inset), and the columns between them.
 */
const GATE_OPENINGS = [
  [92, 204, 99, 262],
  [153, 204, 174, 270],
  [212, 202, 266, 296],
  [302, 204, 326, 286],
  [374, 204, 385, 264],
];
const GATE_COLUMNS = [
  [182, 210, 204, 290],
  [275, 210, 295, 290],
  [335, 210, 365, 290],
];
/** The arch at 196-206 is half hidden: too sparse an area to be told from a glazed front (OPENING_FILL), it stays old. */
const ARLES_ARCHES = [[292, 192, 312, 218]];
let set: EvalImage[];

beforeAll(async () => {
  set = (await loadEvalSet()).filter((s) => s.name === 'brandenburg-gate' || s.name === 'arles-amphitheatre');
}, 60_000);

describe('sky seen through openings', () => {
  it('replaces the sky between the Brandenburg Gate columns whole (clouds and pale horizon too) and turns no column', () => {
    const img = set.find((s) => s.name === 'brandenburg-gate')!;
    const alpha = detectSky(rgbFromBytes(img.rgb, img.width, img.height)).mask;
    for (const box of GATE_OPENINGS) {
      const { share, count } = skyShare(img, alpha, box, 'sky');
      expect(count, `opening ${box}`).toBeGreaterThan(300);
      expect(share, `opening ${box}`).toBeGreaterThan(0.95);
    }
    for (const box of GATE_COLUMNS) {
      const { share, count } = skyShare(img, alpha, box, 'scene');
      expect(count, `column ${box}`).toBeGreaterThan(1500);
      expect(share, `column ${box}`).toBe(0);
    }
    const { turned, kept } = skyline(img, alpha);
    expect(turned).toBeLessThan(0.004);
    expect(kept).toBeGreaterThan(0.97);
  });

  it("replaces the sky under Arles' arches", () => {
    const img = set.find((s) => s.name === 'arles-amphitheatre')!;
    const alpha = detectSky(rgbFromBytes(img.rgb, img.width, img.height)).mask;
    for (const box of ARLES_ARCHES) expect(skyShare(img, alpha, box, 'sky').share, `arch ${box}`).toBeGreaterThan(0.95);
    expect(skyline(img, alpha).turned).toBeLessThan(0.001);
  });
});

/**
 * A warm stone front against a blue sky with three recesses: an opening showing the sky (blue, a white
 * cloud band, a pale horizon, dark trees below), a glass pane reflecting the sky (darker than it),
 * and a white stone niche. The opening is replaced whole, the glass and the white stone not at all.
 */
function frontWithOpenings(): Rgb {
  const w = 384;
  const h = 256;
  const img = newRgb(w, h);
  const sky = (y: number): number[] => {
    const t = Math.min(1, y / 220);
    return [0.45 + 0.4 * t, 0.62 + 0.28 * t, 0.92 + 0.05 * t];
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const grain = 0.9 + 0.2 * (fbm(x / 3, y / 3, 7, 2) * 0.5 + 0.5);
      let rgb = [0.72 * grain, 0.52 * grain, 0.32 * grain];
      if (y >= 236) rgb = [0.3 * grain, 0.3 * grain, 0.3 * grain];
      else if (y < 60 || x < 24 || x >= 360) rgb = sky(y);
      else if (x >= 40 && x < 100 && y >= 100 && y < 230) {
        rgb = sky(y);
        const cloud = Math.exp(-(((y - 150) / 8) ** 2)) * (0.6 + 0.4 * (fbm(x / 6, y / 4, 3, 3) * 0.5 + 0.5));
        rgb = rgb.map((c) => c + (0.93 - c) * cloud);
        if (y >= 205 + 4 * Math.sin(x / 5)) rgb = [0.1, 0.16, 0.08];
      } else if (x >= 160 && x < 220 && y >= 100 && y < 200) rgb = (x - 160) % 20 < 2 ? [0.2, 0.2, 0.22] : [0.3, 0.42, 0.58];
      else if (x >= 280 && x < 340 && y >= 100 && y < 200) rgb = [0.9, 0.88, 0.84];
      img.d.set(rgb, (y * w + x) * 3);
    }
  return blurRgb(img, 0.8);
}

describe('openings, glass and white stone', () => {
  it('replaces an opening whole and leaves glass and white stone alone', () => {
    const img = frontWithOpenings();
    const alpha = detectSky(img).mask;
    const mean = (x0: number, y0: number, x1: number, y1: number) => {
      let s = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += alpha.d[y * img.w + x];
      return s / ((x1 - x0) * (y1 - y0));
    };
    expect(mean(44, 104, 96, 140)).toBeGreaterThan(0.98); // blue
    expect(mean(44, 144, 96, 156)).toBeGreaterThan(0.98); // the cloud band
    expect(mean(44, 170, 96, 198)).toBeGreaterThan(0.98); // the pale horizon
    expect(mean(44, 214, 96, 228)).toBe(0); // the trees
    expect(mean(164, 104, 216, 196)).toBe(0); // glass
    expect(mean(284, 104, 336, 196)).toBe(0); // white stone
    expect(mean(26, 70, 36, 230)).toBe(0); // the stone front
    expect(mean(0, 240, 384, 256)).toBe(0); // the ground
  });
});

describe('a tall arch with a tower in it', () => {
  it('replaces the sky seen up through the arch down to the bottom edge, and none of the tower', () => {
    // Qutub Minar (held out): 12 % of its sky was replaced, only the strip above the arch; the arch's
    // sky reaches the bottom edge and fills 0.45 of its box, so it was not taken as an opening.
    const { img, opening, tower } = towerThroughArch();
    const alpha = detectSky(img).mask;
    expect(skyShareWhere(alpha, opening)).toBeGreaterThan(0.97);
    expect(skyShareWhere(alpha, tower)).toBe(0);
  });

  it('replaces the sky up to a dark arch, whose strong edge makes the sky beside it textured', () => {
    // Qutub Minar: a band of old dark-blue sky stayed along the arch's inner edge (the opening,
    // grown through smooth pixels only, stopped short of the stone by the texture filter's reach).
    const { img, rim, tower } = towerThroughArch(0.3);
    const alpha = detectSky(img).mask;
    expect(skyShareWhere(alpha, rim)).toBeGreaterThan(0.9);
    expect(skyShareWhere(alpha, tower)).toBe(0);
  });
});
