import { rgbToLab, toLinear } from '../pixels/color.js';
import type { Rgb } from '../pixels/image.js';
import { SPANDRELS, spandrelPixels, type SpandrelOptions } from './curtain-wall.js';
import { blobMask, colourComponents, components, rectangularBlobs, type Blob, type BlobShape } from './blobs.js';
import { doorBlobs, type DoorShape } from './door-blobs.js';
import { regionStatistics, type RegionInfo } from './full-resolution.js';

/**
 * Windows are often smaller than a superpixel, so the classifier calls them façade. This pass
 * looks inside the façade region at full resolution: pixels darker than the façade around them
 * (glass and openings against a wall) form blobs; a blob that is compact, fills most of its
 * bounding box and is bounded by façade on most of its outline is a window. The windows join
 * the window region (made if there is none and room is left).
 */
export interface WindowPassOptions extends BlobShape {
  /** How much darker (Lab L) than the façade's reference a window pixel is. */
  darker: number;
  /** Pixels lighter than the reference by `darker` count too (lit windows at night, sky reflections). */
  lighter: boolean;
  /**
   * Dark pixels of blobs that fail the shape test are split where neighbours' colours differ by
   * this much (Lab) and tried again: shop windows joined to doors and to a fascia of another
   * colour into one dark band along the ground floor (0: not tried).
   */
  colourStep: number;
  /** Tall blobs standing at the wall's foot are doors (door-blobs.ts; false: all are windows). */
  doors: DoorShape | false;
  /** The spandrels of a curtain wall, found inside the window region, go to the façade (curtain-wall.ts); false: not looked for. */
  spandrels: SpandrelOptions | false;
}

/**
 * Chosen by 4-fold cross-validation on the training images (npm run cv:regions -- --windows …):
 * without the pass window 0.372, façade 0.615; with these settings 0.437, 0.618 (darker 8 or 16,
 * fill 0.45, a larger maxShare: within 0.005; lighter blobs too: window 0.421; elongation 3:
 * 0.420; each window needing one or two others in its row: 0.437, 0.412; searching the ground
 * region too, for walls the classifier called ground: no change, as those walls join the road;
 * growing the windows by 1-3 px: 0.437-0.427; tall blobs standing on a non-wall region as doors:
 * door IoU stays 0, the doors are not darker blobs inside the façade region).
 * The spandrels of a curtain wall (curtain-wall.ts), same models, means over seeds 29, 7, 11:
 * façade 0.650 → 0.691, window 0.427 → 0.435, every other class and the false sky unchanged
 * (scene-elevation-glass, the one curtain wall among the training images: façade 0.00 → 0.58,
 * window 0.59 → 0.70); a 3-unit step: façade 0.673 / 0.666 (seeds 29 / 7), 1.5: as 2; two bands
 * enough: as three; without the least band height, a few stray bands on four photographs.
 * Held out (read once, with a model retrained on the current features): façade 0.594 → 0.594,
 * window 0.357 → 0.357 (trier-imperial-baths façade 0.76 → 0.77): the held-out glass office's
 * curtain wall is not a window region to the classifier, so there is nothing to split.
 * Tried and not taken: a connected part of the roof region enclosing three or more windows (of
 * the window region or blobs found in it) is façade, for the street-timber render's upper storeys
 * called roof: seeds 29 / 7 / 11 façade 0.692 → 0.717 / 0.682 → 0.648 / 0.698 → 0.698, roof
 * 0.152 → 0.152 / 0.155 → 0.138 / same (with seed 7 the aerial render's far ground, called roof,
 * held facades called window and became façade); 2 or 5 windows: as 3.
 * Shop fronts: the dark shop windows, doors and fascia of a ground floor are one blob, too long
 * and too large to be a window, so none was found. The dark pixels of rejected blobs are split by
 * colour (colourStep) and tried again, and tall blobs at the wall's foot are doors (door-blobs.ts).
 * 4-fold CV on all 43 training images, seeds 29 / 7, old pass → this one: window 0.506 / 0.490 →
 * 0.511 / 0.494, door 0.073 / 0.007 → 0.140 / 0.068, façade 0.688 / 0.704 → 0.703 / 0.713, every
 * other class and the false sky unchanged (scene-elevation-shops: window 0.67 → 0.78 with doors
 * found). Colour steps between neighbours instead of from the part's running mean (a render's
 * noise breaks a door into specks): window 0.507, façade 0.702 (means over both seeds); steps
 * 3 / 6 / 14 / 20: window 0.493-0.502; opening the rejected blobs by 1-5 px instead: window 0.488-0.494;
 * doors 2:1 or taller: door 0.043; darker 12 instead of 10: window 0.499.
 */
export const WINDOW_PASS: WindowPassOptions = {
  darker: 10,
  minShare: 0.0002,
  maxShare: 0.02,
  fill: 0.55,
  enclosed: 0.7,
  elongation: 5,
  lighter: false,
  colourStep: 10,
  doors: { tall: 1.5, standsOn: 0.15 },
  spandrels: SPANDRELS,
};

