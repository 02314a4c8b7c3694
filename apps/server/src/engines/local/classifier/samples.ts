import type { RenderType } from '@atelier/contract';
import { BUILDING_CLASSES, classScope, REGION_CLASSES } from './classes.js';
import { FEATURE_COUNT, type SuperpixelAnalysis } from './features.js';
import type { TrainingSample } from './model.js';

const IGNORE = 255;
/** Weight, relative to the coarse example, of the extra example saying "façade" for a coarse "building". */
const COARSE_FACADE_PULL = 0.2;

/** A labelled image as the training reads it: class index per full-resolution pixel (255 ignored). */
export interface LabelledImage {
  width: number;
  height: number;
  truth: Uint8Array;
  /** 1 where the label was the coarse class `building` (any of façade, window, door, roof). */
  coarseBuilding?: Uint8Array;
  renderType?: RenderType;
}

/**
 * The training examples of one image: each superpixel whose labelled pixels cover at least half
 * of it and agree on one class (or on coarse "building") for at least 60 % of them (half was
 * tried with the segment and horizon features of model.ts's notes: cross-validation façade 0.635 → 0.656, ground 0.491 → 0.501, window 0.345 → 0.337,
 * vegetation 0.629 → 0.605; on the held-out third façade 0.54 → 0.48, window 0.29 → 0.23, worst
 * false sky 10.4 → 14.1 %: not taken). Weighted by
 * the square root of its labelled pixels, so large skies do not drown small windows.
 */
export function superpixelSamples(a: SuperpixelAnalysis, img: LabelledImage): TrainingSample[] {
  const C = REGION_CLASSES.length;
  const K = a.count;
  const counts = new Float64Array(K * (C + 1));
  const totals = new Float64Array(K);
  const { width: W, height: H } = img;
  for (let y = 0; y < H; y++) {
    const wy = Math.min(a.h - 1, Math.floor(((y + 0.5) * a.h) / H));
    for (let x = 0; x < W; x++) {
      const wx = Math.min(a.w - 1, Math.floor(((x + 0.5) * a.w) / W));
      const k = a.labels[wy * a.w + wx];
      totals[k]++;
      const i = y * W + x;
      const t = img.truth[i];
      if (t !== IGNORE && t < C) counts[k * (C + 1) + t]++;
      else if (img.coarseBuilding?.[i]) counts[k * (C + 1) + C]++;
    }
  }
  const scope = classScope(img.renderType);
  const facade = Uint8Array.from(REGION_CLASSES, (c) => (c === 'facade' ? 1 : 0));
  const building = Uint8Array.from(REGION_CLASSES, (c) => (BUILDING_CLASSES.includes(c) ? 1 : 0));
  const out: TrainingSample[] = [];
  for (let k = 0; k < K; k++) {
    let labelled = 0;
    let best = -1;
    for (let c = 0; c <= C; c++) {
      const v = counts[k * (C + 1) + c];
      labelled += v;
      if (best < 0 || v > counts[k * (C + 1) + best]) best = c;
    }
    if (labelled < totals[k] * 0.5 || counts[k * (C + 1) + best] < labelled * 0.6) continue;
    const target = best === C ? building : Uint8Array.from(REGION_CLASSES, (_, c) => (c === best ? 1 : 0));
    if (!target.some((v, c) => v && scope[c])) continue;
    const features = a.features.slice(k * FEATURE_COUNT, (k + 1) * FEATURE_COUNT);
    const weight = Math.sqrt(labelled / (W * H)) * 100;
    out.push({ features, target, scope, weight });
    // A coarse "building" leans, weakly, to façade: without finer labels nearby a wall is the likeliest part.
    if (best === C) out.push({ features, target: facade, scope, weight: weight * COARSE_FACADE_PULL });
  }
  return out;
}
