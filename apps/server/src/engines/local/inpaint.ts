import { fitSize, newPlane, newRgb, resizePlane, resizeRgb, type Plane, type Rgb } from './pixels/image.js';
import { mulberry32 } from './pixels/prng.js';
import { segmentRegions } from './segment.js';
import { matchBorder } from './synthesis/blend.js';
import { completeHole, upsampleCompletion, type Completion } from './synthesis/complete.js';
import { distanceTo } from './synthesis/masks.js';
import { stripKinds, type StripCanvas } from './synthesis/strip-kinds.js';

/**
 * Content-aware fill and outpaint by exemplar-based synthesis (synthesis/): the hole is
 * rebuilt from patches of the photo itself, so lines and textures around it continue into
 * it. Only the mask and a feather band of a few pixels around it change; in the band the
 * synthesis fades into the photo, so there is no seam.
 */

/** The longest side synthesis runs at; larger images copy their detail through the field. */
const WORK_SIDE = 1024;

export interface InpaintOptions {
  seed: number;
  /** How strongly nearby sources are preferred (the cost of one across the whole image). */
  locality?: number;
  /** A class per pixel (see regionKinds): hole pixels take sources of their own class only. */
  classes?: Uint8Array;
  /**
   * How far (px) into the hole the match to the border's light reaches (default 3 % of the long
   * side): it removes the step at the border; deeper in, a band pixel that still showed the
   * removed object's edge would recolour the whole fill.
   */
  lightReach?: number;
  /** The weight of the repetition cost (synthesis/repetition.ts); none by default. */
  repetition?: number;
  /** Optional reach of the sources, a fraction of the long side (synthesis Level.reach). */
  reach?: number;
  /** Optional weight of a source's vertical step against a horizontal one (synthesis Level.rowWeight). */
  rowWeight?: number;
  progress?: (p: number) => void;
  /** For measurements: the completion at the working size and the hole it filled. */
  inspect?: (work: Completion, hole: Uint8Array) => void;
}

/** The feather band's width in pixels: 2 px at 512, 3 px at 1024, 7 px at 2048. */
export function featherWidth(w: number, h: number): number {
  return Math.max(2, Math.round(Math.max(w, h) / 300));
}

/** Fills `mask` (1 = replace) of `img`. Returns a new image; pixels beyond the band are unchanged. */
export function inpaintImage(img: Rgb, mask: Plane, o: InpaintOptions): Rgb {
  const { w, h } = img;
  const inMask = new Uint8Array(w * h);
  let any = false;
  for (let i = 0; i < w * h; i++)
    if (mask.d[i] > 0.5) {
      inMask[i] = 1;
      any = true;
    }
  const out = { w, h, d: img.d.slice() };
  if (!any) return out;
  const feather = featherWidth(w, h);
  const away = distanceTo(inMask, w, h);
  // Synthesise the mask and its band (painted masks rarely cover an object's soft edge).
  const hole = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) hole[i] = away[i] <= feather ? 1 : 0;

  const rng = mulberry32(o.seed);
  const ws = fitSize(w, h, WORK_SIDE);
  let fill: Rgb;
  if (ws.scale >= 1) {
    const work = completeHole(img, hole, rng, { locality: o.locality ?? 0.5, progress: o.progress, classes: o.classes, repetition: o.repetition, reach: o.reach, rowWeight: o.rowWeight });
    o.inspect?.(work, hole);
    fill = work.img;
  } else {
    const holePlane = newPlane(w, h);
    for (let i = 0; i < w * h; i++) holePlane.d[i] = hole[i];
    const small = resizePlane(holePlane, ws.w, ws.h);
    const smallHole = new Uint8Array(ws.w * ws.h);
    for (let i = 0; i < smallHole.length; i++) smallHole[i] = small.d[i] > 0.02 ? 1 : 0;
    const smallClasses = o.classes && nearestResize(o.classes, w, h, ws.w, ws.h);
    const work = completeHole(resizeRgb(img, ws.w, ws.h), smallHole, rng, { locality: o.locality ?? 0.5, progress: o.progress, classes: smallClasses, repetition: o.repetition, reach: o.reach, rowWeight: o.rowWeight });
    o.inspect?.(work, smallHole);
    fill = upsampleCompletion(img, hole, work);
  }
  // The feather band's outer half still shows the photo around the hole: the fill is matched to
  // its light there, so no step is left where the fill meets the photo.
  const ring = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) ring[i] = hole[i] && away[i] > feather / 2 ? 1 : 0;
  matchBorder(img, fill, hole, ring, o.lightReach ?? 0.03 * Math.max(w, h));
  for (let i = 0; i < w * h; i++) {
    if (!hole[i]) continue;
    const a = inMask[i] ? 1 : 1 - away[i] / (feather + 1);
    for (let c = i * 3; c < i * 3 + 3; c++) out.d[c] += (fill.d[c] - out.d[c]) * a;
  }
  return out;
}

