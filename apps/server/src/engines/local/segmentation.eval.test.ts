import { beforeAll, describe, expect, it } from 'vitest';
import { inFirstSet, isHeldOut } from '../../../test/helpers/held-out.js';
import { scoreSegmentation, type EvalScore } from '../../../test/helpers/region-scores.js';
import { loadEvalSet, type EvalImage } from '../../../test/helpers/segmentation-eval.js';
import { shippedModel } from './classifier/model.js';
import { rgbFromBytes } from './pixels/image.js';
import { segmentRegions } from './segment.js';

/**
 * Quality of "Generate Regions" on images the classifier never saw: the shipped model is
 * trained by `npm run train:regions` on the training images of the labelled set
 * (test/fixtures/segmentation-eval) and every figure here is measured on the frozen held-out
 * split (isHeldOut), the way a new user's photo meets it. `npm run bench` prints the same
 * figures per image with the previous rules beside them (HELD-OUT.md). The class means are over
 * the first set's 17 held-out images, comparable as the set grows; the per-image bounds hold on
 * every held-out image. Thresholds sit just below what the first set's held-out images reach with
 * the shipped ensemble of five nets (HELD-OUT.md), so a regression fails here. Façade and ground
 * sit lower than under the single net shipped before (0.60, 0.70): that was one lucky training run
 * on another machine (the same data retrained here gave façade 0.59, ground 0.59), and over five
 * seeds a single net's cross-validated ground spans 0.47–0.55, the ensemble's 0.54–0.55. The
 * goals of issue 29 not met yet: façade 0.75, window 0.50, ground 0.70, 2 % false sky on every
 * photograph.
 */
let set: EvalImage[];
let heldOut: EvalScore[];
/** The first set's held-out images (the class means are taken over these). */
let firstHeldOut: EvalScore[];

beforeAll(async () => {
  set = await loadEvalSet();
  const model = shippedModel();
  heldOut = set.flatMap((img) =>
    isHeldOut(img.name) ? [scoreSegmentation(img, segmentRegions(rgbFromBytes(img.rgb, img.width, img.height), { maxRegions: 8, renderType: img.renderType, model }))] : [],
  );
  firstHeldOut = heldOut.filter((s) => inFirstSet(s.name));
}, 180_000);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const classMean = (c: keyof EvalScore['iou']) => {
  const xs = firstHeldOut.flatMap((s) => (s.iou[c] === undefined ? [] : [s.iou[c]!]));
  expect(xs.length, c).toBeGreaterThan(0);
  return mean(xs);
};

describe('segmentation of the held-out images of the evaluation set', () => {
  it('holds out the first set\'s 17 images and about a third of those added since, each with its render type, none of them seen by the shipped model', () => {
    expect(firstHeldOut.length).toBe(17);
    expect(heldOut.length).toBeGreaterThanOrEqual(Math.floor(set.length / 5));
    for (const img of set) expect(['exterior', 'interior', 'aerial', 'elevation']).toContain(img.renderType);
    // Trained on training images only: all of the first set's, and those added since once it is retrained on them.
    const trainedOn = shippedModel().trainedOn ?? [];
    const training = set.filter((img) => !isHeldOut(img.name)).map((img) => img.name);
    expect(trainedOn.length).toBeGreaterThanOrEqual(34);
    for (const name of trainedOn) expect(training, name).toContain(name);
    for (const s of heldOut) expect(trainedOn, s.name).not.toContain(s.name);
  });

  it('labels the sky where the sky is (mean IoU >= 0.92 over held-out images with sky)', () => {
    expect(classMean('sky')).toBeGreaterThanOrEqual(0.92);
  });

  it('calls on average no more than 1 % of the non-sky pixels sky on held-out photographs, and 7.5 % on any image', () => {
    const photos = firstHeldOut.filter((s) => set.find((img) => img.name === s.name)!.kind === 'photo');
    expect(photos.length).toBeGreaterThan(0);
    expect(mean(photos.map((s) => s.skyFalsePositive))).toBeLessThanOrEqual(0.01);
    for (const s of heldOut) expect(s.skyFalsePositive, s.name).toBeLessThanOrEqual(0.075);
  });

  it('covers façade, windows, planting, ground and the building as a whole', () => {
    expect(classMean('facade')).toBeGreaterThanOrEqual(0.58);
    // Window swings most between training runs on these 7 images: 0.32 (the single net shipped
    // before), 0.36 (the same retrained on this machine), 0.31 (the ensemble), 0.21 (the ensemble
    // retrained after Brandenburg's mask was corrected, shipped); 0.24 with the window pass's
    // colour split and doors (window-pass.ts).
    expect(classMean('window')).toBeGreaterThanOrEqual(0.23);
    expect(classMean('vegetation')).toBeGreaterThanOrEqual(0.81);
    expect(classMean('ground')).toBeGreaterThanOrEqual(0.61);
    expect(classMean('building')).toBeGreaterThanOrEqual(0.78);
  });

  it('tells the walls, floor and ceiling of an interior apart (IoU >= 0.85 each)', () => {
    for (const c of ['wall', 'floor', 'ceiling'] as const) expect(classMean(c), c).toBeGreaterThanOrEqual(0.85);
  });

  it('leaves on average no more than 2 % of a held-out image unnamed ("Region N"), and 6 % of any', () => {
    expect(mean(firstHeldOut.map((s) => s.unnamed))).toBeLessThanOrEqual(0.02);
    // The goal is 10 %. Qutub Minar left 7.9 % before the sky seen through its arch joined the sky
    // (sky-agreement.ts addPreviewOpenings), 0.2 % now; the worst is 4.8 %.
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
    const img = set.find((s) => isHeldOut(s.name))!;
    const rgb = rgbFromBytes(img.rgb, img.width, img.height);
    const a = segmentRegions(rgb, { maxRegions: 8, renderType: img.renderType });
    const b = segmentRegions(rgb, { maxRegions: 8, renderType: img.renderType });
    expect(Buffer.from(b.labels).equals(Buffer.from(a.labels))).toBe(true);
    expect(b.regions).toEqual(a.regions);
  });
});

const EVAL_LABELS = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles', 'wall', 'floor', 'ceiling'];
