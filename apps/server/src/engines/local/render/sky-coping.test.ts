import { beforeAll, describe, expect, it } from 'vitest';
import { photoRgb } from '../../../../test/helpers/preview-photos.js';
import { loadEvalSet } from '../../../../test/helpers/segmentation-eval.js';
import { rgbToLab } from '../pixels/color.js';
import type { Rgb } from '../pixels/image.js';
import { renderImage, type RenderParams } from './pipeline.js';

/**
 * The sky's blur above a dark coping (Aula Palatina's cornice, a training photo, at 1024 px). The
 * pixels between the sky and the coping are a mix of the two; they were unmixed toward the wall
 * colour a few pixels further in (the wide solid-scene blur), which drew a pale, wall-coloured
 * band along the whole roofline once the sky was replaced: 69 % of the four rows above the coping.
 */
const PARAMS: RenderParams = { mode: 'photorealistic', seed: 1234567890, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 3000, lighting: 'natural-daylight', weather: 'clear', regions: [] };

let photo: Rgb;
beforeAll(async () => {
  photo = photoRgb((await loadEvalSet()).find((s) => s.name === 'aula-palatina')!, 1024);
}, 60_000);

const lab = (img: Rgb, i: number) => {
  const p = [0, 0, 0];
  rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], p);
  return p;
};

describe('the sky above a dark coping', () => {
  it('is not painted the wall’s colour in the rows between the sky and the coping', () => {
    const out = renderImage(photo, [], PARAMS, () => {});
    const { w } = photo;
    let rows = 0;
    let wallColoured = 0;
    // Along the basilica's sloping cornice: the coping is the first dark pixel below the sky.
    for (let x = Math.round(w * 0.625); x < Math.round(w * 0.88); x++) {
      let y = 5;
      while (y < photo.h - 1 && lab(photo, y * w + x)[0] > 50) y++;
      for (let k = 1; k <= 4; k++) {
        const [L, , b] = lab(out, (y - k) * w + x);
        rows++;
        if (L > 50 && b > 12) wallColoured++;
      }
    }
    expect(wallColoured / rows).toBeLessThan(0.4);
  });
});
