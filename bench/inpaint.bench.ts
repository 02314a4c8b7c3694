/**
 * The content-aware fill (Tweak's inpaint on the CPU engine): CPU time of a 1024 x 768 inpaint of
 * a centred hole covering 15 % of a photograph of the evaluation set, next to the CPU time of a
 * sharp Gaussian blur of the same image in the same run (a ratio, so the figure travels between
 * machines). CPU time, not wall time: other work on a shared machine does not count.
 *
 *   npx tsx bench/inpaint.bench.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { inpaintImage } from '../apps/server/src/engines/local/inpaint.js';
import { newPlane, rgbFromBytes } from '../apps/server/src/engines/local/pixels/image.js';
import { EVAL_DIR } from '../apps/server/test/helpers/segmentation-eval.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const W = 1024;
const H = 768;
const PHOTO = 'aula-palatina';

async function photoBytes(): Promise<Buffer> {
  return (await sharp(path.join(EVAL_DIR, `${PHOTO}.jpg`)).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
}

function inpaintCpuMs(data: Buffer): number {
  const mask = newPlane(W, H);
  const hw = Math.round(W * Math.sqrt(0.15));
  const hh = Math.round(H * Math.sqrt(0.15));
  for (let y = (H - hh) >> 1; y < ((H - hh) >> 1) + hh; y++) for (let x = (W - hw) >> 1; x < ((W - hw) >> 1) + hw; x++) mask.d[y * W + x] = 1;
  const before = process.cpuUsage();
  inpaintImage(rgbFromBytes(new Uint8Array(data), W, H), mask, { seed: 1 });
  return process.cpuUsage(before).user / 1000;
}

async function blurCpuMs(data: Buffer): Promise<number> {
  const before = process.cpuUsage();
  await sharp(data, { raw: { width: W, height: H, channels: 3 } }).blur(8).raw().toBuffer();
  return process.cpuUsage(before).user / 1000;
}

export async function run(): Promise<BenchResult[]> {
  const data = await photoBytes();
  const fill = inpaintCpuMs(data);
  const blur = await blurCpuMs(data);
  return [
    { name: `inpaint ${W}x${H}, 15 % hole (${PHOTO}): CPU time`, value: Math.round(fill), unit: 'ms', target: '<= 3000 ms' },
    { name: `  baseline: sharp blur(8) of the same image, CPU time`, value: Math.round(blur), unit: 'ms' },
    { name: '  inpaint / baseline', value: Number((fill / Math.max(blur, 1)).toFixed(1)), unit: '×' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printResults(await run());
