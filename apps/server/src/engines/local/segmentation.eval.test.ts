import { beforeAll, describe, expect, it } from 'vitest';
import { scoreSegmentation, isHeldOut, type EvalScore } from '../../../test/helpers/region-scores.js';
import { loadEvalSet, type EvalImage } from '../../../test/helpers/segmentation-eval.js';
import { analyseSuperpixels } from './classifier/features.js';
import { trainModel } from './classifier/model.js';
import { superpixelSamples } from './classifier/samples.js';
import { rgbFromBytes } from './pixels/image.js';
import { segmentRegions } from './segment.js';

/**
 * Quality of "Generate Regions" on images the classifier never saw: a model is trained here on
 * two thirds of the labelled set (test/fixtures/segmentation-eval) and every figure is measured
 * on the fixed held-out third (isHeldOut), the way a new user's photo meets the shipped model.
 * Thresholds sit below what the held-out third reaches today (`npm run bench` prints the
 * leave-one-out figures), so a regression fails here. On the 51-image set the held-out third
 * (17 images) reaches building 0.68 and 2.1 % false sky on photographs (8.6 % on the worst, a
 * photo of a model of Worms cathedral): the goals of issue 29
 * (façade 0.75, 2 % on every photograph) are not met yet.
 */
let set: EvalImage[];
let heldOut: EvalScore[];

beforeAll(async () => {
  set = await loadEvalSet();
  const rgbs = set.map((img) => rgbFromBytes(img.rgb, img.width, img.height));
  const analyses = rgbs.map((rgb, k) => (isHeldOut(k) ? undefined : analyseSuperpixels(rgb)));
  const model = trainModel(analyses.flatMap((a, k) => (a ? superpixelSamples(a, set[k]) : [])));
  heldOut = set.flatMap((img, k) => (isHeldOut(k) ? [scoreSegmentation(img, segmentRegions(rgbs[k], { maxRegions: 8, renderType: img.renderType, model }))] : []));
}, 180_000);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('segmentation of the held-out third of the evaluation set', () => {
  it('holds out a third of at least nine labelled images, each with its render type', () => {
    expect(set.length).toBeGreaterThanOrEqual(9);
    expect(heldOut.length).toBe(Math.floor(set.length / 3));
    for (const img of set) expect(['exterior', 'interior', 'aerial', 'elevation']).toContain(img.renderType);
  });

  it('labels the sky where the sky is (mean IoU >= 0.85 over held-out images with sky)', () => {
    const sky = heldOut.flatMap((s) => (s.iou.sky === undefined ? [] : [s.iou.sky]));
    expect(sky.length).toBeGreaterThan(0);
    expect(mean(sky)).toBeGreaterThanOrEqual(0.85);
  });

  // Photographs only: a rendered glass elevation at sunset (its glazing mirrors the sky) is
  // still largely called sky, and the goal of 2 % on every photograph is not met yet.
  it('calls on average no more than 2.5 % of the non-sky pixels sky on held-out photographs, and 10 % on any', () => {
    const photos = heldOut.filter((s) => set.find((img) => img.name === s.name)!.kind === 'photo');
    expect(photos.length).toBeGreaterThan(0);
    expect(mean(photos.map((s) => s.skyFalsePositive))).toBeLessThanOrEqual(0.025);
    for (const s of photos) expect(s.skyFalsePositive, s.name).toBeLessThanOrEqual(0.1);
  });

  it('covers the building (façade, window, door and roof together) and the planting', () => {
    expect(mean(heldOut.flatMap((s) => (s.iou.building === undefined ? [] : [s.iou.building])))).toBeGreaterThanOrEqual(0.65);
    expect(mean(heldOut.flatMap((s) => (s.iou.vegetation === undefined ? [] : [s.iou.vegetation])))).toBeGreaterThanOrEqual(0.6);
  });

  it('leaves on average no more than 10 % of a held-out image unnamed ("Region N"), and 20 % of any', () => {
    expect(mean(heldOut.map((s) => s.unnamed))).toBeLessThanOrEqual(0.1);
    for (const s of heldOut) expect(s.unnamed, s.name).toBeLessThanOrEqual(0.2);
  });

  it('names at most one region per class and only classes it knows', () => {
    for (const s of heldOut) {
      const named = s.labels.filter((l) => l !== 'region');
      expect(new Set(named).size, s.name).toBe(named.length);
      for (const l of s.labels) expect([...EVAL_LABELS, 'region']).toContain(l);
    }
  });
});

const EVAL_LABELS = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles', 'wall', 'floor', 'ceiling'];
