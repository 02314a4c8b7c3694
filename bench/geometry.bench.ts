/**
 * The geometry of the photo (issue 30 part 1): CPU time of segments + vanishing points + the
 * planes of a façade and a ground region on a 1024 x 768 photograph of the evaluation set (the
 * median of 5 runs), next to a plain Sobel gradient of the same image's luminance in the same
 * run (a ratio, so the figure travels between machines). CPU time, not wall time.
 *
 *   npx tsx bench/geometry.bench.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { detectSegments } from '../apps/server/src/engines/local/geometry/segments.js';
import { estimateVanishing } from '../apps/server/src/engines/local/geometry/vanishing.js';
import { estimateGeometry } from '../apps/server/src/engines/local/geometry/planes.js';
import { sobel } from '../apps/server/src/engines/local/pixels/filters.js';
import { luminance, newPlane, rgbFromBytes, type Rgb } from '../apps/server/src/engines/local/pixels/image.js';
import { EVAL_DIR } from '../apps/server/test/helpers/segmentation-eval.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const W = 1024;
const H = 768;
const PHOTO = 'palais-des-papes';
const RUNS = 5;

function cpuMs(f: () => unknown): number {
  const before = process.cpuUsage();
  f();
  return process.cpuUsage(before).user / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export async function run(): Promise<BenchResult[]> {
  const data = (await sharp(path.join(EVAL_DIR, `${PHOTO}.jpg`)).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
  const rgb: Rgb = rgbFromBytes(new Uint8Array(data), W, H);
  // A façade band and a ground band, as regions.
  const facade = newPlane(W, H);
  const ground = newPlane(W, H);
  facade.d.fill(1, Math.round(H * 0.15) * W, Math.round(H * 0.86) * W);
  ground.d.fill(1, Math.round(H * 0.86) * W);
  const regions = [
    { mask: facade, kind: 'wall' as const },
    { mask: ground, kind: 'floor' as const },
  ];
  const lum = luminance(rgb);
  const base: number[] = [];
  const all: number[] = [];
  const seg: number[] = [];
  const vp: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(cpuMs(() => sobel(luminance(rgb))));
    all.push(cpuMs(() => estimateGeometry(rgb, regions, { realHeightCm: 1500 })));
    let segments: ReturnType<typeof detectSegments> = [];
    seg.push(cpuMs(() => (segments = detectSegments(lum, { scale: 640 / W }))));
    vp.push(cpuMs(() => estimateVanishing(segments, W, H)));
  }
  const total = median(all);
  const sob = median(base);
  return [
    { name: `geometry ${W}x${H} (${PHOTO}): segments + vanishing points + 2 planes, CPU time`, value: Math.round(total), unit: 'ms', target: '<= 300 ms' },
    { name: '  of which segments (LSD-style, at 640 px)', value: Math.round(median(seg)), unit: 'ms' },
    { name: '  of which vanishing points', value: Math.round(median(vp)), unit: 'ms' },
    { name: '  baseline: luminance + Sobel of the same image, CPU time', value: Math.round(sob), unit: 'ms' },
    { name: '  geometry / baseline', value: Number((total / Math.max(sob, 1)).toFixed(1)), unit: '×' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printResults(await run());
