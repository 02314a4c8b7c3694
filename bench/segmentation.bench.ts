/**
 * Region segmentation on real photographs (apps/server/test/fixtures/segmentation-eval): per
 * image, the IoU of each labelled class against the hand-checked mask, the share of non-sky
 * pixels called sky, and the segmentation's time next to a plain sharp decode + resize of the
 * same image (a ratio, so the figure travels between machines). Also the content-aware
 * fill's time on one of the photographs at 1024 x 768 with a 15 % hole (CPU time of this
 * thread, so other work on a shared machine does not count).
 *
 *   npx tsx bench/segmentation.bench.ts            prints the table
 *   npx tsx bench/segmentation.bench.ts --masks    also writes each rule's mask and an overlay
 *                                                  of the segmentation as PNGs beside the photos
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { EVAL_CLASSES, EVAL_DIR, loadEvalSet, scoreImage, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';
import { inpaintImage } from '../apps/server/src/engines/local/inpaint.js';
import { newPlane, rgbFromBytes } from '../apps/server/src/engines/local/pixels/image.js';
import { segmentImage } from '../apps/server/src/engines/local/segment.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const CLASS_COLOUR: Array<[number, number, number]> = [
  [80, 160, 255],
  [230, 120, 60],
  [40, 200, 60],
  [200, 200, 80],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function baselineMs(img: EvalImage): Promise<number> {
  const file = path.join(EVAL_DIR, `${img.name}.jpg`);
  const runs: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    await sharp(file).resize(256).raw().toBuffer();
    runs.push(performance.now() - t);
  }
  return median(runs);
}

function segmentMs(img: EvalImage): number {
  const runs: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    segmentImage(rgbFromBytes(img.rgb, img.width, img.height), { maxRegions: 8 });
    runs.push(performance.now() - t);
  }
  return median(runs);
}

/** CPU ms of a 1024 x 768 inpaint of a centred hole covering 15 % of a photograph. */
async function inpaintCpuMs(name: string): Promise<number> {
  const w = 1024;
  const h = 768;
  const { data } = await sharp(path.join(EVAL_DIR, `${name}.jpg`)).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = newPlane(w, h);
  const hw = Math.round(w * Math.sqrt(0.15));
  const hh = Math.round(h * Math.sqrt(0.15));
  for (let y = (h - hh) >> 1; y < ((h - hh) >> 1) + hh; y++) for (let x = (w - hw) >> 1; x < ((w - hw) >> 1) + hw; x++) mask.d[y * w + x] = 1;
  const before = process.cpuUsage();
  inpaintImage(rgbFromBytes(new Uint8Array(data), w, h), mask, { seed: 1 });
  return process.cpuUsage(before).user / 1000;
}

/** The truth mask (class colours, black where unlabelled) and the segmentation laid over the photo. */
async function writeMasks(img: EvalImage): Promise<void> {
  const { width: w, height: h } = img;
  const mask = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const c = CLASS_COLOUR[img.truth[i]];
    if (c) mask.set(c, i * 3);
  }
  await sharp(mask, { raw: { width: w, height: h, channels: 3 } }).png().toFile(path.join(EVAL_DIR, `${img.name}.mask.png`));
  const seg = segmentImage(rgbFromBytes(img.rgb, w, h), { maxRegions: 8 });
  const overlay = new Uint8Array(img.rgb);
  const classOf = (label: string) => ({ sky: 0, facade: 1, roof: 1, window: 1, vegetation: 2, ground: 3 })[label];
  for (let i = 0; i < w * h; i++) {
    const k = classOf(seg.regions[seg.labels[i]].label);
    if (k === undefined) continue;
    for (let ch = 0; ch < 3; ch++) overlay[i * 3 + ch] = Math.round(overlay[i * 3 + ch] * 0.45 + CLASS_COLOUR[k][ch] * 0.55);
  }
  const out = process.env.SEGMENTATION_OVERLAY_DIR ?? '/tmp';
  await sharp(overlay, { raw: { width: w, height: h, channels: 3 } }).png().toFile(path.join(out, `${img.name}.segmentation.png`));
}

export async function run(): Promise<BenchResult[]> {
  const set = await loadEvalSet();
  const rows: BenchResult[] = [];
  const lines: string[] = [];
  const head = ['image', ...EVAL_CLASSES.map((c) => `${c} IoU`), 'sky FP %', 'segment ms', 'x decode'];
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const img of set) {
    if (process.argv.includes('--masks')) await writeMasks(img);
    const score = scoreImage(img);
    const ms = segmentMs(img);
    const base = await baselineMs(img);
    const cells = EVAL_CLASSES.map((c) => (score.iou[c] === undefined ? '–' : score.iou[c]!.toFixed(2)));
    lines.push(`| ${[img.name, ...cells, (score.skyFalsePositive * 100).toFixed(1), ms.toFixed(0), (ms / base).toFixed(1)].join(' | ')} |`);
    if (score.iou.sky !== undefined) rows.push({ name: `segmentation ${img.name}: sky IoU`, value: Number(score.iou.sky.toFixed(2)), unit: '', target: '>= 0.8' });
    rows.push({ name: `segmentation ${img.name}: non-sky called sky`, value: Number((score.skyFalsePositive * 100).toFixed(1)), unit: '%', target: '<= 2 %' });
  }
  rows.push({ name: 'inpaint 1024x768, 15 % hole (aula-palatina): CPU time', value: Math.round(await inpaintCpuMs('aula-palatina')), unit: 'ms', target: '<= 3000 ms' });
  process.stderr.write(`\nSegmentation IoU per image and class (hand-checked masks, ${set.length} photographs):\n${lines.join('\n')}\n\n`);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printResults(await run());
}
