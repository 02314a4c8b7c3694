/**
 * Region segmentation on the labelled evaluation set (apps/server/test/fixtures/segmentation-eval),
 * honestly: the learned classifier is scored leave-one-image-out (for every image, a model is
 * trained on all the others and evaluated on it, so no figure comes from an image the model
 * saw), with and without the two rules (sky hangs from the top edge, ground stands on the
 * bottom one). The previous hand-tuned rules need no training and are scored on every image
 * beside it. Per class: mean IoU over the images that have the class; false sky (share of
 * non-sky pixels called sky) and the share left unnamed ("Region N"). Then per image. Then the
 * time of each segmentation on a 1024 px image, in the same run.
 *
 *   npx tsx bench/segmentation.bench.ts                 prints the tables
 *   npx tsx bench/segmentation.bench.ts --overlays DIR  also writes, for the five worst images,
 *                                                       the truth and both segmentations over the photo
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { analyseSuperpixels, type SuperpixelAnalysis } from '../apps/server/src/engines/local/classifier/features.js';
import { trainModel, type TrainingSample } from '../apps/server/src/engines/local/classifier/model.js';
import { superpixelSamples } from '../apps/server/src/engines/local/classifier/samples.js';
import { resizeRgb, rgbFromBytes, type Rgb } from '../apps/server/src/engines/local/pixels/image.js';
import { segmentImage, segmentRegions, type Segmentation } from '../apps/server/src/engines/local/segment.js';
import { scoreSegmentation, type EvalScore } from '../apps/server/test/helpers/region-scores.js';
import { EVAL_CLASSES, loadEvalSet, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const MAX_REGIONS = 8;
const COLUMNS = [...EVAL_CLASSES, 'building'] as const;
type Column = (typeof COLUMNS)[number];

const CLASS_COLOUR: Record<string, [number, number, number]> = {
  sky: [80, 160, 255],
  facade: [230, 120, 60],
  window: [40, 60, 200],
  door: [150, 60, 20],
  roof: [200, 40, 40],
  vegetation: [40, 200, 60],
  ground: [200, 200, 80],
  water: [0, 200, 200],
  people_vehicles: [240, 0, 240],
  wall: [230, 120, 60],
  floor: [200, 200, 80],
  ceiling: [80, 160, 255],
  building: [230, 160, 120],
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const f2 = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(2));
const pct = (v: number) => (v * 100).toFixed(1);

interface Scored {
  img: EvalImage;
  rules: EvalScore;
  learned: EvalScore;
  learnedNoRules: EvalScore;
  rulesSeg: Segmentation;
  learnedSeg: Segmentation;
}

function classMeans(scores: EvalScore[]): Partial<Record<Column, number>> {
  const out: Partial<Record<Column, number>> = {};
  for (const c of COLUMNS) {
    const xs = scores.map((s) => s.iou[c]).filter((v): v is number => v !== undefined);
    if (xs.length) out[c] = xs.reduce((a, b) => a + b, 0) / xs.length;
  }
  return out;
}

/** Mean IoU over the classes an image has (the "worst images" order). */
const meanIou = (s: EvalScore) => {
  const xs = Object.values(s.iou);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
};

async function writeOverlay(img: EvalImage, labelOf: (i: number) => string | undefined, file: string): Promise<void> {
  const { width: w, height: h } = img;
  const out = new Uint8Array(img.rgb);
  for (let i = 0; i < w * h; i++) {
    const label = labelOf(i);
    const c = label ? CLASS_COLOUR[label] : undefined;
    if (!c) {
      // Unnamed or unlabelled: greyed.
      const g = (out[i * 3] + out[i * 3 + 1] + out[i * 3 + 2]) / 3;
      for (let ch = 0; ch < 3; ch++) out[i * 3 + ch] = Math.round(g * 0.5 + 30);
      continue;
    }
    for (let ch = 0; ch < 3; ch++) out[i * 3 + ch] = Math.round(out[i * 3 + ch] * 0.4 + c[ch] * 0.6);
  }
  await sharp(out, { raw: { width: w, height: h, channels: 3 } }).png().toFile(file);
}

