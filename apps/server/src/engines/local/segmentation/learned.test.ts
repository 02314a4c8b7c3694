import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EVAL_DIR } from '../../../../test/helpers/segmentation-eval.js';
import { REGION_CLASSES } from '../classifier/classes.js';
import { analyseSuperpixels, FEATURE_COUNT } from '../classifier/features.js';
import { shippedModel, type SingleModel } from '../classifier/model.js';
import { rgbFromBytes } from '../pixels/image.js';
import { makeFacade } from '../test-fixtures.js';
import { learnedRegions, smoothOverGraph, UNSURE_BELOW } from './learned.js';

/** A model that cannot tell anything apart: every class equally likely. */
function undecidedModel(): SingleModel {
  const H = 2;
  const C = REGION_CLASSES.length;
  return { classes: REGION_CLASSES, featureCount: FEATURE_COUNT, hidden: H, mean: new Array(FEATURE_COUNT).fill(0), std: new Array(FEATURE_COUNT).fill(1), w1: new Array(H * FEATURE_COUNT).fill(0), b1: [0, 0], w2: new Array(C * H).fill(0), b2: new Array(C).fill(0) };
}

describe('regions from the classifier', () => {
  it('leaves the regions it is unsure of unnamed ("Region N"), with their low confidence', async () => {
    const f = await makeFacade(240, 180, 4);
    const img = rgbFromBytes(f.raw, f.width, f.height);
    const { regions } = learnedRegions(img, analyseSuperpixels(img), { maxRegions: 15, model: undecidedModel() });
    expect(regions.length).toBeGreaterThan(0);
    for (const r of regions) {
      expect(r.label).toBe('region');
      expect(r.confidence).toBeLessThan(UNSURE_BELOW);
    }
  });

  it('names the regions the shipped model is sure of, one region per class, at most maxRegions, covering the image', async () => {
    const f = await makeFacade(240, 180, 4);
    const img = rgbFromBytes(f.raw, f.width, f.height);
    const { regions, labels } = learnedRegions(img, analyseSuperpixels(img), { maxRegions: 4, model: shippedModel() });
    expect(regions.length).toBeLessThanOrEqual(4);
    const named = regions.filter((r) => r.label !== 'region');
    expect(named.map((r) => r.label)).toContain('sky');
    expect(new Set(named.map((r) => r.label)).size).toBe(named.length);
    for (const r of named) expect(r.confidence).toBeGreaterThanOrEqual(UNSURE_BELOW);
    expect(regions.reduce((s, r) => s + r.area, 0)).toBeCloseTo(1, 5);
    expect(labels.length).toBe(f.width * f.height);
  });
});

describe('smoothing over the superpixel graph', () => {
  it('gives a doubtful superpixel the class of its like-coloured neighbours and keeps each row a distribution', async () => {
    const f = await makeFacade(240, 180, 4);
    const img = rgbFromBytes(f.raw, f.width, f.height);
    const a = analyseSuperpixels(img);
    const C = REGION_CLASSES.length;
    const facade = REGION_CLASSES.indexOf('facade');
    const water = REGION_CLASSES.indexOf('water');
    // The superpixel with the most like-coloured neighbours is the doubtful one: 0.6 water, 0.4 façade; all others façade.
    const alike = (k: number) => [...a.adjacency[k].keys()].filter((j) => Math.hypot(...a.meanLab[k].map((v, q) => v - a.meanLab[j][q])) < 6).length;
    let doubtful = 0;
    for (let k = 1; k < a.count; k++) if (alike(k) > alike(doubtful)) doubtful = k;
    expect(alike(doubtful)).toBeGreaterThan(1);
    const prob = new Float32Array(a.count * C);
    for (let k = 0; k < a.count; k++) prob[k * C + facade] = 1;
    prob[doubtful * C + facade] = 0.4;
    prob[doubtful * C + water] = 0.6;
    const smoothed = smoothOverGraph(a, prob);
    expect(smoothed[doubtful * C + facade]).toBeGreaterThan(smoothed[doubtful * C + water]);
    for (let k = 0; k < a.count; k++) expect(smoothed.subarray(k * C, (k + 1) * C).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    // Without neighbours agreeing (all of them doubtful too) nothing changes the vote.
    const allDoubtful = new Float32Array(prob);
    for (let k = 0; k < a.count; k++) {
      allDoubtful[k * C + facade] = 0.4;
      allDoubtful[k * C + water] = 0.6;
    }
    const kept = smoothOverGraph(a, allDoubtful);
    expect(kept[doubtful * C + water]).toBeGreaterThan(kept[doubtful * C + facade]);
  });
});

/** An image of the evaluation set and the pixels of one colour of its flat-colour class pass. */
async function evalRender(name: string, colour: readonly [number, number, number]) {
  const { data, info } = await sharp(path.join(EVAL_DIR, `${name}.jpg`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const classes = await sharp(path.join(EVAL_DIR, `${name}.classes.png`)).removeAlpha().raw().toBuffer();
  const mask = Uint8Array.from({ length: info.width * info.height }, (_, i) => (classes[i * 3] === colour[0] && classes[i * 3 + 1] === colour[1] && classes[i * 3 + 2] === colour[2] ? 1 : 0));
  return { img: rgbFromBytes(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height), mask };
}

/** A model that sees nothing in the features: ground everywhere, façade its second guess. */
function groundFirstModel(): SingleModel {
  const m = undecidedModel();
  m.b2[REGION_CLASSES.indexOf('ground')] = 3;
  m.b2[REGION_CLASSES.indexOf('facade')] = 2;
  return m;
}

describe('ground and the horizon', () => {
  it("does not call a street front's wall ground above the horizon its courses converge to (street-timber render)", async () => {
    const wall = await evalRender('scene-street-timber-overcast', [230, 120, 60]);
    const paving = await evalRender('scene-street-timber-overcast', [200, 200, 80]);
    const a = analyseSuperpixels(wall.img);
    // The courses meet at about 0.6 of the height; the vertical vanishing point alone put the horizon near 0.87.
    expect(a.aboveSeenHorizon).toBeInstanceOf(Float32Array);
    const { labels, regions } = learnedRegions(wall.img, a, { maxRegions: 8, renderType: 'exterior', model: groundFirstModel() });
    const share = (mask: Uint8Array, label: string, rows: [number, number]) => {
      let n = 0;
      let hit = 0;
      for (let i = 0; i < mask.length; i++) {
        const y = Math.floor(i / wall.img.w) / wall.img.h;
        if (!mask[i] || y < rows[0] || y >= rows[1]) continue;
        n++;
        if (regions[labels[i]].label === label) hit++;
      }
      return hit / n;
    };
    // The wall's upper storeys (above 0.55 of the height) are façade, not ground; the paving at its foot stays ground.
    expect(share(wall.mask, 'facade', [0, 0.55])).toBeGreaterThan(0.9);
    expect(share(paving.mask, 'ground', [0, 1])).toBeGreaterThan(0.9);
  });
});
