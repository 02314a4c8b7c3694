import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import { skyline, skylineFringe, truthRegion } from '../../../../test/helpers/sky-matte-score.js';
import { blurRgb } from '../pixels/filters.js';
import { fbm } from '../pixels/noise.js';
import { cloneRgb, newRgb, rgbFromBytes, type Rgb } from '../pixels/image.js';
import { decontaminateEdges } from './sky-edges.js';
import { matteSky } from './sky-matte.js';
import { detectSky } from './sky.js';

/**
 * The sky matte on labelled photographs (test/fixtures/segmentation-eval, class 0 = sky): no
 * pixel the truth calls non-sky (beyond a 2 px band at the skyline) gets sky alpha > 0.5, and
 * the true sky is still replaced. The previous matte (coarse region as alpha 1, per-row colour
 * test at its edge) turned 0.8-2.1 % of these photos' building into sky from the same input.
 */
const PHOTOS = ['chichen-itza', 'notre-dame-night', 'taj-mahal', 'worms-cathedral-model', 'victoria-memorial', 'nagoya-castle', 'washington-birthplace'];
/** Photos whose own sky detection is checked too: sky against stone, slate, marble and trees. */
const DETECTED = ['victoria-memorial', 'nagoya-castle', 'washington-birthplace', 'worms-cathedral-model', 'lincoln-memorial', 'trier-imperial-baths', 'berlin-cathedral', 'golden-temple', 'qutub-minar', 'charminar'];
let set: EvalImage[];
let detected: EvalImage[];

beforeAll(async () => {
  const all = await loadEvalSet();
  set = all.filter((s) => PHOTOS.includes(s.name));
  detected = all.filter((s) => DETECTED.includes(s.name));
}, 60_000);

describe('sky matte on labelled photographs', () => {
  it('turns no more than 0.5 % of the non-sky pixels into sky, given the true sky region', () => {
    expect(set.map((s) => s.name).sort()).toEqual([...PHOTOS].sort());
    for (const img of set) {
      const { turned, kept } = skyline(img, matteSky(rgbFromBytes(img.rgb, img.width, img.height), truthRegion(img)).mask);
      expect(turned, img.name).toBeLessThanOrEqual(0.005);
      expect(kept, img.name).toBeGreaterThanOrEqual(0.96);
    }
  });

  it("keeps the building out of the sky with the engine's own sky detection", () => {
    // The skyline score counts a coarse "building" label as non-sky since session 14 (it left those
    // pixels out before, so a building labelled coarsely never counted as turned): Berlin Cathedral
    // 1.08 % (mostly white cloud inside its traced building outline, whose correction took only the
    // blue sky), Nagoya Castle 1.14 % (0.67 % once a grey annex in shade was no longer a cloud bank;
    // the rest is sky inside its traced outline at the roofs' tips),
    // Victoria Memorial 0.76 % (0.71 % once a cloud bank's rim stopped at stone lighter than the sky
    // beside it, 0.02 % once the sky its traced outline cut across was left out of the mask), the
    // others within 0.5 %. Session 18: Berlin 0.45 % (its lit patina dome was flooded as sky),
    // Nagoya 0.25 % (its outline retraced along the curved roofs), Golden Temple 0.33 % (6.1 % in
    // session 17: its rooflines retraced twice, and a hazy wall under a level top kept as scene).
    const bound: Record<string, number> = { 'victoria-memorial': 0.002 };
    expect(detected.map((s) => s.name).sort()).toEqual([...DETECTED].sort());
    for (const img of detected) {
      const { turned } = skyline(img, detectSky(rgbFromBytes(img.rgb, img.width, img.height)).mask);
      expect(turned, img.name).toBeLessThanOrEqual(bound[img.name] ?? 0.005);
    }
  });

  it('is deterministic', () => {
    const img = set.find((s) => s.name === 'washington-birthplace')!;
    const rgb = rgbFromBytes(img.rgb, img.width, img.height);
    const a = detectSky(rgb);
    const b = detectSky(rgb);
    expect(Buffer.from(a.mask.d.buffer).equals(Buffer.from(b.mask.d.buffer))).toBe(true);
    expect(Buffer.from(a.color.d.buffer).equals(Buffer.from(b.color.d.buffer))).toBe(true);
  });
});

/**
 * No light fringe at the skyline (issue 30 part 4): a pale sky behind a dark stone building and a
 * tree crown, the picture blurred as a lens and a JPEG blur it (the sky spreads a few pixels into
 * the scene), the sky replaced by a dark one through the engine's own matte after its edge
 * decontamination, as the pipeline does. Along the silhouette the scene must stay as dark as it
 * is: before, the matte stopped a few pixels short of the scene and those pixels kept the old
 * sky, a pale rim (23 % of the rim pixels 0.1 or more lighter than the scene, 0.055 on average; now 0.3 % and 0.006).
 */
const NEW_SKY = [0.08, 0.12, 0.35] as const;
const STONE = [0.32, 0.26, 0.22] as const;

