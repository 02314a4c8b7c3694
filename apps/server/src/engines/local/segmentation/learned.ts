import type { RenderType } from '@atelier/contract';
import { classScope, REGION_CLASSES } from '../classifier/classes.js';
import type { SuperpixelAnalysis } from '../classifier/features.js';
import { predict, shippedModel, type RegionModel } from '../classifier/model.js';
import type { Rgb } from '../pixels/image.js';
import { regionStatistics, upsampleLabels, type RegionInfo } from './full-resolution.js';
import { unifyFlatSurfaces } from './flat-surfaces.js';
import { addPreviewOpenings, keepPreviewSky, type PreviewSky } from './sky-agreement.js';

/**
 * Regions from the classifier: each superpixel gets class probabilities (within the classes
 * its render type allows), smoothed over the superpixel graph; a measured rule keeps sky hanging
 * from the top edge through neighbours of like colour (SKY_STEP), ground does not rise above a
 * horizon read from the lines (GROUND_ABOVE_HORIZON) (a ground-from-the-bottom rule was measured to hurt: ground beyond water or
 * a hedge lost its label, held-out ground IoU 0.64 without it, 0.48 with), a flat surface of one colour takes one label
 * (flat-surfaces.ts), and the superpixels of one class form one region (regions need
 * not be connected: all the windows of a façade are one region). A superpixel the classifier
 * is unsure of (its best class under UNSURE_BELOW) joins an unnamed "region" of its likeliest
 * class instead of being guessed; each region carries its mean confidence. The sky region keeps
 * only what the preview's sky detection also takes for sky (sky-agreement.ts).
 */

export interface LearnedOptions {
  maxRegions: number;
  renderType?: RenderType;
  /** Default: the shipped model. */
  model?: RegionModel;
  /** The sky-from-the-top rule (default on). */
  rules?: boolean;
  /** The sky rule's largest colour step between neighbouring sky superpixels (default SKY_STEP; Infinity: any step, as before). */
  skyStep?: number;
  /** The preview's sky (sky-agreement.ts): the sky region keeps only what it also takes for sky. */
  previewSky?: PreviewSky | null;
}

/**
 * Sky hangs from the top edge through neighbours of like colour: a superpixel called sky is kept
 * only if a chain of sky superpixels leads to the top edge with no step between neighbours'
 * mean colours over this (Lab distance). A bright façade or a lit tower against the sky is cut
 * off at its outline. Chosen by 4-fold cross-validation on the training images (npm run
 * cv:regions -- --sky-steps …), with a 96-unit model: any step: false sky mean 2.1 %, worst
 * 26.6 %, sky IoU 0.935; 20: 1.5 %, 14.5 %, 0.940; 12: 1.0 %, 11.2 %, 0.944; 8: sky IoU lower;
 * with the shipped 48-unit model, any step → 12: false sky mean 2.8 → 1.6 %, worst 41.8 → 30.5 %
 * (a night photo), sky IoU 0.935 → 0.944, other classes within ±0.01.
 */
export const SKY_STEP = 12;

/** A superpixel below this probability for its best class is not named. */
export const UNSURE_BELOW = 0.5;
/** Regions under this share of the image join their most bordering neighbour. */
const MIN_SHARE = 0.003;

const SKY = REGION_CLASSES.indexOf('sky');
const GROUND = REGION_CLASSES.indexOf('ground');

function argmax(p: Float32Array, o: number, C: number): number {
  let best = 0;
  for (let c = 1; c < C; c++) if (p[o + c] > p[o + best]) best = c;
  return best;
}

/** Superpixel k loses class c: its other probabilities renormalised, its class their best. */
function demote(prob: Float32Array, cls: Int32Array, k: number, c: number): void {
  const C = REGION_CLASSES.length;
  const o = k * C;
  const rest = 1 - prob[o + c];
  prob[o + c] = 0;
  for (let q = 0; q < C; q++) prob[o + q] = rest > 1e-6 ? prob[o + q] / rest : 0;
  cls[k] = argmax(prob, o, C);
}

/**
 * Ground this far above the horizon (radians) is not ground when the horizon was read from a
 * horizontal vanishing point (wall-lines.ts). 4-fold cross-validation on the training images,
 * the same models with and without it, means over seeds 29, 7, 11 / 3, 5, 13: façade 0.626 /
 * 0.628 → 0.641 / 0.639, ground 0.479 / 0.464 → 0.493 / 0.470, window 0.413 / 0.408 → 0.427 /
 * 0.415, every other class and the false sky unchanged (brick-terrace's lower storeys, façade
 * 0.74 → 0.92; street-timber's upper ones, 0.23 → 0.26). Not tuned: the first value tried.
 */
export const GROUND_ABOVE_HORIZON = 0.03;

