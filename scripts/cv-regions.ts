/**
 * Cross-validation of the region classifier on the training two thirds of the evaluation set
 * only (never the held-out split, `isHeldOut`): the training images are split into folds by image; each fold
 * is segmented by a model trained on the other folds, and the figures of `npm run bench` (mean
 * IoU per class, false sky and unnamed share, mean and worst) are printed over all training
 * images, and again over the first set's 34 training images only (comparable with figures from
 * before the set grew; they are still scored by models trained on all folds), and over the
 * photographs only. This is what changes to the features, the model or the rules are tuned on; the
 * held-out table is read only once a change is decided.
 *
 *   npm run cv:regions                          4 folds, the shipped training options
 *   npm run cv:regions -- --folds 6
 *   npm run cv:regions -- --first-set-only      the first set's 34 training images alone (the baseline before it grew)
 *   npm run cv:regions -- --sky-steps 8,12,20   the sky rule's colour step (learned.ts SKY_STEP)
 *   npm run cv:regions -- --windows '["none",{"darker":8}]'   window-pass settings (segmentation/window-pass.ts)
 *   npm run cv:regions -- --sky-agreement off,on   the sky region with and without the preview's sky (segmentation/sky-agreement.ts)
 *   npm run cv:regions -- --confusion facade,window   where the pixels of these true classes went, in total and per image
 *   REGIONS_TRAIN='{"hidden":48}' npm run cv:regions   other training options (model.ts EnsembleOptions)
 *   REGIONS_TRAIN='{"members":1,"seed":7}' npm run cv:regions   one net, as shipped before the ensemble
 */