async function writeOverlays(worst: Scored[], dir: string): Promise<void> {
  for (const s of worst) {
    const { img } = s;
    const truthOf = (i: number) => (img.truth[i] !== 255 ? EVAL_CLASSES[img.truth[i]] : img.coarseBuilding[i] ? 'building' : undefined);
    const segOf = (seg: Segmentation) => (i: number) => seg.regions[seg.labels[i]].label;
    await writeOverlay(img, truthOf, path.join(dir, `${img.name}.truth.png`));
    await writeOverlay(img, segOf(s.rulesSeg), path.join(dir, `${img.name}.before-rules.png`));
    await writeOverlay(img, segOf(s.learnedSeg), path.join(dir, `${img.name}.after-learned.png`));
  }
}

function timeMs(fn: () => void, runs = 3): number {
  const xs: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  return median(xs);
}

export async function run(): Promise<BenchResult[]> {
  const set = await loadEvalSet();
  const rgbs: Rgb[] = set.map((img) => rgbFromBytes(img.rgb, img.width, img.height));
  const t0 = performance.now();
  const analyses: SuperpixelAnalysis[] = rgbs.map((rgb) => analyseSuperpixels(rgb));
  const samples: TrainingSample[][] = analyses.map((a, k) => superpixelSamples(a, set[k]));
  const featureMs = performance.now() - t0;

  let trainMs = 0;
  const scored: Scored[] = [];
  for (let k = 0; k < set.length; k++) {
    const img = set[k];
    const t = performance.now();
    // The held-out image's labels never reach the model: it trains on the others only.
    const model = trainModel(samples.filter((_, j) => j !== k).flat());
    trainMs += performance.now() - t;
    const opts = { maxRegions: MAX_REGIONS, renderType: img.renderType, model, analysis: analyses[k] };
    const learnedSeg = segmentRegions(rgbs[k], opts);
    const rulesSeg = segmentImage(rgbs[k], { maxRegions: MAX_REGIONS });
    scored.push({
      img,
      rulesSeg,
      learnedSeg,
      rules: scoreSegmentation(img, rulesSeg),
      learned: scoreSegmentation(img, learnedSeg),
      learnedNoRules: scoreSegmentation(img, segmentRegions(rgbs[k], { ...opts, rules: false })),
    });
  }

  const lines: string[] = [];
  const rulesMean = classMeans(scored.map((s) => s.rules));
  const learnedMean = classMeans(scored.map((s) => s.learned));
  const noRulesMean = classMeans(scored.map((s) => s.learnedNoRules));
  lines.push('Per class, mean IoU (learned: leave-one-image-out; rules: the previous hand-tuned rules, on every image)');
  lines.push('| class | images | previous rules | learned, held out | learned without the sky/ground rules |', '|---|---|---|---|---|');
  for (const c of COLUMNS) {
    const n = scored.filter((s) => s.learned.iou[c] !== undefined).length;
    if (n) lines.push(`| ${c} | ${n} | ${f2(rulesMean[c])} | ${f2(learnedMean[c])} | ${f2(noRulesMean[c])} |`);
  }
  const worstOf = (pick: (s: Scored) => number) => Math.max(...scored.map(pick));
  const meanOf = (pick: (s: Scored) => number) => scored.reduce((t, s) => t + pick(s), 0) / scored.length;
  lines.push(
    `| false sky %, mean / worst | ${scored.length} | ${pct(meanOf((s) => s.rules.skyFalsePositive))} / ${pct(worstOf((s) => s.rules.skyFalsePositive))} | ` +
      `${pct(meanOf((s) => s.learned.skyFalsePositive))} / ${pct(worstOf((s) => s.learned.skyFalsePositive))} | ` +
      `${pct(meanOf((s) => s.learnedNoRules.skyFalsePositive))} / ${pct(worstOf((s) => s.learnedNoRules.skyFalsePositive))} |`,
    `| unnamed "Region N" %, mean / worst | ${scored.length} | ${pct(meanOf((s) => s.rules.unnamed))} / ${pct(worstOf((s) => s.rules.unnamed))} | ` +
      `${pct(meanOf((s) => s.learned.unnamed))} / ${pct(worstOf((s) => s.learned.unnamed))} | ` +
      `${pct(meanOf((s) => s.learnedNoRules.unnamed))} / ${pct(worstOf((s) => s.learnedNoRules.unnamed))} |`,
  );

  const present = COLUMNS.filter((c) => scored.some((s) => s.learned.iou[c] !== undefined));
  lines.push('', 'Per image, IoU as previous rules → learned held out', `| image | kind | type | ${present.join(' | ')} | false sky % | unnamed % |`);
  lines.push(`|${['', '', '', ...present, '', ''].map(() => '---').join('|')}|`);
  for (const s of scored) {
    const cells = present.map((c) => (s.learned.iou[c] === undefined ? '–' : `${f2(s.rules.iou[c])} → ${f2(s.learned.iou[c])}`));
    lines.push(
      `| ${s.img.name} | ${s.img.kind} | ${s.img.renderType} | ${cells.join(' | ')} | ${pct(s.rules.skyFalsePositive)} → ${pct(s.learned.skyFalsePositive)} | ${pct(s.rules.unnamed)} → ${pct(s.learned.unnamed)} |`,
    );
  }

  // Time on a 1024 px image: the learned segmentation (features, classifier, regions, full-resolution labels) and the rules.
  const big = rgbs.reduce((a, b) => (a.w * a.h >= b.w * b.h ? a : b));
  const side = 1024 / Math.max(big.w, big.h);
  const img1024 = resizeRgb(big, Math.round(big.w * side), Math.round(big.h * side));
  const learnedMs = timeMs(() => segmentRegions(img1024, { maxRegions: 15 }));
  const rulesMs = timeMs(() => segmentImage(img1024, { maxRegions: 15 }));
  lines.push(
    '',
    `Time on a ${img1024.w}×${img1024.h} image: learned ${learnedMs.toFixed(0)} ms, previous rules ${rulesMs.toFixed(0)} ms. ` +
      `Features of ${set.length} images ${(featureMs / 1000).toFixed(1)} s; ${set.length} leave-one-out trainings ${(trainMs / 1000).toFixed(1)} s.`,
  );

  const dirAt = process.argv.indexOf('--overlays');
  if (dirAt > 0) {
    const worst = [...scored].sort((a, b) => meanIou(a.learned) - meanIou(b.learned)).slice(0, 5);
    await writeOverlays(worst, process.argv[dirAt + 1]);
    lines.push(`Overlays of the five worst (${worst.map((s) => s.img.name).join(', ')}) in ${process.argv[dirAt + 1]}`);
  }
  process.stderr.write(`\nRegion segmentation, ${set.length} labelled images (${set.filter((s) => s.kind === 'photo').length} photographs):\n${lines.join('\n')}\n\n`);

  const rows: BenchResult[] = [];
  for (const c of ['sky', 'facade', 'window', 'vegetation', 'ground', 'wall', 'floor', 'ceiling', 'building'] as const)
    if (learnedMean[c] !== undefined) rows.push({ name: `segmentation held out: ${c} IoU (rules ${f2(rulesMean[c])})`, value: Number(learnedMean[c]!.toFixed(2)), unit: '', target: c === 'sky' ? '>= 0.9' : c === 'window' ? '>= 0.5' : '>= 0.7' });
  rows.push({ name: 'segmentation held out: worst non-sky called sky', value: Number(pct(worstOf((s) => s.learned.skyFalsePositive))), unit: '%', target: '<= 2 %' });
  rows.push({ name: 'segmentation held out: worst share unnamed', value: Number(pct(worstOf((s) => s.learned.unnamed))), unit: '%', target: '<= 10 %' });
  rows.push({ name: `segmentation learned, ${img1024.w}×${img1024.h}`, value: Math.round(learnedMs), unit: 'ms', target: '< 1000 ms' });
  rows.push({ name: `segmentation previous rules, ${img1024.w}×${img1024.h}`, value: Math.round(rulesMs), unit: 'ms' });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printResults(await run());
}