/** Per connected part of `mask`, the median of `values` (0–100, by 0.25-unit bins) over it; NaN for parts under `minSize` pixels. */
function partMedians(values: Float32Array, mask: Uint8Array, w: number, h: number, minSize: number): { part: Int32Array; median: Float64Array } {
  const { comp: part, count } = components(mask, w, h);
  const size = new Float64Array(count);
  for (const k of part) if (k >= 0) size[k]++;
  const median = new Float64Array(count).fill(NaN);
  const bins = Array.from({ length: count }, (_, k) => (size[k] >= minSize ? new Uint32Array(401) : undefined));
  for (let i = 0; i < part.length; i++) {
    const hist = part[i] >= 0 ? bins[part[i]] : undefined;
    if (hist) hist[Math.max(0, Math.min(400, Math.round(values[i] * 4)))]++;
  }
  for (let k = 0; k < count; k++) {
    const hist = bins[k];
    if (!hist) continue;
    let seen = 0;
    for (let b = 0; b < hist.length; b++) {
      seen += hist[b];
      if (seen * 2 >= size[k]) {
        median[k] = b / 4;
        break;
      }
    }
  }
  return { part, median };
}

/**
 * The pixels of region `host` that belong to windows (1), by the rules above. The reference lightness is the median over the connected part of
 * the region the pixel is in (a wall the classifier called ground is not judged by the road).
 */
export function windowPixels(img: Rgb, labels: Uint8Array, host: number, window: number, opts: WindowPassOptions = WINDOW_PASS): Uint8Array {
  const { w, h } = img;
  const n = w * h;
  const L = new Float32Array(n);
  const inHost = new Uint8Array(n);
  const wall = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (labels[i] === window) wall[i] = 1;
    if (labels[i] !== host) continue;
    inHost[i] = 1;
    wall[i] = 1;
    // Lab lightness (as rgbToLab's L, without a and b).
    const Y = 0.2126 * toLinear(img.d[i * 3]) + 0.7152 * toLinear(img.d[i * 3 + 1]) + 0.0722 * toLinear(img.d[i * 3 + 2]);
    L[i] = 116 * (Y > 0.008856 ? Math.cbrt(Y) : 7.787 * Y + 16 / 116) - 16;
  }
  const { part, median } = partMedians(L, inHost, w, h, opts.minShare * n * 4);
  const dark = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!inHost[i]) continue;
    const reference = median[part[i]];
    if (L[i] < reference - opts.darker || (opts.lighter && L[i] > reference + opts.darker)) dark[i] = 1;
  }
  const first = rectangularBlobs(dark, w, h, wall, opts);
  const found = blobMask(first.comp, first.blobs);
  markDoors(found, first.comp, first.blobs, wall, w, h, opts);
  if (opts.colourStep > 0) {
    // The dark pixels of rejected blobs, split where their colour steps (glass beside a door, under a fascia).
    const rest = Uint8Array.from(dark, (v, i) => v & (1 - Math.min(1, found[i])));
    const lab = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) if (rest[i]) rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab, i * 3);
    const split = rectangularBlobs(rest, w, h, wall, opts, colourComponents(rest, lab, w, h, opts.colourStep));
    const more = blobMask(split.comp, split.blobs);
    markDoors(more, split.comp, split.blobs, wall, w, h, opts);
    for (let i = 0; i < n; i++) if (more[i]) found[i] = more[i];
  }
  return found;
}

/** Marks the pixels of the blobs that are doors (door-blobs.ts) as 2 in `found`. */
function markDoors(found: Uint8Array, comp: Int32Array, blobs: Blob[], wall: Uint8Array, w: number, h: number, opts: WindowPassOptions): void {
  if (!opts.doors) return;
  const doors = blobMask(comp, doorBlobs(blobs, wall, w, h, opts.doors));
  for (let i = 0; i < found.length; i++) if (doors[i]) found[i] = 2;
}

/** `labels` with the pixels where `found` is `mark` moved to `region`. */
function moveInto(labels: Uint8Array, found: Uint8Array, region: number, mark = 1): Uint8Array {
  const next = labels.slice();
  for (let i = 0; i < next.length; i++) if (found[i] === mark) next[i] = region;
  return next;
}

/**
 * Moves the window pixels of the façade region into the window region, then the spandrels of
 * the window region (curtain-wall.ts) into the façade region; a region is made when there is
 * none and fewer than `maxRegions` exist. Returns the labels and regions, updated.
 */
export function windowPass(img: Rgb, labels: Uint8Array, regions: RegionInfo[], maxRegions: number, opts: WindowPassOptions = WINDOW_PASS): { labels: Uint8Array; regions: RegionInfo[] } {
  const names = regions.map((r) => r.label);
  const regionFor = (label: string) => {
    const r = names.indexOf(label);
    if (r >= 0 || names.length >= maxRegions) return r;
    names.push(label);
    return names.length - 1;
  };
  let next = labels;
  if (names.includes('facade') && (names.includes('window') || names.length < maxRegions)) {
    const found = windowPixels(img, next, names.indexOf('facade'), names.indexOf('window'), opts);
    if (found.indexOf(1) >= 0) next = moveInto(next, found, regionFor('window'));
    if (found.indexOf(2) >= 0) {
      const door = regionFor('door');
      next = moveInto(next, found, door >= 0 ? door : names.indexOf('window'), 2);
    }
  }
  const window = names.indexOf('window');
  if (opts.spandrels && window >= 0 && (names.includes('facade') || names.length < maxRegions)) {
    const found = spandrelPixels(img, next, window, opts.spandrels);
    if (found.indexOf(1) >= 0) next = moveInto(next, found, regionFor('facade'));
  }
  if (next === labels) return { labels, regions };
  const stats = regionStatistics(img, next, names);
  stats.forEach((s, r) => {
    const confidence = regions[r]?.confidence;
    if (confidence !== undefined) s.confidence = confidence;
  });
  return { labels: next, regions: stats };
}
