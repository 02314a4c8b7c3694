import type { RenderType } from '@atelier/contract';
import { analyseSuperpixels, type SuperpixelAnalysis } from './classifier/features.js';
import type { RegionModel } from './classifier/model.js';
import { rgbToLab } from './pixels/color.js';
import { sobel } from './pixels/filters.js';
import { fitSize, luminance, resizeRgb, type Rgb } from './pixels/image.js';
import { labelRegions } from './region-labels.js';
import { mergeCost, superpixelClusters, texture } from './segmentation/clusters.js';
import { regionStatistics, upsampleLabels, type RegionInfo } from './segmentation/full-resolution.js';
import { learnedRegions } from './segmentation/learned.js';
import { previewSky } from './segmentation/sky-agreement.js';
import { mergeCheapestPairs, tidyClusters } from './segmentation/merge.js';
import { slic } from './segmentation/slic.js';
import { WINDOW_PASS, windowPass, type WindowPassOptions } from './segmentation/window-pass.js';

/**
 * Region segmentation, two ways. `segmentRegions` (what Generate Regions uses): SLIC superpixels
 * named by the learned classifier (classifier/, segmentation/learned.ts), with a confidence per
 * region. `segmentImage` (the previous rules, still used by the render's scene analysis): superpixels in Lab + position on a working copy, then greedy
 * agglomerative merging by colour, texture and adjacency (regions need not be connected, so
 * all the windows of a façade can end up as one region), then a colour-guided upsampling of
 * the labels to full resolution. Labels: sky, ground, vegetation, facade, region.
 */

export type { RegionInfo };

export interface Segmentation {
  /** Full-resolution region index per pixel. */
  labels: Uint8Array;
  w: number;
  h: number;
  regions: RegionInfo[];
}

export interface SegmentOptions {
  maxRegions: number;
  /** Long side of the working copy. */
  workSide?: number;
  /** Long side of the output labels (default: the image's own size). */
  outputSide?: number;
  superpixels?: number;
  /** Stop merging below this cost once under maxRegions. */
  threshold?: number;
}

export function segmentImage(full: Rgb, opts: SegmentOptions): Segmentation {
  const maxRegions = Math.max(1, Math.min(255, opts.maxRegions));
  const os = fitSize(full.w, full.h, opts.outputSide ?? Math.max(full.w, full.h));
  const img = os.w === full.w && os.h === full.h ? full : resizeRgb(full, os.w, os.h);
  const ws = fitSize(img.w, img.h, opts.workSide ?? 320);
  const small = resizeRgb(img, ws.w, ws.h);
  const w = ws.w;
  const h = ws.h;
  const n = w * h;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab);
    L[i] = lab[0];
    A[i] = lab[1];
    B[i] = lab[2];
  }
  const grad = sobel(luminance(small)).mag.d;
  const sp = slic(L, A, B, w, h, opts.superpixels ?? 300, grad);

  const cl = superpixelClusters({ L, A, B, grad, w, h }, sp);
  const cost = mergeCost(n, h);
  mergeCheapestPairs(cl, cost, maxRegions, opts.threshold ?? 11);
  tidyClusters(cl, cost, w, h);

  const final = cl.filter((c) => c.alive).sort((p, q) => q.n - p.n);
  const spToRegion = new Int32Array(sp.count);
  final.forEach((c, r) => c.members.forEach((m) => (spToRegion[m] = r)));
  const small_labels = new Uint8Array(n);
  for (let i = 0; i < n; i++) small_labels[i] = spToRegion[sp.labels[i]];
  const names = labelRegions(
    final.map((c) => ({ n: c.n, L: c.L / c.n, A: c.A / c.n, B: c.B / c.n, std: texture(c), grad: c.grad / c.n, cx: c.cx / c.n, cy: c.cy / c.n, top: c.top, bottom: c.bottom })),
    small_labels,
    w,
    h,
    grad,
    { L, A, B },
  );

  const meanLab = final.map((c) => [c.L / c.n, c.A / c.n, c.B / c.n]);
  const labels = upsampleLabels(img, small_labels, w, h, meanLab, new Uint8Array(img.w * img.h));
  return { labels, w: img.w, h: img.h, regions: regionStatistics(img, labels, names) };
}

export interface RegionOptions {
  maxRegions: number;
  renderType?: RenderType;
  /** Long side of the output labels (default: the image's own size). */
  outputSide?: number;
  /** Default: the shipped model. */
  model?: RegionModel;
  /** The sky-from-the-top rule (default on). */
  rules?: boolean;
  /** The sky rule's colour step (segmentation/learned.ts SKY_STEP). */
  skyStep?: number;
  /** Superpixels already analysed for this image at the output size (the bench caches them). */
  analysis?: SuperpixelAnalysis;
  /** The window pass inside the façade (segmentation/window-pass.ts; default WINDOW_PASS, false: none). */
  windows?: WindowPassOptions | false;
  /** The sky region keeps only what the preview's sky detection takes for sky (segmentation/sky-agreement.ts; default on). */
  skyAgreement?: boolean;
}

/** The image at the output size, as `segmentRegions` works on it. */
export function outputImage(full: Rgb, outputSide?: number): Rgb {
  const os = fitSize(full.w, full.h, outputSide ?? Math.max(full.w, full.h));
  return os.w === full.w && os.h === full.h ? full : resizeRgb(full, os.w, os.h);
}

/** Generate Regions: learned labels (within the render type's classes) and a confidence per region. */
export function segmentRegions(full: Rgb, opts: RegionOptions): Segmentation {
  const maxRegions = Math.max(1, Math.min(255, opts.maxRegions));
  const img = outputImage(full, opts.outputSide);
  const analysis = opts.analysis ?? analyseSuperpixels(img);
  const preview = opts.skyAgreement === false ? null : previewSky(img, opts.renderType);
  const learned = learnedRegions(img, analysis, { ...opts, maxRegions, previewSky: preview });
  const { labels, regions } = opts.windows === false || opts.renderType === 'interior' ? learned : windowPass(img, learned.labels, learned.regions, maxRegions, opts.windows ?? WINDOW_PASS);
  return { labels, w: img.w, h: img.h, regions };
}

/** One full-resolution mask (0/255) per region. */
export function regionMasks(seg: Segmentation): Uint8Array[] {
  const masks = seg.regions.map(() => new Uint8Array(seg.w * seg.h));
  for (let i = 0; i < seg.labels.length; i++) masks[seg.labels[i]][i] = 255;
  return masks;
}
