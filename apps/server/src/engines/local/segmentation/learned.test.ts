import { describe, expect, it } from 'vitest';
import { REGION_CLASSES } from '../classifier/classes.js';
import { analyseSuperpixels, FEATURE_COUNT } from '../classifier/features.js';
import { shippedModel, type RegionModel } from '../classifier/model.js';
import { rgbFromBytes } from '../pixels/image.js';
import { makeFacade } from '../test-fixtures.js';
import { learnedRegions, smoothOverGraph, UNSURE_BELOW } from './learned.js';

/** A model that cannot tell anything apart: every class equally likely. */
function undecidedModel(): RegionModel {
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
