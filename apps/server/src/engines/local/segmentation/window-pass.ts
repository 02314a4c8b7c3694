import { rgbToLab } from '../pixels/color.js';
import type { Rgb } from '../pixels/image.js';
import { regionStatistics, type RegionInfo } from './full-resolution.js';

/**
 * Windows are often smaller than a superpixel, so the classifier calls them façade. This pass
 * looks inside the façade region at full resolution: pixels darker than the façade around them
 * (glass and openings against a wall) form blobs; a blob that is compact, fills most of its
 * bounding box and is bounded by façade on most of its outline is a window. The windows join
 * the window region (made if there is none and room is left).
 */
export interface WindowPassOptions {
  /** How much darker (Lab L) than the façade's reference a window pixel is. */
  darker: number;
  /** A blob's share of the image: at least / at most. */
  minShare: number;
  maxShare: number;
  /** A blob's pixels over its bounding box's area: at least. */
  fill: number;
  /** A blob's outline pixels that border façade: at least this share. */
  enclosed: number;
  /** Longer over shorter side of a blob's bounding box: at most. */
  elongation: number;
  /** Pixels lighter than the reference by `darker` count too (lit windows at night, sky reflections). */
  lighter: boolean;
}

export const WINDOW_PASS: WindowPassOptions = { darker: 12, minShare: 0.0002, maxShare: 0.02, fill: 0.55, enclosed: 0.7, elongation: 5, lighter: false };

/** The median of `values` (0–100) by a histogram of 0.25-unit bins. */
function medianOf(values: Float32Array, count: number): number {
  const bins = new Uint32Array(401);
  for (let i = 0; i < count; i++) bins[Math.max(0, Math.min(400, Math.round(values[i] * 4)))]++;
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b];
    if (seen * 2 >= count) return b / 4;
  }
  return 50;
}

/** 4-connected components of the set pixels of `mask`: component index per pixel (-1 outside) and their count. */
function components(mask: Uint8Array, w: number, h: number): { comp: Int32Array; count: number } {
  const comp = new Int32Array(w * h).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || comp[s] >= 0) continue;
    comp[s] = count;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const visit = (j: number) => {
        if (mask[j] && comp[j] < 0) {
          comp[j] = count;
          stack.push(j);
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (i >= w) visit(i - w);
      if (i < w * (h - 1)) visit(i + w);
    }
    count++;
  }
  return { comp, count };
}

/** The pixels of the façade region that belong to windows (1), by the rules above. */
export function windowPixels(img: Rgb, labels: Uint8Array, facade: number, window: number, opts: WindowPassOptions = WINDOW_PASS): Uint8Array {
  const { w, h } = img;
  const n = w * h;
  const L = new Float32Array(n);
  const inFacade = new Float32Array(n);
  const lab = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] !== facade) continue;
    rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
    L[i] = lab[0];
    inFacade[count++] = lab[0];
  }
  const out = new Uint8Array(n);
  if (count === 0) return out;
  const reference = medianOf(inFacade, count);
  const dark = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (labels[i] === facade && (L[i] < reference - opts.darker || (opts.lighter && L[i] > reference + opts.darker))) dark[i] = 1;
  const { comp, count: K } = components(dark, w, h);
  const area = new Float64Array(K);
  const box = Array.from({ length: K }, () => [w, h, -1, -1]);
  const rim = new Float64Array(K);
  const rimFacade = new Float64Array(K);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const k = comp[i];
      if (k < 0) continue;
      area[k]++;
      const b = box[k];
      if (x < b[0]) b[0] = x;
      if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
      const look = (j: number, inside: boolean) => {
        if (!inside) {
          rim[k]++;
          return;
        }
        if (comp[j] === k) return;
        rim[k]++;
        if (labels[j] === facade || labels[j] === window) rimFacade[k]++;
      };
      look(i - 1, x > 0);
      look(i + 1, x < w - 1);
      look(i - w, y > 0);
      look(i + w, y < h - 1);
    }
  const accept = new Uint8Array(K);
  for (let k = 0; k < K; k++) {
    const [x0, y0, x1, y1] = box[k];
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    accept[k] = Number(
      area[k] >= opts.minShare * n &&
        area[k] <= opts.maxShare * n &&
        area[k] >= opts.fill * bw * bh &&
        Math.max(bw, bh) <= opts.elongation * Math.min(bw, bh) &&
        rimFacade[k] >= opts.enclosed * rim[k],
    );
  }
  for (let i = 0; i < n; i++) if (comp[i] >= 0 && accept[comp[i]]) out[i] = 1;
  return out;
}

/**
 * Moves the window pixels of the façade region into the window region (a new one if there is
 * none and fewer than `maxRegions` exist); returns the labels and regions, updated.
 */
export function windowPass(img: Rgb, labels: Uint8Array, regions: RegionInfo[], maxRegions: number, opts: WindowPassOptions = WINDOW_PASS): { labels: Uint8Array; regions: RegionInfo[] } {
  const facade = regions.findIndex((r) => r.label === 'facade');
  if (facade < 0) return { labels, regions };
  let window = regions.findIndex((r) => r.label === 'window');
  if (window < 0 && regions.length >= maxRegions) return { labels, regions };
  const found = windowPixels(img, labels, facade, window, opts);
  if (!found.some((v) => v)) return { labels, regions };
  const names = regions.map((r) => r.label);
  if (window < 0) {
    window = names.length;
    names.push('window');
  }
  const next = Uint8Array.from(labels, (r, i) => (found[i] ? window : r));
  const stats = regionStatistics(img, next, names);
  stats.forEach((s, r) => {
    const confidence = regions[r]?.confidence;
    if (confidence !== undefined) s.confidence = confidence;
  });
  return { labels: next, regions: stats };
}