/**
 * The repetition cost's weight (synthesis/repetition.ts) and the sources' reach (a fraction of the
 * canvas's long side) of an outpaint. At 0.3 a strip beside a tree still reached the building
 * behind it and pasted pieces of it among the trees (Egeskov: 22-69 % of the tree rows brick-red,
 * seeds 1-3 and 7; Victoria Memorial's arched wall in its hedges, Carcassonne's and Gateway's
 * blocks); 0.2 keeps them out on the six training photos looked at, 0.15 left pale blocks of
 * haze where a strip found too few sources (Egeskov seed 3: 74 % of its tree rows pale).
 */
const OUTPAINT_REPETITION = 10;
const OUTPAINT_REACH = 0.2;
/**
 * A widened picture's new rows continue the same rows of the photo (the treeline beside the
 * treeline, the branches beside the branches), so a source rows away costs 10x more than in a fill.
 */
const OUTPAINT_ROW_WEIGHT = 40;

/** The larger canvas of an outpaint and where the photo sits on it. */
export type OutpaintCanvas = StripCanvas;

/**
 * Outpaint: places the image on the larger canvas and synthesises the new area from the
 * photo's own content, continuing what meets each border.
 */
export function outpaintImage(img: Rgb, canvas: OutpaintCanvas, seed: number, progress?: (p: number) => void, inspect?: InpaintOptions['inspect']): Rgb {
  const W = canvas.width;
  const H = canvas.height;
  const base = newRgb(W, H);
  const mask = newPlane(W, H, 1);
  for (let y = 0; y < img.h; y++) {
    const cy = y + canvas.offsetY;
    if (cy < 0 || cy >= H) continue;
    for (let x = 0; x < img.w; x++) {
      const cx = x + canvas.offsetX;
      if (cx < 0 || cx >= W) continue;
      const i = cy * W + cx;
      mask.d[i] = 0;
      for (let c = 0; c < 3; c++) base.d[i * 3 + c] = img.d[(y * img.w + x) * 3 + c];
    }
  }
  const classes = outpaintKinds(img, canvas);
  // Far out in the new strips the fill keeps its own light rather than the border's. The strips
  // copy from the photo's part near them and from several places, not one distant wing or tower
  // pasted whole (tuned on training photos: Neuschwanstein, Taj Mahal, Carcassonne, Egeskov).
  return inpaintImage(base, mask, { seed, progress, inspect, locality: 1.5, repetition: OUTPAINT_REPETITION, reach: OUTPAINT_REACH, rowWeight: OUTPAINT_ROW_WEIGHT, classes, lightReach: 0.1 * Math.max(W, H) });
}

/**
 * The kind (1 = sky, 0 = not sky) of every canvas pixel of an outpaint. The band continues what
 * meets the border: a new pixel beside the photo's sky fills from the sky only (and one beside the
 * rest never from it).
 */
export function outpaintKinds(img: Rgb, canvas: OutpaintCanvas): Uint8Array {
  return stripKinds(regionKinds(img), img.w, img.h, canvas);
}

/**
 * Per pixel of `img`: 1 where Generate Regions' labels say sky, else 0. Only sky is told apart:
 * finer kinds (a tree crown the classifier calls façade) would starve a fill of its right sources.
 * The classifier's own sky, not cut back to the preview's (segmentation/sky-agreement.ts): cut
 * back, Chambord's outpainted left strip took non-sky sources into its sky (inpaint.photo.test.ts).
 */
