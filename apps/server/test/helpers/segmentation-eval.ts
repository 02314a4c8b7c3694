import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { rgbFromBytes } from '../../src/engines/local/pixels/image.js';
import { segmentImage } from '../../src/engines/local/segment.js';

/**
 * The segmentation evaluation set (test/fixtures/segmentation-eval): real photographs of
 * buildings, each with a hand-checked mask written as a rule (polygons in image pixels, some
 * narrowed by a colour test) in a JSON file beside it. The rule is the mask: it is rasterised
 * here, for the test and the bench alike; the PNG beside it is only for people to look at.
 */

export const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/segmentation-eval');

export const EVAL_CLASSES = ['sky', 'building', 'vegetation', 'ground'] as const;
export type EvalClass = (typeof EVAL_CLASSES)[number];
const IGNORE = 255;

interface ColourTest {
  /** Blue channel above red by at least this much (0-255). */
  blueOverRed?: number;
  /** Green channel above red by at least this much (0-255). */
  greenOverRed?: number;
  minValue?: number;
  maxValue?: number;
  maxSaturation?: number;
  minSaturation?: number;
}

interface Layer {
  class: EvalClass | 'ignore';
  /** Either a polygon (optionally narrowed by a colour test)… */
  polygon?: Array<[number, number]>;
  where?: ColourTest;
  /** …or the pixels of one colour in a class image beside the photo (a render's flat-colour pass). */
  classImage?: string;
  colour?: [number, number, number];
}

interface EvalRule {
  image: string;
  source: string;
  licence: string;
  rule: string;
  layers: Layer[];
}

export interface EvalImage {
  name: string;
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Class index into EVAL_CLASSES per pixel, or 255 where unlabelled (ignored). */
  truth: Uint8Array;
}

function inPolygon(poly: Array<[number, number]>, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function passes(test: ColourTest | undefined, r: number, g: number, b: number): boolean {
  if (!test) return true;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const sat = max === 0 ? 0 : (max - min) / max;
  if (test.blueOverRed !== undefined && b - r < test.blueOverRed) return false;
  if (test.greenOverRed !== undefined && g - r < test.greenOverRed) return false;
  if (test.minValue !== undefined && max < test.minValue) return false;
  if (test.maxValue !== undefined && max > test.maxValue) return false;
  if (test.maxSaturation !== undefined && sat > test.maxSaturation) return false;
  if (test.minSaturation !== undefined && sat < test.minSaturation) return false;
  return true;
}

/** Paints the layers in order (later ones win), then ignores a 2-pixel band along every class boundary. */
function rasterise(rule: EvalRule, rgb: Uint8Array, w: number, h: number, classImages: Map<string, Uint8Array>): Uint8Array {
  const painted = new Uint8Array(w * h).fill(IGNORE);
  const ignoreCode = 254;
  for (const layer of rule.layers) {
    const code = layer.class === 'ignore' ? ignoreCode : EVAL_CLASSES.indexOf(layer.class);
    if (layer.classImage) {
      const img = classImages.get(layer.classImage)!;
      const [r, g, b] = layer.colour!;
      for (let i = 0; i < w * h; i++) if (img[i * 3] === r && img[i * 3 + 1] === g && img[i * 3 + 2] === b) painted[i] = code;
      continue;
    }
    if (!layer.polygon) continue;
    const xs = layer.polygon.map((p) => p[0]);
    const ys = layer.polygon.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        if (!inPolygon(layer.polygon!, x + 0.5, y + 0.5)) continue;
        if (!passes(layer.where, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2])) continue;
        painted[i] = code;
      }
  }
  const truth = new Uint8Array(w * h).fill(IGNORE);
  const band = 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = painted[y * w + x];
      if (c >= ignoreCode) continue;
      let clean = true;
      for (let dy = -band; dy <= band && clean; dy++)
        for (let dx = -band; dx <= band; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          if (painted[yy * w + xx] !== c) {
            clean = false;
            break;
          }
        }
      if (clean) truth[y * w + x] = c;
    }
  return truth;
}

export async function loadEvalSet(): Promise<EvalImage[]> {
  const files = fs.readdirSync(EVAL_DIR).filter((f) => f.endsWith('.json')).sort();
  const out: EvalImage[] = [];
  for (const f of files) {
    const rule = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, f), 'utf8')) as EvalRule;
    const { data, info } = await sharp(path.join(EVAL_DIR, rule.image)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
    const classImages = new Map<string, Uint8Array>();
    for (const layer of rule.layers)
      if (layer.classImage && !classImages.has(layer.classImage)) {
        const raw = await sharp(path.join(EVAL_DIR, layer.classImage)).removeAlpha().raw().toBuffer();
        classImages.set(layer.classImage, new Uint8Array(raw.buffer, raw.byteOffset, raw.length));
      }
    const truth = rasterise(rule, rgb, info.width, info.height, classImages);
    out.push({ name: rule.image.replace(/\.[a-z]+$/, ''), rgb, width: info.width, height: info.height, truth });
  }
  return out;
}

/** What each of the segmentation's labels counts as in the evaluation (façade, roof and windows are all building). */
const LABEL_CLASS: Record<string, EvalClass | undefined> = {
  sky: 'sky',
  facade: 'building',
  roof: 'building',
  window: 'building',
  vegetation: 'vegetation',
  ground: 'ground',
};

export interface EvalScore {
  name: string;
  /** IoU per class, over labelled pixels; undefined where the truth has none of that class. */
  iou: Partial<Record<EvalClass, number>>;
  /** Share of the labelled non-sky pixels that the segmentation calls sky. */
  skyFalsePositive: number;
  /** Labels of the regions, largest first. */
  labels: string[];
}

/** Segments one image as the product does (maxRegions 8, its own size) and scores it. */
export function scoreImage(img: EvalImage): EvalScore {
  const seg = segmentImage(rgbFromBytes(img.rgb, img.width, img.height), { maxRegions: 8 });
  const predicted = seg.regions.map((r) => {
    const c = LABEL_CLASS[r.label];
    return c === undefined ? IGNORE : EVAL_CLASSES.indexOf(c);
  });
  const inter = new Float64Array(EVAL_CLASSES.length);
  const union = new Float64Array(EVAL_CLASSES.length);
  const present = new Float64Array(EVAL_CLASSES.length);
  let nonSky = 0;
  let skyFp = 0;
  const skyCode = EVAL_CLASSES.indexOf('sky');
  for (let i = 0; i < img.truth.length; i++) {
    const t = img.truth[i];
    if (t === IGNORE) continue;
    const p = predicted[seg.labels[i]];
    present[t]++;
    if (t !== skyCode) {
      nonSky++;
      if (p === skyCode) skyFp++;
    }
    for (let c = 0; c < EVAL_CLASSES.length; c++) {
      const inT = t === c;
      const inP = p === c;
      if (inT && inP) inter[c]++;
      if (inT || inP) union[c]++;
    }
  }
  const iou: Partial<Record<EvalClass, number>> = {};
  EVAL_CLASSES.forEach((c, k) => {
    if (present[k] > 0) iou[c] = inter[k] / union[k];
  });
  return { name: img.name, iou, skyFalsePositive: nonSky ? skyFp / nonSky : 0, labels: seg.regions.map((r) => r.label) };
}
