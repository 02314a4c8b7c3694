/**
 * Writes the evaluation set's masks for people to look at (run by hand after editing a rule):
 *
 *   npx tsx apps/server/test/helpers/segmentation-eval-masks.ts [--overlays DIR] [NAME…]
 *   npx tsx apps/server/test/helpers/segmentation-eval-masks.ts --grid DIR IMAGE.jpg…
 *
 * NAME.mask.png beside each image: every class in its colour (CLASS_COLOURS), coarse "building"
 * brown, black where the rule leaves pixels out (unpainted, "ignore", the band on class edges).
 * With --overlays, also DIR/NAME.overlay.png: the mask laid over the image at half strength,
 * with a legend of the classes present, to check the rule by eye against the picture.
 * With --grid, for tracing a new rule: DIR/NAME.grid.png, the image enlarged 2× under a
 * coordinate grid in image pixels (a line every 16 px, a red one labelled every 64 px).
 */
import path from 'node:path';
import sharp from 'sharp';
import { CLASS_COLOURS, COARSE_BUILDING_COLOUR, EVAL_CLASSES, EVAL_DIR, loadEvalSet, type EvalImage } from './segmentation-eval.js';

function colourAt(img: EvalImage, i: number): readonly [number, number, number] | undefined {
  if (img.coarseBuilding[i]) return COARSE_BUILDING_COLOUR;
  return CLASS_COLOURS[img.truth[i]];
}

function legend(img: EvalImage): string {
  const present = new Set<number>();
  for (let i = 0; i < img.truth.length; i++) if (img.truth[i] !== 255) present.add(img.truth[i]);
  const entries: Array<[string, readonly number[]]> = [...present].sort((a, b) => a - b).map((k) => [EVAL_CLASSES[k], CLASS_COLOURS[k]]);
  if (img.coarseBuilding.includes(1)) entries.push(['building (coarse)', COARSE_BUILDING_COLOUR]);
  const rows = entries.map(([name, [r, g, b]], k) => `<rect x="4" y="${4 + k * 16}" width="12" height="12" fill="rgb(${r},${g},${b})" stroke="black"/><text x="20" y="${14 + k * 16}" font-family="sans-serif" font-size="12" fill="white" stroke="black" stroke-width="0.4">${name}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}">${rows.join('')}</svg>`;
}

async function write(img: EvalImage, overlayDir: string | undefined): Promise<void> {
  const { width: w, height: h } = img;
  const mask = new Uint8Array(w * h * 3);
  const overlay = new Uint8Array(img.rgb);
  for (let i = 0; i < w * h; i++) {
    const c = colourAt(img, i);
    if (!c) continue;
    mask.set(c, i * 3);
    for (let ch = 0; ch < 3; ch++) overlay[i * 3 + ch] = Math.round(overlay[i * 3 + ch] * 0.5 + c[ch] * 0.5);
  }
  await sharp(mask, { raw: { width: w, height: h, channels: 3 } }).png().toFile(path.join(EVAL_DIR, `${img.name}.mask.png`));
  if (!overlayDir) return;
  await sharp(overlay, { raw: { width: w, height: h, channels: 3 } })
    .composite([{ input: Buffer.from(legend(img)) }])
    .png()
    .toFile(path.join(overlayDir, `${img.name}.overlay.png`));
}

async function writeGrid(file: string, dir: string): Promise<void> {
  const { width: w = 0, height: h = 0 } = await sharp(file).metadata();
  const s = 2;
  const lines: string[] = [];
  for (let x = 0; x <= w; x += 16) lines.push(`<line x1="${x * s}" y1="0" x2="${x * s}" y2="${h * s}" stroke="${x % 64 ? 'rgba(255,255,0,0.35)' : 'rgba(255,0,0,0.8)'}"/>`);
  for (let y = 0; y <= h; y += 16) lines.push(`<line x1="0" y1="${y * s}" x2="${w * s}" y2="${y * s}" stroke="${y % 64 ? 'rgba(255,255,0,0.35)' : 'rgba(255,0,0,0.8)'}"/>`);
  for (let x = 0; x < w; x += 64)
    for (let y = 0; y < h; y += 64) lines.push(`<text x="${x * s + 2}" y="${y * s + 12}" font-family="sans-serif" font-size="11" fill="yellow" stroke="black" stroke-width="0.3">${x},${y}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w * s}" height="${h * s}">${lines.join('')}</svg>`;
  const name = path.basename(file).replace(/\.[a-z]+$/i, '');
  await sharp(file).resize(w * s).composite([{ input: Buffer.from(svg) }]).png().toFile(path.join(dir, `${name}.grid.png`));
}

const args = process.argv.slice(2);
if (args[0] === '--grid') {
  for (const file of args.slice(2)) await writeGrid(file, args[1]);
  process.exit(0);
}
const at = args.indexOf('--overlays');
const overlayDir = at >= 0 ? args[at + 1] : undefined;
const names = args.filter((a, k) => a !== '--overlays' && k !== at + 1);
for (const img of await loadEvalSet()) if (names.length === 0 || names.includes(img.name)) await write(img, overlayDir);
