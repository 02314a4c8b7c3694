import sharp from 'sharp';
import { idPassMaterialsSchema, MASK_LIMITS, MASK_MESSAGES, type IdPassMaterials } from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { parseJsonField } from '../../lib/nul-characters.js';
import { splitByNormals } from '../../engines/local/index.js';
import { sniffImageFormat, type UploadNormal } from '../images/index.js';

/**
 * The ID pass of an architect's view (a render of the same view with every material a flat,
 * unique colour) turned into regions: one per distinct colour, named from the materials map.
 * Used by POST /images/upload-input and by any other way a view arrives with its ID pass.
 *
 * Rules: the pass is resized to the view with the nearest pixel (no new colours). A colour is a
 * region when it covers at least 0.2 % of the image and, unless the materials map lists it, is
 * neither an anti-aliasing blend of two larger colours (near the RGB line between them) nor a
 * near copy of one (resize ringing). Every other pixel (edge blends,
 * specks, colours under 0.2 %) takes the region of a neighbour, the one whose colour is nearest.
 */

export interface ViewSize {
  width: number;
  height: number;
}

export interface IdPassRegion {
  /** White-on-black PNG of the view's size. */
  mask: Buffer;
  /** The ID pass colour, #rrggbb. */
  idColor: string;
  /** From the materials map, else "Material N"; "Name (2)" for a further part of a material split by the normals. */
  name: string;
  /** The material's name from the map (every part of a split material has it), else null. */
  material: string | null;
  /** Whether the name is the map's (a material the model knows), not a "Material N" placeholder. */
  named: boolean;
  /** Fraction of the image, 0–1. */
  area: number;
  /** Mean colour of the view's pixels in the region (the ID colour without view pixels). */
  averageColor: string;
}

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field });
const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;
const rgbOf = (c: number): [number, number, number] => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

