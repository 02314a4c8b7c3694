/**
 * Region segmentation on the labelled evaluation set (apps/server/test/fixtures/segmentation-eval),
 * honestly: every figure of the learned classifier is measured on the frozen held-out split of the
 * set (`isHeldOut`, test/helpers/held-out.ts), with the shipped model, which `npm run train:regions`
 * trains on the training images only (the bench refuses a model whose `trainedOn` names a held-out
 * image). The first set's 17 held-out images are tabled apart from those added since, so figures
 * stay comparable as the set grows. The previous
 * hand-tuned rules (`segmentImage`) are scored on the same images beside it, the learned
 * classifier with the previous sky rule (no colour step) and without its sky-from-the-top rule. Per class: mean IoU over the held-out images that have
 * the class; false sky (share of non-sky pixels called sky) and the share left unnamed
 * ("Region N"), mean and worst. Then per image. Then the time of each segmentation on a 1024 px
 * image, in the same run. The tables are written to the set's HELD-OUT.md.
 *
 *   npx tsx bench/segmentation.bench.ts                 prints the tables, writes HELD-OUT.md
 *   npx tsx bench/segmentation.bench.ts --overlays DIR  also writes, for the five worst held-out
 *                                                       images, the truth and both segmentations over the photo
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { analyseSuperpixels } from '../apps/server/src/engines/local/classifier/features.js';
import { shippedModel, trainEnsemble } from '../apps/server/src/engines/local/classifier/model.js';
import { superpixelSamples } from '../apps/server/src/engines/local/classifier/samples.js';
import { resizeRgb, rgbFromBytes, type Rgb } from '../apps/server/src/engines/local/pixels/image.js';
import { segmentImage, segmentRegions, type Segmentation } from '../apps/server/src/engines/local/segment.js';
import { inFirstSet, isHeldOut } from '../apps/server/test/helpers/held-out.js';
import { scoreSegmentation, type EvalScore } from '../apps/server/test/helpers/region-scores.js';
import { CLASS_COLOURS, COARSE_BUILDING_COLOUR, EVAL_CLASSES, EVAL_DIR, loadEvalSet, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const MAX_REGIONS = 8;
const COLUMNS = [...EVAL_CLASSES, 'building'] as const;
type Column = (typeof COLUMNS)[number];
/** Hard cases of the training split, each scored by a model trained on the training split without it. */
const HARD_CASES = ['scene-elevation-glass'];
const GOALS: Partial<Record<Column, number>> = { sky: 0.9, facade: 0.75, window: 0.5, vegetation: 0.7, ground: 0.7, wall: 0.7, floor: 0.7, ceiling: 0.7 };

