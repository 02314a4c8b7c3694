import type { Segmentation } from '../../src/engines/local/segment.js';
import { EVAL_CLASSES, type EvalClass, type EvalImage } from './segmentation-eval.js';

/**
 * Scores a segmentation against an evaluation image's truth: IoU per fine class (pixels
 * labelled only with the coarse `building` are ignored there), the coarse building IoU
 * (façade, window, door and roof together), the share of non-sky pixels called sky and the
 * share of the image left in unnamed regions ("Region N").
 */

const IGNORE = 255;
const BUILDING = new Set<EvalClass>(['facade', 'window', 'door', 'roof']);

export interface EvalScore {
  name: string;
  /** IoU per class, over labelled pixels; undefined where the truth has none of that class. */
  iou: Partial<Record<EvalClass | 'building', number>>;
  /** Share of the labelled non-sky pixels that the segmentation calls sky. */
  skyFalsePositive: number;
  /** Share of the image in regions labelled "region" (shown as "Region N"). */
  unnamed: number;
  /** Labels of the regions, largest first. */
  labels: string[];
}

export function scoreSegmentation(img: EvalImage, seg: Segmentation): EvalScore {
  const C = EVAL_CLASSES.length;
  const predicted = seg.regions.map((r) => {
    const k = EVAL_CLASSES.indexOf(r.label as EvalClass);
    return k < 0 ? IGNORE : k;
  });
  const isBuilding = EVAL_CLASSES.map((c) => BUILDING.has(c));
  const inter = new Float64Array(C + 1);
  const union = new Float64Array(C + 1);
  const present = new Float64Array(C + 1);
  const skyCode = EVAL_CLASSES.indexOf('sky');
  let nonSky = 0;
  let skyFp = 0;
  let unnamed = 0;
  for (let i = 0; i < img.truth.length; i++) {
    const p = predicted[seg.labels[i]];
    if (p === IGNORE) unnamed++;
    const t = img.truth[i];
    const coarse = img.coarseBuilding[i] === 1;
    if (t === IGNORE && !coarse) continue;
    if (t !== skyCode) {
      nonSky++;
      if (p === skyCode) skyFp++;
    }
    const tb = coarse || (t !== IGNORE && isBuilding[t]);
    const pb = p !== IGNORE && isBuilding[p];
    if (tb) present[C]++;
    if (tb && pb) inter[C]++;
    if (tb || pb) union[C]++;
    if (t === IGNORE) continue;
    present[t]++;
    for (let c = 0; c < C; c++) {
      if (t === c && p === c) inter[c]++;
      if (t === c || p === c) union[c]++;
    }
  }
  const iou: EvalScore['iou'] = {};
  EVAL_CLASSES.forEach((c, k) => {
    if (present[k] > 0) iou[c] = inter[k] / union[k];
  });
  if (present[C] > 0) iou.building = inter[C] / union[C];
  return {
    name: img.name,
    iou,
    skyFalsePositive: nonSky ? skyFp / nonSky : 0,
    unnamed: unnamed / img.truth.length,
    labels: seg.regions.map((r) => r.label),
  };
}