/** Ground above a horizon read from the lines takes its next likeliest class (a wall, mostly). */
function groundAboveHorizon(a: SuperpixelAnalysis, prob: Float32Array, cls: Int32Array): void {
  const above = a.aboveSeenHorizon;
  if (!above) return;
  for (let k = 0; k < a.count; k++) if (cls[k] === GROUND && above[k] >= GROUND_ABOVE_HORIZON) demote(prob, cls, k, GROUND);
}

/** Superpixels of class `cls` not reached from `seed`-superpixels through `through` ones lose that class. */
function demoteUnreached(a: SuperpixelAnalysis, prob: Float32Array, cls: Int32Array, c: number, seed: (k: number) => boolean, through: (j: number, from: number) => boolean): void {
  const reached = new Uint8Array(a.count);
  const stack: number[] = [];
  for (let k = 0; k < a.count; k++)
    if (cls[k] === c && seed(k)) {
      reached[k] = 1;
      stack.push(k);
    }
  while (stack.length) {
    const k = stack.pop()!;
    for (const j of a.adjacency[k].keys())
      if (!reached[j] && through(j, k)) {
        reached[j] = 1;
        stack.push(j);
      }
  }
  for (let k = 0; k < a.count; k++) if (cls[k] === c && !reached[k]) demote(prob, cls, k, c);
}

/** Strength of the neighbours' agreement in the smoothing, and the colour difference (Lab) at which a neighbour counts e⁻¹ as much. */
export const SMOOTHING = { strength: 2, colour: 12, rounds: 3 };

/**
 * A CRF-like smoothing over the superpixel graph (a few rounds of mean-field): each superpixel's
 * probabilities are multiplied by exp(strength × the mean of its neighbours' current ones),
 * neighbours weighted by their shared border and by how alike their colours are, so a lone
 * "water" superpixel inside a glass façade takes its neighbours' class while a real edge (a
 * roofline against the sky: different colours) keeps both sides.
 */
export function smoothOverGraph(a: SuperpixelAnalysis, prob: Float32Array): Float32Array {
  const C = REGION_CLASSES.length;
  const { strength, colour, rounds } = SMOOTHING;
  if (strength <= 0 || rounds <= 0) return prob;
  const edges = a.adjacency.map((nb, k) =>
    [...nb].map(([j, n]) => {
      const d2 = a.meanLab[k].reduce((t, v, q) => t + (v - a.meanLab[j][q]) ** 2, 0);
      return [j, n * Math.exp(-d2 / (colour * colour))] as const;
    }),
  );
  let q = prob;
  const pull = new Float64Array(C);
  for (let r = 0; r < rounds; r++) {
    const next = new Float32Array(prob.length);
    for (let k = 0; k < a.count; k++) {
      pull.fill(0);
      let tw = 0;
      for (const [j, wt] of edges[k]) {
        tw += wt;
        for (let c = 0; c < C; c++) pull[c] += wt * q[j * C + c];
      }
      let total = 0;
      for (let c = 0; c < C; c++) {
        const v = prob[k * C + c] * Math.exp(tw > 0 ? (strength * pull[c]) / tw : 0);
        next[k * C + c] = v;
        total += v;
      }
      for (let c = 0; c < C; c++) next[k * C + c] /= total || 1;
    }
    q = next;
  }
  return q;
}

/** Per superpixel: its class and class probabilities, smoothed over the graph, with the rules applied. */
export function classifySuperpixels(a: SuperpixelAnalysis, opts: Omit<LearnedOptions, 'maxRegions'>): { cls: Int32Array; prob: Float32Array } {
  const C = REGION_CLASSES.length;
  const prob = smoothOverGraph(a, predict(opts.model ?? shippedModel(), a.features, a.count, classScope(opts.renderType)));
  const cls = Int32Array.from({ length: a.count }, (_, k) => argmax(prob, k * C, C));
  if (opts.rules !== false) {
    const step = opts.skyStep ?? SKY_STEP;
    const lab = a.meanLab;
    const near = (j: number, k: number) => Math.hypot(lab[j][0] - lab[k][0], lab[j][1] - lab[k][1], lab[j][2] - lab[k][2]) < step;
    // First: a wall demoted from ground may take sky next, and must then hang from the top like any sky.
    groundAboveHorizon(a, prob, cls);
    demoteUnreached(a, prob, cls, SKY, (k) => a.top[k] === 1, (j, k) => cls[j] === SKY && near(j, k));
    if (opts.renderType !== 'interior') unifyFlatSurfaces(a, prob, cls, UNSURE_BELOW);
  }
  return { cls, prob };
}

interface Group {
  label: string;
  cls: number;
  size: number;
  /** Sum over its superpixels of size × probability of its class. */
  sure: number;
  members: number[];
}

