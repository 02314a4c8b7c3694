import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * The segmentation evaluation set (test/fixtures/segmentation-eval): real photographs, Blender
 * renders and sketch-like model views of buildings and rooms, each with a hand-checked mask
 * written as a rule (polygons in image pixels, some narrowed by a colour test, or the flat-colour
 * class pass of a render) in a JSON file beside it. The rule is the mask: it is rasterised here,
 * for the test and the bench alike; the PNG beside it is only for people to look at.
 */

export const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/segmentation-eval');

/**
 * facade: exterior wall surfaces of any material; window: glazing with its frames and mullions
 * (indoors too); wall, floor, ceiling: interior surfaces only.
 */
export const EVAL_CLASSES = ['sky', 'facade', 'window', 'door', 'roof', 'vegetation', 'ground', 'water', 'people_vehicles', 'wall', 'floor', 'ceiling'] as const;
export type EvalClass = (typeof EVAL_CLASSES)[number];
/** Colour of each class in the masks people look at (NAME.mask.png), in EVAL_CLASSES order. */
export const CLASS_COLOURS: ReadonlyArray<readonly [number, number, number]> = [
  [80, 160, 255],
  [230, 120, 60],
  [40, 230, 230],
  [150, 60, 200],
  [200, 40, 40],
  [40, 200, 60],
  [200, 200, 80],
  [30, 60, 200],
  [255, 60, 200],
  [240, 170, 120],
  [140, 100, 60],
  [230, 230, 230],
];
/** Colour of coarse "building" pixels in the masks (façade, windows, doors and roof together). */
export const COARSE_BUILDING_COLOUR = [170, 90, 40] as const;
const IGNORE = 255;
/** Painted code of a coarse "building" pixel before it is split into truth (ignored) and the coarse flag. */
const COARSE = 253;

interface ColourTest {
  /** Blue channel above red by at least this much (0-255). */
  blueOverRed?: number;
  /** Green channel above red by at least this much (0-255). */
  greenOverRed?: number;
  /** Blue channel above green by at least this much (0-255; an overcast's grey from pale copper). */
  blueOverGreen?: number;
  minValue?: number;
  maxValue?: number;
  maxSaturation?: number;
  minSaturation?: number;
}

interface Layer {
  /** 'building' is the coarse class of older rules: façade, windows, doors and roof together. */
  class: EvalClass | 'building' | 'ignore';
  /** Either a polygon (optionally narrowed by a colour test)… */
  polygon?: Array<[number, number]>;
  where?: ColourTest;
  /** …or the pixels of one colour in a class image beside the photo (a render's flat-colour pass). */
  classImage?: string;
  colour?: [number, number, number];
}

export type EvalKind = 'photo' | 'render' | 'sketch';
export type EvalRenderType = 'exterior' | 'interior' | 'aerial' | 'elevation';
const KINDS: readonly EvalKind[] = ['photo', 'render', 'sketch'];
const RENDER_TYPES: readonly EvalRenderType[] = ['exterior', 'interior', 'aerial', 'elevation'];

interface EvalRule {
  image: string;
  /** A real photograph, a Blender render, or a sketch-like model view. */
  kind: EvalKind;
  renderType: EvalRenderType;
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
  kind: EvalKind;
  renderType: EvalRenderType;
  /** Class index into EVAL_CLASSES per pixel, or 255 where unlabelled (ignored) or labelled only coarsely. */
  truth: Uint8Array;
  /** 1 where the rule says only "building" (façade, window, door or roof, not which): ignored for the fine classes, counted for the coarse building score. */
  coarseBuilding: Uint8Array;
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
  if (test.blueOverGreen !== undefined && b - g < test.blueOverGreen) return false;
  if (test.minValue !== undefined && max < test.minValue) return false;
  if (test.maxValue !== undefined && max > test.maxValue) return false;
  if (test.maxSaturation !== undefined && sat > test.maxSaturation) return false;
  if (test.minSaturation !== undefined && sat < test.minSaturation) return false;
  return true;
}

function layerCode(rule: EvalRule, layer: Layer, ignoreCode: number): number {
  if (layer.class === 'ignore') return ignoreCode;
  if (layer.class === 'building') return COARSE;
  const k = EVAL_CLASSES.indexOf(layer.class);
  if (k < 0) throw new Error(`${rule.image}: unknown class "${layer.class as string}"`);
  return k;
}

/** Paints the layers in order (later ones win), then ignores a 2-pixel band along every class boundary. */
function rasterise(rule: EvalRule, rgb: Uint8Array, w: number, h: number, classImages: Map<string, Uint8Array>): { truth: Uint8Array; coarseBuilding: Uint8Array } {
  const painted = new Uint8Array(w * h).fill(IGNORE);
  const ignoreCode = 254;
  for (const layer of rule.layers) {
    const code = layerCode(rule, layer, ignoreCode);
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
  const coarseBuilding = new Uint8Array(w * h);
  const band = 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = painted[y * w + x];
      if (c === ignoreCode || c === IGNORE) continue;
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
      if (!clean) continue;
      if (c === COARSE) coarseBuilding[y * w + x] = 1;
      else truth[y * w + x] = c;
    }
  return { truth, coarseBuilding };
}

function checkRule(file: string, rule: EvalRule): void {
  if (!KINDS.includes(rule.kind)) throw new Error(`${file}: "kind" must be one of ${KINDS.join(', ')}`);
  if (!RENDER_TYPES.includes(rule.renderType)) throw new Error(`${file}: "renderType" must be one of ${RENDER_TYPES.join(', ')}`);
}

/** Every image of the set (or of another folder laid out the same way), in name order. */
export async function loadEvalSet(dir = EVAL_DIR): Promise<EvalImage[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const out: EvalImage[] = [];
  for (const f of files) {
    const rule = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as EvalRule;
    checkRule(f, rule);
    const { data, info } = await sharp(path.join(dir, rule.image)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
    const classImages = new Map<string, Uint8Array>();
    for (const layer of rule.layers)
      if (layer.classImage && !classImages.has(layer.classImage)) {
        const raw = await sharp(path.join(dir, layer.classImage)).removeAlpha().raw().toBuffer();
        classImages.set(layer.classImage, new Uint8Array(raw.buffer, raw.byteOffset, raw.length));
      }
    const { truth, coarseBuilding } = rasterise(rule, rgb, info.width, info.height, classImages);
    const name = rule.image.replace(/\.[a-z]+$/, '');
    out.push({ name, rgb, width: info.width, height: info.height, kind: rule.kind, renderType: rule.renderType, truth, coarseBuilding });
  }
  return out;
}
