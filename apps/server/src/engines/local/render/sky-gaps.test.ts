import { beforeAll, describe, expect, it } from 'vitest';
import { engineRegions, largestOfKind } from '../../../../test/helpers/preview-photos.js';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { rgbFromBytes } from '../pixels/image.js';
import { renderImage, type RenderParams } from './pipeline.js';

/**
 * A façade region from Generate Regions often takes in a tree in front of the building and the sky
 * between its branches, and the sky detection cannot matte every gap: brick was painted on the sky
 * inside Schwerin's bare crown and right of the Gateway of India's palm (training photos). Pixels of
 * the sky's colour, far from the surface's own, and the twigs between them are kept out. Measured:
 * the share of the hand mask's sky (beyond 2 px of its edge) that the material changes, old 1.8 %
 * (Schwerin) and 2.7 % (Gateway); the share of the labelled building it paints stays near what it
 * was (Schwerin 91.0 → 87.6 %: the rest is the sky rim along the outline that the hand mask calls
 * building).
 */
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'flemish', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };
const BASE: RenderParams = { mode: 'photorealistic', seed: 20261127, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 2000, lighting: 'natural-daylight', weather: 'partly-cloudy', regions: [] };
let set: EvalImage[];
beforeAll(async () => {
  set = await loadEvalSet();
}, 60_000);

/** Shares of the true sky (beyond 2 px of its edge) and of the true building that the material changes. */
function changed(e: EvalImage): { sky: number; building: number } {
  const img = rgbFromBytes(e.rgb, e.width, e.height);
  const region = largestOfKind(engineRegions(img), 'wall')!;
  const painted = renderImage(img, [region.mask], { ...BASE, regions: [{ recipe: BRICK, surface: 'wall' }] }, () => {});
  const plain = renderImage(img, [], BASE, () => {});
  const { width: w, height: h, truth } = e;
  const count = { sky: [0, 0], building: [0, 0] };
  for (let y = 2; y < h - 2; y++)
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      const kind = truth[i] === 0 ? 'sky' : e.coarseBuilding[i] || (truth[i] >= 1 && truth[i] <= 4) ? 'building' : null;
      if (!kind) continue;
      if (kind === 'sky') {
        let edge = false;
        for (let dy = -2; dy <= 2 && !edge; dy++) for (let dx = -2; dx <= 2; dx++) if (truth[i + dy * w + dx] !== 0) edge = true;
        if (edge) continue;
      }
      let d = 0;
      for (let c = 0; c < 3; c++) d += Math.abs(painted.d[i * 3 + c] - plain.d[i * 3 + c]);
      count[kind][1]++;
      if (d > 0.1) count[kind][0]++;
    }
  return { sky: count.sky[0] / count.sky[1], building: count.building[0] / count.building[1] };
}

describe('a façade material and the sky through a tree in front', () => {
  it.each([
    ['schwerin-palace', 0.003, 0.85],
    ['gateway-of-india', 0.02, 0.9],
  ])('%s: at most %f of the sky changes, at least %f of the building is painted', { timeout: 120_000 }, (name, maxSky, minBuilding) => {
    const { sky, building } = changed(set.find((s) => s.name === name)!);
    expect(sky).toBeLessThanOrEqual(maxSky as number);
    expect(building).toBeGreaterThanOrEqual(minBuilding as number);
  });
});