import { analyseSuperpixels, type SuperpixelAnalysis } from '../apps/server/src/engines/local/classifier/features.js';
import { trainEnsemble, type EnsembleOptions } from '../apps/server/src/engines/local/classifier/model.js';
import { superpixelSamples } from '../apps/server/src/engines/local/classifier/samples.js';
import { rgbFromBytes } from '../apps/server/src/engines/local/pixels/image.js';
import { segmentRegions } from '../apps/server/src/engines/local/segment.js';
import { SKY_STEP, SMOOTHING } from '../apps/server/src/engines/local/segmentation/learned.js';
import { WINDOW_PASS, windowPass, type WindowPassOptions } from '../apps/server/src/engines/local/segmentation/window-pass.js';
import type { Segmentation } from '../apps/server/src/engines/local/segment.js';
import { inFirstSet, isHeldOut } from '../apps/server/test/helpers/held-out.js';
import { scoreSegmentation, type EvalScore } from '../apps/server/test/helpers/region-scores.js';
import { EVAL_CLASSES, loadEvalSet, type EvalClass, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';

const foldsAt = process.argv.indexOf('--folds');
const FOLDS = foldsAt > 0 ? Number(process.argv[foldsAt + 1]) : 4;
const started = performance.now();
const firstOnly = process.argv.includes('--first-set-only');
const set = (await loadEvalSet()).filter((img) => !isHeldOut(img.name) && (!firstOnly || inFirstSet(img.name)));
/**
 * Each image's fold: the first set's images by their order among themselves, images added since
 * by theirs, so a first-set image keeps its fold as the set grows and figures before and after
 * differ only by what was added to the training folds.
 */
const counts = { first: 0, added: 0 };
const foldOf = set.map((img) => (inFirstSet(img.name) ? counts.first++ : counts.added++) % FOLDS);
const kindOf = new Map(set.map((img) => [img.name, img.kind]));
const rgbs = set.map((img) => rgbFromBytes(img.rgb, img.width, img.height));
const analyses: SuperpixelAnalysis[] = rgbs.map((rgb) => analyseSuperpixels(rgb));
const samples = set.map((img, k) => superpixelSamples(analyses[k], img));
const opts = JSON.parse(process.env.REGIONS_TRAIN ?? '{}') as EnsembleOptions;
const models = Array.from({ length: FOLDS }, (_, f) => trainEnsemble(samples.filter((_, k) => foldOf[k] !== f).flat(), opts));
const trainedAt = performance.now();
/** The sky rule's colour steps to score with the same models (--sky-steps 8,12,20). */
const stepsAt = process.argv.indexOf('--sky-steps');
const steps = stepsAt > 0 ? process.argv[stepsAt + 1].split(',').map(Number) : [SKY_STEP];
/** The smoothing's strengths to score with the same models (--smoothing 0,1,2; learned.ts SMOOTHING). */
const smoothAt = process.argv.indexOf('--smoothing');
const strengths = smoothAt > 0 ? process.argv[smoothAt + 1].split(',').map(Number) : [SMOOTHING.strength];
/** Window-pass settings to score over the same segmentations (--windows '[{"darker":10},…]', each over WINDOW_PASS; window-pass.ts), 'none' for none. */
const windowsAt = process.argv.indexOf('--windows');
const passes: Array<WindowPassOptions | false> =
  windowsAt > 0 ? (JSON.parse(process.argv[windowsAt + 1]) as Array<Partial<WindowPassOptions> | 'none'>).map((o) => (o === 'none' ? false : { ...WINDOW_PASS, ...o })) : [WINDOW_PASS];
/** The sky region with and without the preview's sky (--sky-agreement off,on). */
const agreementAt = process.argv.indexOf('--sky-agreement');
const agreements = agreementAt > 0 ? process.argv[agreementAt + 1].split(',').map((v) => v === 'on') : [true];
/** True classes whose pixels' predicted labels are printed (--confusion facade,window). */
const confusionAt = process.argv.indexOf('--confusion');
const confused = confusionAt > 0 ? (process.argv[confusionAt + 1].split(',') as EvalClass[]) : [];
for (const strength of strengths)
  for (const skyStep of steps)
    for (const skyAgreement of agreements) {
      SMOOTHING.strength = strength;
      const segs = set.map((img, k) => segmentRegions(rgbs[k], { maxRegions: 8, renderType: img.renderType, model: models[foldOf[k]], analysis: analyses[k], skyStep, windows: false, skyAgreement }));
      for (const pass of passes) {
        const final = set.map((img, k) => (!pass || img.renderType === 'interior' ? segs[k] : { ...segs[k], ...windowPass(rgbs[k], segs[k].labels, segs[k].regions, 8, pass) }));
        const scores = set.map((img, k) => scoreSegmentation(img, final[k]));
        for (const c of confused) confusion(c, set, final);
        const title = `sky step ${skyStep}, smoothing ${strength}, sky agreement ${skyAgreement ? 'on' : 'off'}, windows ${pass ? JSON.stringify(pass) : 'none'}`;
        report(title, scores);
        const first = scores.filter((s) => inFirstSet(s.name));
        if (first.length < scores.length) report(`${title}, the first set's training images only`, first);
        report(`${title}, photographs only`, scores.filter((s) => kindOf.get(s.name) === 'photo'));
      }
    }

function report(title: string, scores: EvalScore[]): void {
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const cells: string[] = [];
for (const c of [...EVAL_CLASSES, 'building'] as const) {
  const xs = scores.map((s) => s.iou[c]).filter((v): v is number => v !== undefined);
  if (xs.length) cells.push(`${c} ${mean(xs).toFixed(3)} (${xs.length})`);
}
const pct = (v: number) => (v * 100).toFixed(1);
const worst = (pick: (s: EvalScore) => number) => scores.reduce((a, b) => (pick(b) > pick(a) ? b : a));
const fs = worst((s) => s.skyFalsePositive);
const un = worst((s) => s.unnamed);
process.stdout.write(
  `${title}: ${FOLDS}-fold cross-validation on ${set.length} training images, ${scores.length} scored (trained in ${((trainedAt - started) / 1000).toFixed(0)} s)\n${cells.join(', ')}\n` +
    `false sky % mean ${pct(mean(scores.map((s) => s.skyFalsePositive)))}, worst ${pct(fs.skyFalsePositive)} (${fs.name}); photos over 2 %: ${scores
      .filter((s) => s.skyFalsePositive > 0.02)
      .map((s) => `${s.name} ${pct(s.skyFalsePositive)}`)
      .join(', ')}\n` +
    `unnamed % mean ${pct(mean(scores.map((s) => s.unnamed)))}, worst ${pct(un.unnamed)} (${un.name})\n` +
    `per image: ${scores.map((s) => `${s.name} ${mean(Object.values(s.iou)).toFixed(2)}`).join(', ')}\n`,
);
}

/** Where the labelled pixels of true class `c` went (predicted label: share), over all images and per image, shares of 1 % and more. */
function confusion(c: EvalClass, images: EvalImage[], segs: Segmentation[]): void {
  const code = EVAL_CLASSES.indexOf(c);
  const total = new Map<string, number>();
  const lines: string[] = [];
  images.forEach((img, k) => {
    const went = new Map<string, number>();
    for (let i = 0; i < img.truth.length; i++) {
      if (img.truth[i] !== code) continue;
      const label = segs[k].regions[segs[k].labels[i]].label;
      went.set(label, (went.get(label) ?? 0) + 1);
      total.set(label, (total.get(label) ?? 0) + 1);
    }
    if (went.size) lines.push(`  ${img.name}: ${shares(went)}`);
  });
  process.stdout.write(`true ${c} → ${shares(total)}\n${lines.join('\n')}\n`);
}

function shares(counts: Map<string, number>): string {
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts]
    .filter(([, v]) => v >= n * 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([label, v]) => `${label} ${((100 * v) / n).toFixed(0)} %`)
    .join(', ') + ` (${(n / 1000).toFixed(1)}k px)`;
}