const colourOf = (label: string | undefined): readonly [number, number, number] | undefined => {
  if (label === 'building') return COARSE_BUILDING_COLOUR;
  const k = EVAL_CLASSES.indexOf(label as (typeof EVAL_CLASSES)[number]);
  return k < 0 ? undefined : CLASS_COLOURS[k];
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const f2 = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(2));
const pct = (v: number) => (v * 100).toFixed(1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Scored {
  img: EvalImage;
  rules: EvalScore;
  /** The shipped model with the previous sky rule (sky reached from the top through any colour step). */
  previous: EvalScore;
  learned: EvalScore;
  learnedNoRules: EvalScore;
  /** The shipped model without the preview's sky (segmentation/sky-agreement.ts). */
  learnedOwnSky: EvalScore;
  rulesSeg: Segmentation;
  previousSeg: Segmentation;
  learnedSeg: Segmentation;
}

function classMeans(scores: EvalScore[]): Partial<Record<Column, number>> {
  const out: Partial<Record<Column, number>> = {};
  for (const c of COLUMNS) {
    const xs = scores.map((s) => s.iou[c]).filter((v): v is number => v !== undefined);
    if (xs.length) out[c] = mean(xs);
  }
  return out;
}

/** Mean IoU over the classes an image has (the "worst images" order). */
const meanIou = (s: EvalScore) => {
  const xs = Object.values(s.iou);
  return xs.length ? mean(xs) : 0;
};

async function writeOverlay(img: EvalImage, labelOf: (i: number) => string | undefined, file: string): Promise<void> {
  const { width: w, height: h } = img;
  const out = new Uint8Array(img.rgb);
  for (let i = 0; i < w * h; i++) {
    const c = colourOf(labelOf(i));
    if (!c) {
      // Unnamed ("Region N") or unlabelled: greyed.
      const g = (out[i * 3] + out[i * 3 + 1] + out[i * 3 + 2]) / 3;
      for (let ch = 0; ch < 3; ch++) out[i * 3 + ch] = Math.round(g * 0.5 + 30);
      continue;
    }
    for (let ch = 0; ch < 3; ch++) out[i * 3 + ch] = Math.round(out[i * 3 + ch] * 0.4 + c[ch] * 0.6);
  }
  await sharp(out, { raw: { width: w, height: h, channels: 3 } }).png().toFile(file);
}

/** Truth, previous rules, previous learned and learned side by side, one PNG per image. */
async function writeOverlays(worst: Scored[], dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const s of worst) {
    const { img } = s;
    const truthOf = (i: number) => (img.truth[i] !== 255 ? EVAL_CLASSES[img.truth[i]] : img.coarseBuilding[i] ? 'building' : undefined);
    const segOf = (seg: Segmentation) => (i: number) => seg.regions[seg.labels[i]].label;
    const parts = [
      [truthOf, 'truth'],
      [segOf(s.rulesSeg), 'before-rules'],
      [segOf(s.previousSeg), 'before-learned'],
      [segOf(s.learnedSeg), 'after-learned'],
    ] as const;
    for (const [labelOf, suffix] of parts) await writeOverlay(img, labelOf, path.join(dir, `${img.name}.${suffix}.png`));
    await sharp({ create: { width: img.width * parts.length + 8 * (parts.length - 1), height: img.height, channels: 3, background: '#ffffff' } })
      .composite(parts.map(([, suffix], k) => ({ input: path.join(dir, `${img.name}.${suffix}.png`), left: k * (img.width + 8), top: 0 })))
      .png()
      .toFile(path.join(dir, `${img.name}.${parts.map(([, suffix]) => suffix).join('.')}.png`));
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

/** The markdown tables: per class (held-out means, rules beside, the goal), then per image. */
function tables(scored: Scored[], trainedOn: number, perImage = true): string[] {
  const lines: string[] = [];
  const rulesMean = classMeans(scored.map((s) => s.rules));
  const previousMean = classMeans(scored.map((s) => s.previous));
  const learnedMean = classMeans(scored.map((s) => s.learned));
  const noRulesMean = classMeans(scored.map((s) => s.learnedNoRules));
  const ownSkyMean = classMeans(scored.map((s) => s.learnedOwnSky));
  lines.push(
    `Held out: ${scored.length} images (${scored.filter((s) => s.img.kind === 'photo').length} photographs); the shipped model was trained on ${trainedOn} training images only.`,
    '',
    '| class | held-out images | previous rules | previous learned (sky rule without colour step) | learned without the preview\'s sky | learned (shipped) | learned without the sky rule | goal |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const c of COLUMNS) {
    const n = scored.filter((s) => s.learned.iou[c] !== undefined).length;
    if (n) lines.push(`| ${c} | ${n} | ${f2(rulesMean[c])} | ${f2(previousMean[c])} | ${f2(ownSkyMean[c])} | ${f2(learnedMean[c])} | ${f2(noRulesMean[c])} | ${GOALS[c] === undefined ? '' : `≥ ${GOALS[c]!.toFixed(2)}`} |`);
  }
  const figure = (pick: (s: Scored) => number) => `${pct(mean(scored.map(pick)))} / ${pct(Math.max(...scored.map(pick)))}`;
  lines.push(
    `| false sky %, mean / worst | ${scored.length} | ${figure((s) => s.rules.skyFalsePositive)} | ${figure((s) => s.previous.skyFalsePositive)} | ${figure((s) => s.learnedOwnSky.skyFalsePositive)} | ${figure((s) => s.learned.skyFalsePositive)} | ${figure((s) => s.learnedNoRules.skyFalsePositive)} | ≤ 2 on every photo |`,
    `| unnamed "Region N" %, mean / worst | ${scored.length} | ${figure((s) => s.rules.unnamed)} | ${figure((s) => s.previous.unnamed)} | ${figure((s) => s.learnedOwnSky.unnamed)} | ${figure((s) => s.learned.unnamed)} | ${figure((s) => s.learnedNoRules.unnamed)} | ≤ 10 on every photo |`,
  );
  if (!perImage) return lines;
  const present = COLUMNS.filter((c) => scored.some((s) => s.learned.iou[c] !== undefined));
  lines.push('', 'Per held-out image, IoU as previous rules → previous learned → learned; false sky also learned without the preview\'s sky before the shipped', '', `| image | kind | type | ${present.join(' | ')} | false sky % | unnamed % |`);
  lines.push(`|${['', '', '', ...present, '', ''].map(() => '---').join('|')}|`);
  for (const s of scored) {
    const cells = present.map((c) => (s.learned.iou[c] === undefined ? '–' : `${f2(s.rules.iou[c])} → ${f2(s.previous.iou[c])} → ${f2(s.learned.iou[c])}`));
    lines.push(
      `| ${s.img.name} | ${s.img.kind} | ${s.img.renderType} | ${cells.join(' | ')} | ${pct(s.rules.skyFalsePositive)} → ${pct(s.previous.skyFalsePositive)} → ${pct(s.learnedOwnSky.skyFalsePositive)} → ${pct(s.learned.skyFalsePositive)} | ${pct(s.rules.unnamed)} → ${pct(s.previous.unnamed)} → ${pct(s.learned.unnamed)} |`,
    );
  }
  return lines;
}

export async function run(): Promise<BenchResult[]> {
  const set = await loadEvalSet();
  const model = shippedModel();
  const heldOutNames = set.filter((img) => isHeldOut(img.name)).map((img) => img.name);
  const seen = heldOutNames.filter((n) => !model.trainedOn || model.trainedOn.includes(n));
  if (seen.length) throw new Error(`the shipped region model was trained on held-out images (${seen.slice(0, 3).join(', ')}…): run npm run train:regions`);

  const scored: Scored[] = [];
  for (const img of set) {
    if (!isHeldOut(img.name)) continue;
    const rgb = rgbFromBytes(img.rgb, img.width, img.height);
    const opts = { maxRegions: MAX_REGIONS, renderType: img.renderType, model };
    const learnedSeg = segmentRegions(rgb, opts);
    const rulesSeg = segmentImage(rgb, { maxRegions: MAX_REGIONS });
    const previousSeg = segmentRegions(rgb, { ...opts, skyStep: Infinity });
    scored.push({
      img,
      rulesSeg,
      previousSeg,
      learnedSeg,
      rules: scoreSegmentation(img, rulesSeg),
      previous: scoreSegmentation(img, previousSeg),
      learned: scoreSegmentation(img, learnedSeg),
      learnedNoRules: scoreSegmentation(img, segmentRegions(rgb, { ...opts, rules: false })),
      learnedOwnSky: scoreSegmentation(img, segmentRegions(rgb, { ...opts, skyAgreement: false })),
    });
  }
  const first = scored.filter((s) => inFirstSet(s.img.name));
  const added = scored.filter((s) => !inFirstSet(s.img.name));
  const lines = [`## The first set's held-out images`, '', ...tables(first, model.trainedOn!.length)];
  if (added.length) lines.push('', '## Held-out images added since', '', ...tables(added, model.trainedOn!.length), '', '## All held-out images', '', ...tables(scored, model.trainedOn!.length, false));

  // The hard cases the shipped model was trained on: a model of the training split without the case.
  const hard: Scored[] = [];
  const training = set.filter((img) => !isHeldOut(img.name));
  for (const name of HARD_CASES) {
    const img = set.find((s) => s.name === name);
    if (!img) continue;
    const rgbOf = (s: EvalImage) => rgbFromBytes(s.rgb, s.width, s.height);
    const without = trainEnsemble(training.filter((s) => s !== img).flatMap((s) => superpixelSamples(analyseSuperpixels(rgbOf(s)), s)));
    const opts = { maxRegions: MAX_REGIONS, renderType: img.renderType, model: without };
    const learnedSeg = segmentRegions(rgbOf(img), opts);
    const rulesSeg = segmentImage(rgbOf(img), { maxRegions: MAX_REGIONS });
    const previousSeg = segmentRegions(rgbOf(img), { ...opts, skyStep: Infinity });
    hard.push({ img, rulesSeg, previousSeg, learnedSeg, rules: scoreSegmentation(img, rulesSeg), previous: scoreSegmentation(img, previousSeg), learned: scoreSegmentation(img, learnedSeg), learnedNoRules: scoreSegmentation(img, segmentRegions(rgbOf(img), { ...opts, rules: false })), learnedOwnSky: scoreSegmentation(img, segmentRegions(rgbOf(img), { ...opts, skyAgreement: false })) });
  }
  if (hard.length) {
    lines.push('', 'Hard cases of the training split, each scored by a model trained on the training split without it (previous rules → learned)', '');
    for (const s of hard)
      lines.push(
        `- ${s.img.name}: false sky ${pct(s.rules.skyFalsePositive)} % → ${pct(s.learned.skyFalsePositive)} %; ` +
          Object.keys(s.learned.iou)
            .map((c) => `${c} ${f2(s.rules.iou[c as Column])} → ${f2(s.learned.iou[c as Column])}`)
            .join(', '),
      );
  }
  const markdown = path.join(EVAL_DIR, 'HELD-OUT.md');
  fs.writeFileSync(
    markdown,
    `# Region segmentation on the held-out images\n\nWritten by \`npm run bench\` (bench/segmentation.bench.ts); do not edit by hand.\n\n${lines.join('\n')}\n`,
  );

  // Time on a 1024 px image: the learned segmentation (features, classifier, regions, full-resolution labels) and the rules.
  const rgbs: Rgb[] = set.map((img) => rgbFromBytes(img.rgb, img.width, img.height));
  const big = rgbs.reduce((a, b) => (a.w * a.h >= b.w * b.h ? a : b));
  const side = 1024 / Math.max(big.w, big.h);
  const img1024 = resizeRgb(big, Math.round(big.w * side), Math.round(big.h * side));
  const learnedMs = timeMs(() => segmentRegions(img1024, { maxRegions: 15 }));
  const ownSkyMs = timeMs(() => segmentRegions(img1024, { maxRegions: 15, skyAgreement: false }));
  const rulesMs = timeMs(() => segmentImage(img1024, { maxRegions: 15 }));
  lines.push('', `Time on a ${img1024.w}×${img1024.h} image: learned ${learnedMs.toFixed(0)} ms (without the preview's sky ${ownSkyMs.toFixed(0)} ms), previous rules ${rulesMs.toFixed(0)} ms (same run). Tables written to ${markdown}.`);

  const dirAt = process.argv.indexOf('--overlays');
  if (dirAt > 0) {
    // The five worst of the shipped model and the five worst of the previous one.
    const worstBy = (pick: (s: Scored) => EvalScore) => [...scored].sort((a, b) => meanIou(pick(a)) - meanIou(pick(b))).slice(0, 5);
    const worst = [...new Set([...worstBy((s) => s.learned), ...worstBy((s) => s.previous)])];
    await writeOverlays([...worst, ...hard], process.argv[dirAt + 1]);
    lines.push(`Overlays of the five worst, of the shipped and of the previous learned segmentation (${worst.map((s) => s.img.name).join(', ')}) in ${process.argv[dirAt + 1]}`);
  }
  process.stderr.write(`\nRegion segmentation, ${set.length} labelled images:\n${lines.join('\n')}\n\n`);

  const learnedMean = classMeans(scored.map((s) => s.learned));
  const rulesMean = classMeans(scored.map((s) => s.rules));
  const photos = scored.filter((s) => s.img.kind === 'photo');
  const rows: BenchResult[] = [];
  for (const c of ['sky', 'facade', 'window', 'vegetation', 'ground', 'wall', 'floor', 'ceiling', 'building'] as const)
    if (learnedMean[c] !== undefined) rows.push({ name: `segmentation held out: ${c} IoU (rules ${f2(rulesMean[c])})`, value: Number(learnedMean[c]!.toFixed(2)), unit: '', target: GOALS[c] ? `>= ${GOALS[c]}` : undefined });
  rows.push({ name: 'segmentation held out: worst photo, non-sky called sky', value: Number(pct(Math.max(...photos.map((s) => s.learned.skyFalsePositive)))), unit: '%', target: '<= 2 %' });
  rows.push({ name: 'segmentation held out: worst image, non-sky called sky', value: Number(pct(Math.max(...scored.map((s) => s.learned.skyFalsePositive)))), unit: '%', target: '<= 2 %' });
  rows.push({ name: 'segmentation held out: worst share unnamed', value: Number(pct(Math.max(...scored.map((s) => s.learned.unnamed)))), unit: '%', target: '<= 10 %' });
  rows.push({ name: `segmentation learned, ${img1024.w}×${img1024.h}`, value: Math.round(learnedMs), unit: 'ms', target: '< 1000 ms' });
  rows.push({ name: `segmentation previous rules, ${img1024.w}×${img1024.h}`, value: Math.round(rulesMs), unit: 'ms' });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printResults(await run());
}