/** Groups superpixels into labelled regions and renders them at `img`'s size. */
export function learnedRegions(img: Rgb, a: SuperpixelAnalysis, opts: LearnedOptions): { labels: Uint8Array; regions: RegionInfo[] } {
  const C = REGION_CLASSES.length;
  const { cls, prob } = classifySuperpixels(a, opts);
  const groups = new Map<string, Group>();
  const groupOf = new Array<Group>(a.count);
  for (let k = 0; k < a.count; k++) {
    const c = cls[k];
    const p = prob[k * C + c];
    const key = p >= UNSURE_BELOW ? REGION_CLASSES[c] : `unsure:${REGION_CLASSES[c]}`;
    let g = groups.get(key);
    if (!g) {
      g = { label: p >= UNSURE_BELOW ? REGION_CLASSES[c] : 'region', cls: c, size: 0, sure: 0, members: [] };
      groups.set(key, g);
    }
    g.size += a.size[k];
    g.sure += a.size[k] * p;
    g.members.push(k);
    groupOf[k] = g;
  }
  const total = a.w * a.h;
  const alive = new Set(groups.values());
  /** Folds the smallest group into the group it borders most, until none is too small and at most maxRegions are left. */
  for (;;) {
    let smallest: Group | undefined;
    for (const g of alive) if (!smallest || g.size < smallest.size) smallest = g;
    if (!smallest || alive.size <= 1 || (alive.size <= opts.maxRegions && smallest.size >= total * MIN_SHARE)) break;
    const border = new Map<Group, number>();
    for (const k of smallest.members) for (const [j, n] of a.adjacency[k]) if (groupOf[j] !== smallest) border.set(groupOf[j], (border.get(groupOf[j]) ?? 0) + n);
    let into: Group | undefined;
    for (const [g, n] of border) if (!into || n > border.get(into)!) into = g;
    into ??= [...alive].find((g) => g !== smallest)!;
    for (const k of smallest.members) {
      groupOf[k] = into;
      into.members.push(k);
      into.sure += a.size[k] * prob[k * C + into.cls];
    }
    into.size += smallest.size;
    alive.delete(smallest);
  }
  const ordered = [...alive].sort((p, q) => q.size - p.size);
  const spRegion = new Uint8Array(a.count);
  ordered.forEach((g, r) => g.members.forEach((k) => (spRegion[k] = r)));
  const sp = upsampleLabels(img, a.labels, a.w, a.h, a.meanLab, new Uint16Array(img.w * img.h));
  const labels = new Uint8Array(sp.length);
  for (let i = 0; i < sp.length; i++) labels[i] = spRegion[sp[i]];
  const confidence = ordered.map((g) => g.sure / Math.max(1, g.size));
  // A region the classifier is unsure of as a whole is not named either.
  const names = ordered.map((g, r) => (confidence[r] < UNSURE_BELOW ? 'region' : g.label));
  const sky = names.indexOf('sky');
  if (opts.previewSky && sky >= 0) {
    keepPreviewSky(labels, img.w, img.h, sky, opts.previewSky, nextRegion(ordered, names, prob, sp, sky));
    addPreviewOpenings(labels, img.w, img.h, sky, opts.previewSky);
  }
  const regions = regionStatistics(img, labels, names);
  regions.forEach((r, k) => (r.confidence = Math.round(confidence[k] * 1000) / 1000));
  return dropEmpty(labels, regions);
}

/**
 * For a pixel that leaves the sky region: the region of its superpixel's next likeliest class
 * (the named one of that class, else an unnamed one), or the sky region when none has a class it could take.
 */
function nextRegion(ordered: Group[], names: string[], prob: Float32Array, sp: Uint16Array, sky: number): (i: number) => number {
  const C = REGION_CLASSES.length;
  const regionOf = new Int16Array(C).fill(-1);
  for (const named of [true, false])
    ordered.forEach((g, r) => {
      if (r !== sky && regionOf[g.cls] < 0 && (names[r] !== 'region') === named) regionOf[g.cls] = r;
    });
  const memo = new Map<number, number>();
  return (i) => {
    const k = sp[i];
    let r = memo.get(k);
    if (r === undefined) {
      const order = Array.from({ length: C }, (_, c) => c).sort((p, q) => prob[k * C + q] - prob[k * C + p]);
      r = order.map((c) => (c === SKY ? -1 : regionOf[c])).find((q) => q >= 0) ?? sky;
      memo.set(k, r);
    }
    return r;
  };
}

/** Regions left without a pixel go; the labels are renumbered. */
function dropEmpty(labels: Uint8Array, regions: RegionInfo[]): { labels: Uint8Array; regions: RegionInfo[] } {
  if (regions.every((r) => r.area > 0)) return { labels, regions };
  const kept: RegionInfo[] = [];
  const renumber = regions.map((r) => (r.area > 0 ? kept.push(r) - 1 : 0));
  for (let i = 0; i < labels.length; i++) labels[i] = renumber[labels[i]];
  return { labels, regions: kept };
}