export function regionKinds(img: Rgb): Uint8Array {
  const seg = segmentRegions(img, { maxRegions: 8, renderType: 'exterior', outputSide: 384, skyAgreement: false });
  const kindOf = seg.regions.map((r) => (r.label === 'sky' ? 1 : 0));
  const small = new Uint8Array(seg.w * seg.h);
  for (let i = 0; i < small.length; i++) small[i] = kindOf[seg.labels[i]];
  const kinds = nearestResize(small, seg.w, seg.h, img.w, img.h);
  // The labels are coarser than a spire's lantern: inside the sky, what is much darker than
  // nearly all of the sky is not sky.
  const lum: number[] = [];
  for (let i = 0; i < kinds.length; i += 7) if (kinds[i]) lum.push(luminanceAt(img, i));
  if (lum.length === 0) return kinds;
  lum.sort((a, b) => a - b);
  const darkest = lum[Math.floor(lum.length * 0.05)] - 0.08;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] && luminanceAt(img, i) < darkest) kinds[i] = 0;
  growSkySmoothly(img, kinds, darkest);
  extendSkyAlongEdges(img, kinds, darkest);
  return kinds;
}

/** Blue or white to grey cloud, not warm stone, not darker than nearly all of the sky. */
const skyColoured = (img: Rgb, i: number, darkest: number) => img.d[i * 3 + 2] >= img.d[i * 3] - 0.04 && luminanceAt(img, i) >= darkest;
/** The largest colour step (summed over channels) between neighbours inside one stretch of sky. */
const SKY_STEP = 0.05;

/**
 * The labels often leave out the pale haze near the horizon (Taj Mahal): then the only sky a fill
 * may copy is the deep blue high up, and the new strips come out in dark-blue blobs. The sky
 * grows into its sky-coloured neighbours for as long as the colour changes smoothly; an object's
 * edge (a tower, a lantern) is a step and stops it.
 */
function growSkySmoothly(img: Rgb, kinds: Uint8Array, darkest: number): void {
  const { w, h, d } = img;
  const queue: number[] = [];
  for (let i = 0; i < w * h; i++) if (kinds[i]) queue.push(i);
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q];
    const x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= w * h || kinds[j] || !skyColoured(img, j, darkest)) continue;
      if (Math.abs(d[j * 3] - d[i * 3]) + Math.abs(d[j * 3 + 1] - d[i * 3 + 1]) + Math.abs(d[j * 3 + 2] - d[i * 3 + 2]) > SKY_STEP) continue;
      kinds[j] = 1;
      queue.push(j);
    }
  }
}

/**
 * The labels' skyline is a few pixels off; on the photo's edges (where an outpaint reads each
 * new pixel's kind) the sky goes on along the edge for as long as the pixels keep the sky's
 * colour: blue or white cloud, not warm stone, not darker than the sky.
 */
function extendSkyAlongEdges(img: Rgb, kinds: Uint8Array, darkest: number): void {
  const { w, h } = img;
  const edges = [
    Array.from({ length: h }, (_, y) => y * w),
    Array.from({ length: h }, (_, y) => y * w + w - 1),
    Array.from({ length: w }, (_, x) => x),
    Array.from({ length: w }, (_, x) => (h - 1) * w + x),
  ];
  for (const edge of edges)
    for (const order of [edge, [...edge].reverse()])
      for (let k = 1; k < order.length; k++) if (!kinds[order[k]] && kinds[order[k - 1]] && skyColoured(img, order[k], darkest)) kinds[order[k]] = 1;
}

const luminanceAt = (img: Rgb, i: number) => 0.2126 * img.d[i * 3] + 0.7152 * img.d[i * 3 + 1] + 0.0722 * img.d[i * 3 + 2];

function nearestResize(a: Uint8Array, w: number, h: number, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.floor(((y + 0.5) * h) / H));
    for (let x = 0; x < W; x++) out[y * W + x] = a[sy * w + Math.min(w - 1, Math.floor(((x + 0.5) * w) / W))];
  }
  return out;
}