/** The `materials` field: JSON object of "#rrggbb" → name (keys lower-cased); 400 naming `materials` otherwise. */
export function parseIdPassMaterials(text: string | undefined): IdPassMaterials {
  if (text === undefined || text.trim() === '') return {};
  // Parsed under the request-wide NUL rule: a "\u0000" escape in a name is a 400 naming it.
  const parsedJson = parseJsonField(text, 'materials');
  if (!parsedJson.ok) throw refuse('materials', MASK_MESSAGES.materialsInvalid);
  const json = parsedJson.value;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw refuse('materials', MASK_MESSAGES.materialsInvalid);
  const parsed = idPassMaterialsSchema.safeParse(json);
  if (!parsed.success) throw refuse('materials', MASK_MESSAGES.materialsInvalid);
  return Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Checks an ID pass against its view without storing anything: PNG, readable, same aspect (1 %). */
export async function checkIdPass(view: ViewSize, idPass: Buffer): Promise<void> {
  if (sniffImageFormat(idPass) !== 'png') throw refuse('idPass', MASK_MESSAGES.idPassNotPng);
  let size: ViewSize;
  try {
    const { info } = await sharp(idPass, { failOn: 'truncated' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    size = info;
  } catch {
    throw refuse('idPass', MASK_MESSAGES.idPassUnreadable);
  }
  const want = view.width / view.height;
  if (Math.abs(size.width / size.height - want) / want > MASK_LIMITS.idPassAspectTolerance) throw refuse('idPass', MASK_MESSAGES.idPassAspect);
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Distance of colour p from the RGB segment a–b, and where on it (0 = a, 1 = b). */
function blendDistance(p: number[], a: number[], b: number[]): number {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (len2 === 0) return Infinity;
  const t = ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] + (p[2] - a[2]) * d[2]) / len2;
  // Ringing of a sharpening resize overshoots the ends a little.
  if (t < -0.25 || t > 1.25) return Infinity;
  const q = [a[0] + t * d[0] - p[0], a[1] + t * d[1] - p[1], a[2] + t * d[2] - p[2]];
  return Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
}

/** The colours that become regions, largest first. */
function paletteOf(counts: Map<number, number>, pixels: number, materials: IdPassMaterials): number[] {
  const min = MASK_LIMITS.idPassMinShare * pixels;
  const byCount = [...counts.entries()].filter(([, n]) => n >= min).sort((a, b) => b[1] - a[1]);
  const palette: number[] = [];
  for (const [colour] of byCount) {
    const listed = materials[hex(colour)] !== undefined;
    const rgb = rgbOf(colour);
    let blend = !listed && palette.some((c) => distance(rgb, rgbOf(c)) < 16);
    if (!listed)
      for (let i = 0; i < palette.length && !blend; i++)
        for (let j = i + 1; j < palette.length && !blend; j++) blend = blendDistance(rgb, rgbOf(palette[i]), rgbOf(palette[j])) < 8;
    if (!blend) palette.push(colour);
    if (palette.length === MASK_LIMITS.maxRegions) break;
  }
  return palette;
}

/**
 * Every pixel's region: palette colours directly; the rest from the nearest labelled pixels
 * outwards (breadth first), each taking the neighbour region whose colour is closest to its own.
 */
function labelPixels(colours: Int32Array, w: number, h: number, palette: number[]): Int16Array {
  const index = new Map(palette.map((c, i) => [c, i]));
  const labels = new Int16Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let tail = 0;
  for (let p = 0; p < w * h; p++) {
    const i = index.get(colours[p]);
    if (i !== undefined) labels[p] = i;
  }
  const enqueue = (q: number) => {
    if (labels[q] !== -1) return;
    labels[q] = -2; // queued
    queue[tail++] = q;
  };
  const enqueueNeighbours = (p: number) => {
    const x = p % w;
    if (x > 0) enqueue(p - 1);
    if (x < w - 1) enqueue(p + 1);
    if (p >= w) enqueue(p - w);
    if (p + w < w * h) enqueue(p + w);
  };
  for (let p = 0; p < w * h; p++) if (labels[p] >= 0) enqueueNeighbours(p);
  const rgbPalette = palette.map(rgbOf);
  for (let head = 0; head < tail; head++) {
    const p = queue[head];
    const own = rgbOf(colours[p]);
    let best = -1;
    let bestD = Infinity;
    for (const q of [p - 1, p + 1, p - w, p + w]) {
      if (q < 0 || q >= w * h || Math.abs((q % w) - (p % w)) > 1) continue;
      const l = labels[q];
      if (l < 0) continue;
      const c = rgbPalette[l];
      const d = (c[0] - own[0]) ** 2 + (c[1] - own[1]) ** 2 + (c[2] - own[2]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = l;
      }
    }
    labels[p] = best;
    enqueueNeighbours(p);
  }
  return labels;
}

/**
 * The regions of an ID pass for a view of `view`'s size, largest first. `viewRgb` (the view's
 * pixels, RGB, same size) gives each region its mean colour. With the view's normal pass
 * (issue 31 part 2), a material's region is split where the model's surface turns (a façade's
 * two sides become two regions, "Brick" and "Brick (2)", both of the material). Throws 400
 * naming `idPass` when the pass is not a readable PNG of the view's aspect or has no colour to
 * make a region of.
 */
export async function decodeIdPass(view: ViewSize, idPass: Buffer, materials: IdPassMaterials, viewRgb?: Buffer, normal?: UploadNormal): Promise<IdPassRegion[]> {
  await checkIdPass(view, idPass);
  const { width: w, height: h } = view;
  const raw = await sharp(idPass).removeAlpha().resize(w, h, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer();
  const colours = new Int32Array(w * h);
  const counts = new Map<number, number>();
  for (let p = 0; p < w * h; p++) {
    const c = (raw[p * 3] << 16) | (raw[p * 3 + 1] << 8) | raw[p * 3 + 2];
    colours[p] = c;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const palette = paletteOf(counts, w * h, materials);
  if (palette.length === 0) throw refuse('idPass', MASK_MESSAGES.idPassFlat);
  let labels: ArrayLike<number> = labelPixels(colours, w, h, palette);
  // Each region's colour: its palette index (the parts of a split region share their material's).
  let colourOf = palette.map((_, i) => i);
  if (normal) {
    const split = splitByNormals(labels, unitNormals(normal, w, h), w, h, w * h * SPLIT_MIN_SHARE, MASK_LIMITS.maxRegions);
    labels = split.labels;
    colourOf = split.parent;
  }

  const sums = colourOf.map(() => ({ n: 0, r: 0, g: 0, b: 0 }));
  for (let p = 0; p < w * h; p++) {
    const s = sums[labels[p]];
    s.n++;
    if (viewRgb) {
      s.r += viewRgb[p * 3];
      s.g += viewRgb[p * 3 + 1];
      s.b += viewRgb[p * 3 + 2];
    }
  }
  const order = colourOf.map((_, i) => i).sort((a, b) => sums[b].n - sums[a].n);
  const regions: IdPassRegion[] = [];
  const partsOf = new Map<number, number>();
  const placeholderOf = new Map<number, string>();
  for (const i of order) {
    const s = sums[i];
    if (s.n === 0) continue;
    const mask = Buffer.alloc(w * h);
    for (let p = 0; p < w * h; p++) if (labels[p] === i) mask[p] = 255;
    const c = colourOf[i];
    const idColor = hex(palette[c]);
    const part = (partsOf.get(c) ?? 0) + 1;
    partsOf.set(c, part);
    if (!placeholderOf.has(c)) placeholderOf.set(c, `Material ${placeholderOf.size + 1}`);
    const name = materials[idColor] ?? placeholderOf.get(c)!;
    const mean = viewRgb ? (((Math.round(s.r / s.n) << 16) | (Math.round(s.g / s.n) << 8) | Math.round(s.b / s.n)) >>> 0) : palette[c];
    regions.push({
      mask: await sharp(mask, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer(),
      idColor,
      name: part === 1 ? name : `${name} (${part})`,
      material: materials[idColor] ?? null,
      named: materials[idColor] !== undefined,
      area: s.n / (w * h),
      averageColor: hex(mean),
    });
  }
  return regions;
}

/** A part of a material's region smaller than this share of the view stays with its neighbour. */
const SPLIT_MIN_SHARE = 0.005;

/** The normal pass as unit vectors at w × h (nearest pixel); (0, 0, 0) where there is no surface. */
function unitNormals(normal: UploadNormal, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(normal.height - 1, Math.floor(((y + 0.5) * normal.height) / h));
    for (let x = 0; x < w; x++) {
      const si = (sy * normal.width + Math.min(normal.width - 1, Math.floor(((x + 0.5) * normal.width) / w))) * 3;
      const v = [0, 1, 2].map((k) => (normal.values[si + k] / 65535) * 2 - 1);
      const len = Math.hypot(v[0], v[1], v[2]);
      if (len >= 0.5) for (let k = 0; k < 3; k++) out[(y * w + x) * 3 + k] = v[k] / len;
    }
  }
  return out;
}
