/**
 * Before/after pairs of the CPU preview on real photographs of the evaluation set (issue 30, "must
 * show"): each pair is the photo and the shipped engine's result side by side in one PNG, at 1024 px
 * on the long side. Materials go on the regions Generate Regions finds (the largest façade or
 * ground region) and on the planes the render estimates itself; the fills are the Tweak's own
 * inpaint and outpaint; the skyline is the render's sky replacement. Nothing is hand-placed but the
 * inpaint masks (what a user would paint).
 *
 *   npm run preview:pairs -- --out /work/shots/preview
 */
import fs from 'node:fs';
import path from 'node:path';
import { inpaintImage, outpaintImage } from '../apps/server/src/engines/local/inpaint.js';
import type { MaterialRecipe } from '../apps/server/src/engines/local/materials/recipes.js';
import { newPlane, type Plane, type Rgb } from '../apps/server/src/engines/local/pixels/image.js';
import { renderImage, type RenderParams } from '../apps/server/src/engines/local/render/pipeline.js';
import { engineRegions, largestOfKind, photoRgb, sideBySidePng } from '../apps/server/test/helpers/preview-photos.js';
import { loadEvalSet, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';

const BASE: RenderParams = { mode: 'photorealistic', seed: 20261127, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 2000, lighting: 'natural-daylight', weather: 'partly-cloudy', regions: [] };
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'flemish', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };
const COBBLES: MaterialRecipe = { kind: 'stone', layout: 'cobble', colors: ['#7e7d7a', '#8f8d89', '#6d6c69'], mortar: '#4a4845' };
const PAVERS: MaterialRecipe = { kind: 'brick', bond: 'herringbone', color: '#9a5038', mortar: '#b8ab98', height: 10 };

type Job = (e: EvalImage) => { before: Rgb; after: Rgb; notes: string[] };

/** A material on the largest region of one kind, through the whole render. */
const material =
  (kind: 'wall' | 'floor', recipe: MaterialRecipe, extra: Partial<RenderParams> = {}): Job =>
  (e) => {
    const rgb = photoRgb(e, 1024);
    const region = largestOfKind(engineRegions(rgb), kind);
    if (!region) throw new Error(`${e.name}: Generate Regions found no ${kind} region`);
    const notes: string[] = [];
    const after = renderImage(rgb, [region.mask], { ...BASE, ...extra, regions: [{ recipe, surface: kind }] }, () => {}, notes);
    return { before: rgb, after, notes: [`region: ${region.label} (${Math.round((region.area * 100) / (rgb.w * rgb.h))} % of the picture)`, ...notes] };
  };

/** No material: the render's light and sky replacement only. */
const skyline =
  (extra: Partial<RenderParams>): Job =>
  (e) => {
    const rgb = photoRgb(e, 1024);
    const notes: string[] = [];
    return { before: rgb, after: renderImage(rgb, [], { ...BASE, ...extra }, () => {}, notes), notes };
  };

/** Inpaint of polygons given on the 512 px photo (what a user would paint over). */
const inpaint =
  (polys: Array<Array<[number, number]>>): Job =>
  (e) => {
    const rgb = photoRgb(e, 1024);
    const k = rgb.w / e.width;
    const mask = newPlane(rgb.w, rgb.h);
    for (const poly of polys) fillPolygon(mask, poly.map(([x, y]) => [x * k, y * k]));
    return { before: rgb, after: inpaintImage(rgb, mask, { seed: 7 }), notes: [`inpainted ${polys.length} painted area(s)`] };
  };

/** Outpaint to a wider canvas (the photo in the middle). */
const outpaint =
  (widen: number): Job =>
  (e) => {
    const rgb = photoRgb(e, 768);
    const W = Math.round(rgb.w * widen);
    return { before: rgb, after: outpaintImage(rgb, { width: W, height: rgb.h, offsetX: Math.round((W - rgb.w) / 2), offsetY: 0 }, 7), notes: [`outpainted ${rgb.w} → ${W} px wide`] };
  };

function fillPolygon(mask: Plane, poly: Array<[number, number] | number[]>): void {
  for (let y = 0; y < mask.h; y++) {
    const yc = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[(i + 1) % poly.length];
      if (y1 <= yc !== y2 <= yc) xs.push(x1 + ((yc - y1) * (x2 - x1)) / (y2 - y1));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2)
      for (let x = Math.max(0, Math.ceil(xs[k] - 0.5)); x < Math.min(mask.w, xs[k + 1] - 0.5); x++) mask.d[y * mask.w + x] = 1;
  }
}

const rect = (x0: number, y0: number, x1: number, y1: number): Array<[number, number]> => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

const PAIRS: Array<{ file: string; photo: string; what: string; job: Job }> = [
  { file: '1-facade-brick-lincoln-memorial', photo: 'lincoln-memorial', what: 'brick on the façade, on its estimated plane (held-out photo)', job: material('wall', BRICK) },
  { file: '2-facade-brick-aula-palatina', photo: 'aula-palatina', what: 'brick on the basilica’s long side receding to the right', job: material('wall', BRICK) },
  { file: '3-paving-palais-des-papes', photo: 'palais-des-papes', what: 'cobblestones on the plaza, on the ground plane below the horizon (held-out photo)', job: material('floor', COBBLES) },
  { file: '4-paving-brandenburg-gate', photo: 'brandenburg-gate', what: 'herringbone pavers on the square', job: material('floor', PAVERS) },
  { file: '5-skyline-trees-berlin-cathedral', photo: 'berlin-cathedral', what: 'a new sky behind the domes and the trees (held-out photo)', job: skyline({ weather: 'clear', lighting: 'golden-hour' }) },
  { file: '6-inpaint-worms-lamppost', photo: 'worms-cathedral-model', what: 'the street lamp in front of the nave removed (held-out photo)', job: inpaint([rect(326, 328, 357, 524)]) },
  { file: '7-inpaint-palais-people', photo: 'palais-des-papes', what: 'a family and two walkers removed from the plaza (held-out photo)', job: inpaint([rect(184, 334, 230, 382), rect(417, 343, 435, 384)]) },
  { file: '8-outpaint-chambord', photo: 'chambord', what: 'the picture widened by half, both sides synthesised (held-out photo)', job: outpaint(1.5) },
];

function parseOut(argv: string[]): string {
  const i = argv.indexOf('--out');
  return path.resolve(i >= 0 && argv[i + 1] ? argv[i + 1] : 'preview-pairs');
}

async function main(): Promise<void> {
  const out = parseOut(process.argv.slice(2));
  const only = process.env.PAIRS_ONLY?.split(',');
  fs.mkdirSync(out, { recursive: true });
  const set = await loadEvalSet();
  for (const p of PAIRS) {
    if (only && !only.some((o) => p.file.includes(o))) continue;
    const e = set.find((s) => s.name === p.photo);
    if (!e) throw new Error(`no photo ${p.photo} in the evaluation set`);
    const t = Date.now();
    const { before, after, notes } = p.job(e);
    const file = path.join(out, `${p.file}.png`);
    await sideBySidePng(before, after, file);
    console.log(`${file}: ${p.what} — ${((Date.now() - t) / 1000).toFixed(1)} s\n  ${notes.join('\n  ')}`);
  }
}

await main();