/** 1 = sky, 0 = stone, 2 = crown; the crown's leaves vary, with a few small gaps of sky. */
function skylineScene(): { img: Rgb; truth: Uint8Array; colour: Float32Array } {
  const w = 480;
  const h = 320;
  const sharp = newRgb(w, h);
  const truth = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const roof = 150 + (x - 120) * 0.35;
      const stone = (x >= 120 && y > roof) || (x >= 300 && x < 340 && y > 90) || y > 260;
      const crown = !stone && Math.hypot(x - 55, y - 190) < 42 + fbm(x / 12, y / 12, 3, 3) * 12;
      const t = y / h;
      let rgb: readonly number[] = [0.72 - 0.1 * t, 0.83 - 0.05 * t, 0.97];
      if (stone) rgb = STONE.map((c) => c * (0.9 + 0.2 * (fbm(x / 3, y / 3, 5, 2) * 0.5 + 0.5)));
      else if (crown) rgb = [0.12, 0.22 + 0.1 * (fbm(x / 2.5, y / 2.5, 9, 2) * 0.5 + 0.5), 0.08];
      sharp.d.set(rgb, i * 3);
      truth[i] = stone ? 0 : crown ? 2 : 1;
    }
  const colour = sharp.d.slice();
  return { img: blurRgb(sharp, 1.2), truth, colour };
}

describe('skyline after sky replacement', () => {
  it('leaves no light fringe on the edges of a building or a tree crown, and turns none of them into sky', () => {
    const { img, truth, colour } = skylineScene();
    const { w, h } = img;
    const sky = detectSky(img);
    const out = cloneRgb(img);
    decontaminateEdges(out, sky);
    for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) out.d[i * 3 + c] += (NEW_SKY[c] - out.d[i * 3 + c]) * sky.mask.d[i];
    const lum = (d: Float32Array, i: number) => 0.2126 * d[i * 3] + 0.7152 * d[i * 3 + 1] + 0.0722 * d[i * 3 + 2];
    // The scene's rim: scene pixels within 4 px of the sky (the blur reaches about 3).
    let rim = 0;
    let pale = 0;
    let excessSum = 0;
    let eaten = 0;
    let inner = 0;
    for (let y = 4; y < h - 4; y++)
      for (let x = 4; x < w - 4; x++) {
        const i = y * w + x;
        if (truth[i] === 1) continue;
        let skyNear = 0;
        for (let yy = y - 4; yy <= y + 4; yy++) for (let xx = x - 4; xx <= x + 4; xx++) if (truth[yy * w + xx] === 1) skyNear = Math.max(skyNear, 5 - Math.max(Math.abs(xx - x), Math.abs(yy - y)));
        if (skyNear === 0) continue;
        if (skyNear <= 2) {
          inner++;
          if (sky.mask.d[i] > 0.5) eaten++;
        }
        rim++;
        // Lighter than the scene's own colour there and than the new sky: old sky left in it.
        const excess = lum(out.d, i) - Math.max(lum(colour, i), 0.12);
        excessSum += Math.max(0, excess);
        if (excess > 0.1) pale++;
      }
    expect(inner).toBeGreaterThan(500);
    expect(eaten / inner).toBe(0);
    expect(pale / rim).toBeLessThan(0.02);
    expect(excessSum / rim).toBeLessThan(0.015);
  });
});

/**
 * No light rim on real photographs (training images): the blurred edge of a dome or a cornice is a
 * ring of mixed pixels a few pixels wide that the matte may leave whole; decontaminateEdges spared
 * its pixels that were mostly sky and unlike the old sky's local colour (for haze the matte did not
 * reach), so they kept the old sky — a light rim once the sky was replaced by a darker one. Only
 * pixels more than 2 px from the solid scene are spared now. Rim pixels 0.1 lighter than the scene
 * and the new sky: Aula Palatina 11.0 → 0 %, Chenonceau 22.9 → 1.9 %; sky pixels painted over as
 * scene 0.21 → 0.26 % and 0.61 → 0.69 %.
 */
describe('skyline rim on photographs', () => {
  it('leaves no light rim of old sky along the silhouette, and paints hardly any sky as scene', async () => {
    const photos = (await loadEvalSet()).filter((s) => s.name === 'aula-palatina' || s.name === 'chenonceau');
    expect(photos).toHaveLength(2);
    for (const e of photos) {
      const rgb = rgbFromBytes(e.rgb, e.width, e.height);
      const sky = detectSky(rgb);
      const out = cloneRgb(rgb);
      decontaminateEdges(out, sky, rgb);
      for (let i = 0; i < out.w * out.h; i++) for (let c = 0; c < 3; c++) out.d[i * 3 + c] += (NEW_SKY[c] - out.d[i * 3 + c]) * sky.mask.d[i];
      const { pale, painted } = skylineFringe(e, rgb.d, out.d, sky.mask, NEW_SKY);
      expect(pale, e.name).toBeLessThan(0.05);
      expect(painted, e.name).toBeLessThan(0.01);
    }
  }, 60_000);
});
