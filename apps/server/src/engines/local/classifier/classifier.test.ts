import { describe, expect, it } from 'vitest';
import { makeFacade } from '../test-fixtures.js';
import { rgbFromBytes } from '../pixels/image.js';
import { classScope, REGION_CLASSES } from './classes.js';
import { analyseSuperpixels, FEATURE_COUNT } from './features.js';
import { memberSeeds, parseModel, predict, serialiseModel, shippedModel, trainEnsemble, trainModel, type SingleModel } from './model.js';
import { superpixelSamples } from './samples.js';

const C = REGION_CLASSES.length;
const cls = (name: (typeof REGION_CLASSES)[number]) => REGION_CLASSES.indexOf(name);

/** A tiny labelled set: the synthetic façade (sky, wall, windows, ground), its truth per pixel. */
async function tinySet(seed: number) {
  const f = await makeFacade(240, 180, seed);
  const truth = new Uint8Array(f.width * f.height).fill(255);
  for (let i = 0; i < truth.length; i++) {
    if (f.sky[i]) truth[i] = cls('sky');
    else if (f.wall[i]) truth[i] = cls('facade');
    else if (f.windows[i]) truth[i] = cls('window');
    else if (f.ground[i]) truth[i] = cls('ground');
  }
  const rgb = rgbFromBytes(f.raw, f.width, f.height);
  return { rgb, labelled: { width: f.width, height: f.height, truth, renderType: 'exterior' as const }, f };
}

describe('region classifier', () => {
  it('loads the shipped model and gives the same probabilities every time, summing to 1 within the scope', async () => {
    const model = shippedModel();
    expect(model.featureCount).toBe(FEATURE_COUNT);
    const { rgb } = await tinySet(3);
    const a = analyseSuperpixels(rgb);
    const exterior = predict(model, a.features, a.count, classScope('exterior'));
    expect(predict(model, a.features, a.count, classScope('exterior'))).toEqual(exterior);
    for (let k = 0; k < a.count; k++) {
      const row = exterior.subarray(k * C, (k + 1) * C);
      expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
      for (const c of ['wall', 'floor', 'ceiling'] as const) expect(row[cls(c)]).toBe(0);
    }
    const interior = predict(model, a.features, a.count, classScope('interior'));
    for (let k = 0; k < a.count; k++) for (const c of ['sky', 'facade', 'roof', 'vegetation', 'ground'] as const) expect(interior[k * C + cls(c)]).toBe(0);
  });

  it('trains on a tiny labelled set deterministically and tells sky, façade, windows and ground apart on an unseen image', async () => {
    const train = await tinySet(11);
    const samples = superpixelSamples(analyseSuperpixels(train.rgb), train.labelled);
    expect(samples.length).toBeGreaterThan(50);
    const opts = { epochs: 40, seed: 5 };
    const model = trainModel(samples, opts);
    expect(serialiseModel(trainModel(samples, opts))).toBe(serialiseModel(model));
    const reread = parseModel(serialiseModel(model));

    const test = await tinySet(99);
    const a = analyseSuperpixels(test.rgb);
    const prob = predict(reread, a.features, a.count, classScope('exterior'));
    const truth = superpixelSamples(a, test.labelled);
    let right = 0;
    for (const s of truth) {
      const k = Array.from({ length: a.count }).findIndex((_, q) => a.features.subarray(q * FEATURE_COUNT, (q + 1) * FEATURE_COUNT).every((v, f) => v === s.features[f]));
      const row = prob.subarray(k * C, (k + 1) * C);
      const best = row.indexOf(Math.max(...row));
      if (s.target[best]) right++;
    }
    expect(right / truth.length).toBeGreaterThanOrEqual(0.9);
  });

  it('averages the probabilities of an ensemble\'s members, each trained with its own seed, the same every time', async () => {
    const train = await tinySet(11);
    const samples = superpixelSamples(analyseSuperpixels(train.rgb), train.labelled);
    const opts = { members: 3, epochs: 8, seed: 5 };
    const ensemble = trainEnsemble(samples, opts);
    expect(ensemble.members).toHaveLength(3);
    expect(serialiseModel(trainEnsemble(samples, opts))).toBe(serialiseModel(ensemble));
    const seeds = memberSeeds(5, 3);
    expect(seeds[0]).toBe(5);
    expect(new Set(seeds).size).toBe(3);
    const singles: SingleModel[] = seeds.map((seed) => trainModel(samples, { epochs: 8, seed }));
    singles.forEach((m, i) => expect(ensemble.members[i].w1).toEqual(m.w1));

    const a = analyseSuperpixels((await tinySet(99)).rgb);
    const scope = classScope('exterior');
    const prob = predict(ensemble, a.features, a.count, scope);
    const each = singles.map((m) => predict(m, a.features, a.count, scope));
    let spread = 0;
    for (let i = 0; i < prob.length; i++) {
      expect(prob[i]).toBeCloseTo((each[0][i] + each[1][i] + each[2][i]) / 3, 6);
      spread = Math.max(spread, Math.abs(each[0][i] - each[1][i]));
    }
    expect(spread).toBeGreaterThan(0.01);
    expect(predict(ensemble, a.features, a.count, scope)).toEqual(prob);
  });

  it('reads both model files: one net (the first format) and an ensemble of members', async () => {
    const train = await tinySet(11);
    const samples = superpixelSamples(analyseSuperpixels(train.rgb), train.labelled);
    const single = trainModel(samples, { epochs: 4, seed: 3 });
    const ensemble = trainEnsemble(samples, { members: 2, epochs: 4, seed: 3 });
    const a = analyseSuperpixels((await tinySet(99)).rgb);
    const scope = classScope('exterior');
    for (const model of [single, ensemble]) {
      const reread = parseModel(serialiseModel(model));
      expect('members' in reread).toBe('members' in model);
      const before = predict(model, a.features, a.count, scope);
      const after = predict(reread, a.features, a.count, scope);
      for (let i = 0; i < before.length; i++) expect(after[i]).toBeCloseTo(before[i], 3);
    }
  });

  it('refuses a model file made for other features or classes', () => {
    const json = serialiseModel({ ...shippedModel(), featureCount: FEATURE_COUNT + 1 });
    expect(() => parseModel(json)).toThrow(/train:regions/);
  });
});
