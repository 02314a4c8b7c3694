import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet } from '../../../../test/helpers/segmentation-eval.js';
import { KNOWN_WALLS, knownWallPlane, knownWallRegion } from '../../../../test/helpers/known-planes.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { rgbFromBytes, type Plane, type Rgb } from '../pixels/image.js';
import { renderImage, type RenderParams } from './pipeline.js';
import { variationChoice } from './variation.js';
import { jpegRoundTrip, meanAbsDiff } from '../../../../test/helpers/jpeg-noise.js';

/**
 * Variations that differ (issue 30 part 6): the four variations of one request (each with its own
 * seed, as the app sends them) on a real photograph differ far more than JPEG noise, stay in sane
 * ranges, and each says what it chose.
 */
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'flemish', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };
const SEEDS = [4821736190, 1938475620, 7654321098, 3141592653];
let img: Rgb;
let region: Plane;
let params: RenderParams;

beforeAll(async () => {
  const wall = KNOWN_WALLS['aula-palatina'];
  const e = (await loadEvalSet()).find((s) => s.name === wall.photo)!;
  img = rgbFromBytes(e.rgb, e.width, e.height);
  region = knownWallRegion(wall, e);
  params = {
    mode: 'photorealistic',
    seed: 0,
    variation: 1,
    creativity: 3,
    expressivity: 2,
    resemblance: 3,
    buildingHeight: 3000,
    regions: [{ recipe: BRICK, surface: 'wall', plane: knownWallPlane(wall, e.width, e.width, e.height, e.height) }],
  };
}, 60_000);

describe('variations that differ', () => {
  it('gives the four variations four different choices of light, sky, exposure and tone', () => {
    const c = [1, 2, 3, 4].map((v) => variationChoice(v, {}, 1));
    for (const key of ['lighting', 'weather', 'ev'] as const) expect(new Set(c.map((x) => x[key])).size).toBe(4);
    expect(new Set(c.map((x) => x.tone.k)).size).toBe(4);
    expect(new Set(c.map((x) => x.sunSide)).size).toBe(2);
    // What the user chose stays chosen.
    const chosen = variationChoice(2, { lighting: 'sunset', weather: 'rain' }, 1);
    expect(chosen.lighting).toBeUndefined();
    expect(chosen.weather).toBeUndefined();
  });

  it('renders four variations that differ well above JPEG noise, in sane ranges, each with its notes', { timeout: 120_000 }, async () => {
    const notes: string[][] = [];
    const renders = SEEDS.map((seed, k) => {
      const n: string[] = [];
      const out = renderImage(img, [region], { ...params, seed, variation: k + 1 }, () => {}, n);
      notes.push(n);
      return out;
    });
    const decoded = await Promise.all(renders.map((r) => jpegRoundTrip(r, 90)));
    // JPEG noise: the same render encoded at two qualities.
    const noise = meanAbsDiff(decoded[0], await jpegRoundTrip(renders[0], 75));
    const diffs: number[] = [];
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) diffs.push(meanAbsDiff(decoded[a], decoded[b]));
    expect(noise).toBeGreaterThan(0.3);
    expect(Math.min(...diffs)).toBeGreaterThan(3 * noise);
    for (const d of decoded) {
      let sum = 0;
      let clipped = 0;
      for (let i = 0; i < d.length; i += 3) {
        sum += 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
        if (Math.max(d[i], d[i + 1], d[i + 2]) >= 254 || Math.max(d[i], d[i + 1], d[i + 2]) <= 1) clipped++;
      }
      const mean = sum / (d.length / 3) / 255;
      expect(mean).toBeGreaterThan(0.15);
      expect(mean).toBeLessThan(0.85);
      expect(clipped / (d.length / 3)).toBeLessThan(0.05);
    }
    // Each variation says what it did: the sky, the material on its plane, and its own choices.
    for (const n of notes) {
      expect(n.some((s) => s.startsWith('Sky: replaced ('))).toBe(true);
      expect(n).toContain('Brick (Flemish bond) on Region 1 in perspective, pattern ×8.0 real size to stay legible');
    }
    expect(new Set(notes.map((n) => n.join('|'))).size).toBe(4);
  });
});
