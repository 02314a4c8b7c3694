import { beforeAll, describe, expect, it } from 'vitest';
import { isHeldOut, scoreSegmentation, type EvalScore } from '../../../test/helpers/region-scores.js';
import { loadEvalSet, type EvalImage } from '../../../test/helpers/segmentation-eval.js';
import { shippedModel } from './classifier/model.js';
import { rgbFromBytes } from './pixels/image.js';
import { segmentRegions } from './segment.js';

/**
 * Quality of "Generate Regions" on images the classifier never saw: the shipped model is
 * trained by `npm run train:regions` on two thirds of the labelled set
 * (test/fixtures/segmentation-eval) and every figure here is measured on the fixed held-out
 * third (isHeldOut), the way a new user's photo meets it. `npm run bench` prints the same
 * figures per image with the previous rules beside them (HELD-OUT.md). Thresholds sit just
 * below what the held-out third reaches with the shipped ensemble of five nets (sky 0.94, façade
 * 0.57, window 0.31 with the window pass inside the façade, vegetation 0.84, ground 0.63,
 * interior wall/floor/ceiling 0.95/0.96/0.97, building 0.79; 0.8 % false sky on average, 7.2 %
 * on the worst, pale buildings beside the Golden Temple), so a regression fails here. Façade and
 * ground sit lower than under the single net shipped before (0.60, 0.70): that was one lucky
 * training run on another machine (the same data retrained here gave façade 0.59, ground 0.59),
 * and over five seeds a single net's cross-validated ground spans 0.47–0.55, the ensemble's
 * 0.54–0.55. The goals of issue 29 not met yet: façade 0.75, window 0.50, ground 0.70, 2 % false
 * sky on every photograph.
 */
let set: EvalImage[];
let heldOut: EvalScore[];

beforeAll(async () => {
  set = await loadEvalSet();
  const model = shippedModel();
  heldOut = set.flatMap((img, k) =>
    isHeldOut(k) ? [scoreSegmentation(img, segmentRegions(rgbFromBytes(img.rgb, img.width, img.height), { maxRegions: 8, renderType: img.renderType, model }))] : [],
  );
}, 180_000);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const classMean = (c: keyof EvalScore['iou']) => {
  const xs = heldOut.flatMap((s) => (s.iou[c] === undefined ? [] : [s.iou[c]!]));
  expect(xs.length, c).toBeGreaterThan(0);
  return mean(xs);
};

describe('segmentation of the held-out third of the evaluation set', () => {
  it('holds out a third of at least nine labelled images, each with its render type, none of them seen by the shipped model', () => {
    expect(set.length).toBeGreaterThanOrEqual(9);
    expect(heldOut.length).toBe(Math.floor(set.length / 3));
    for (const img of set) expect(['exterior', 'interior', 'aerial', 'elevation']).toContain(img.renderType);
    const trainedOn = shippedModel().trainedOn ?? [];
    expect(trainedOn.length).toBe(set.length - heldOut.length);
    for (const s of heldOut) expect(trainedOn, s.name).not.toContain(s.name);
  });

  it('labels the sky where the sky is (mean IoU >= 0.92 over held-out images with sky)', () => {
    expect(classMean('sky')).toBeGreaterThanOrEqual(0.92);
  });

  it('calls on average no more than 1 % of the non-sky pixels sky on held-out photographs, and 7.5 % on any image', () => {
    const photos = heldOut.filter((s) => set.find((img) => img.name === s.name)!.kind === 'photo');
    expect(photos.length).toBeGreaterThan(0);
    expect(mean(photos.map((s) => s.skyFalsePositive))).toBeLessThanOrEqual(0.01);
    for (const s of heldOut) expect(s.skyFalsePositive, s.name).toBeLessThanOrEqual(0.075);
  });

  it('covers façade, windows, planting, ground and the building as a whole', () => {
    expect(classMean('facade')).toBeGreaterThanOrEqual(0.56);
    expect(classMean('window')).toBeGreaterThanOrEqual(0.3);
    expect(classMean('vegetation')).toBeGreaterThanOrEqual(0.83);
    expect(classMean('ground')).toBeGreaterThanOrEqual(0.62);
    expect(classMean('building')).toBeGreaterThanOrEqual(0.78);
  });

  it('tells the walls, floor and ceiling of an interior apart (IoU >= 0.85 each)', () => {
    for (const c of ['wall', 'floor', 'ceiling'] as const) expect(classMean(c), c).toBeGreaterThanOrEqual(0.85);
  });

  it('leaves on average no more than 2 % of a held-out image unnamed ("Region N"), and 6 % of any', () => {
    expect(mean(heldOut.map((s) => s.unnamed))).toBeLessThanOrEqual(0.02);
    for (const s of heldOut) expect(s.unnamed, s.name).toBeLessThanOrEqual(0.06);
  });

  it('names at most one region per class and only classes it knows', () => {
    for (const s of heldOut) {
      const named = s.labels.filter((l) => l !== 'region');
      expect(new Set(named).size, s.name).toBe(named.length);
      for (const l of s.labels) expect([...EVAL_LABELS, 'region']).toContain(l);
    }
  });

  it('gives the same regions every time', () => {
    const img = set.find((_, k) => isHeldOut(k))!;
    const rgb = rgbFromBytes(img.rgb, img.width, img.height);
    const a = segmentRegions(rgb, { maxRegions: 8, renderType: img.renderType });
    const b = segmentRegions(rgb, { maxRegions: 8, renderType: img.renderType });
    expect(Buffer.from(b.labels).equals(Buffer.from(a.labels))).toBe(true);
    expect(b.regions).toEqual(a.regions);
  });
});

const EVAL_LABELS = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles', 'wall', 'floor', 'ceiling'];
