/**
 * Materials in perspective on real photographs the engine was not built on (issue 30, goal
 * "perspective"): for each held-out photo of the evaluation set, rendered at 1024 px on its long
 * side, Generate Regions' own regions and the planes the engine estimates itself (no hand-measured
 * plane). On the largest façade region, brick by the shipped render; the median angle between the
 * rendered courses and the direction to that plane's course vanishing point (goal <= 5°), next to
 * the same render with the screen-space mapping of before (baseline) and to the photo's own lines
 * against the same point (how well the single plane fits what the photo shows: a region spanning
 * two faces of a building fits one of them). On the largest ground region, stack-bond pavers: their
 * rows against the plane's row vanishing point and their receding joints against the one on the
 * horizon. The angle is read off the structure tensor of the render inside the region shrunk by
 * 6 px, each line going to the nearer of the plane's two vanishing directions (of its face's plane,
 * for a region across a corner).
 *
 *   npx tsx bench/perspective.bench.ts
 */
import { pathToFileURL } from 'node:url';
import type { MaterialRecipe } from '../apps/server/src/engines/local/materials/recipes.js';
import { renderImage, type RenderParams } from '../apps/server/src/engines/local/render/pipeline.js';
import { engineRegions, erode, estimatedPlane, heldOutPhotos, largestOfKind, photoRgb, planeLineAngles } from '../apps/server/test/helpers/preview-photos.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const BRICK: MaterialRecipe = { kind: 'brick', bond: 'flemish', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };
const PAVERS: MaterialRecipe = { kind: 'brick', bond: 'stack', color: '#c2a27a', mortar: '#6b5f50', height: 10, length: 20 };
const BASE: RenderParams = { mode: 'photorealistic', seed: 1234567890, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 2000, lighting: 'natural-daylight', weather: 'partly-cloudy', regions: [] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const deg = (v: number) => Number(v.toFixed(1));

export async function run(): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  const on: number[] = [];
  const flat: number[] = [];
  const lines: number[] = [];
  for (const e of await heldOutPhotos()) {
    const rgb = photoRgb(e, 1024);
    const regions = engineRegions(rgb);
    for (const [kind, recipe] of [['wall', BRICK], ['floor', PAVERS]] as const) {
      const r = largestOfKind(regions, kind);
      if (!r || r.area < rgb.w * rgb.h * 0.02) continue;
      const plane = estimatedPlane(rgb, { mask: r.mask, kind }, BASE.buildingHeight);
      if (!plane) continue;
      const render = (p: null | undefined) => renderImage(rgb, [r.mask], { ...BASE, regions: [{ recipe, surface: kind, plane: p }] }, () => {});
      const inner = erode(r.mask, 6);
      // A region in faces (a corner): each face's courses against its own point.
      const a = planeLineAngles(render(undefined), inner, plane);
      const b = planeLineAngles(render(null), inner, plane);
      const tag = `${plane.source}, confidence ${plane.confidence.toFixed(2)}${plane.faces ? `, ${plane.faces.length} faces` : ''}`;
      if (kind === 'wall') {
        const c = planeLineAngles(rgb, inner, plane);
        on.push(a.u.median);
        flat.push(b.u.median);
        lines.push(c.u.median);
        rows.push({ name: `${e.name}: brick courses → the façade plane's vanishing point (${tag}); screen-space ${deg(b.u.median)}°, the photo's own lines ${deg(c.u.median)}°`, value: deg(a.u.median), unit: '°', target: '<= 5°' });
      } else {
        rows.push({ name: `${e.name}: paver rows / receding joints → the ground plane's vanishing points (${tag}); screen-space ${deg(b.u.median)}° / ${deg(b.v.median)}°`, value: deg(a.v.median), unit: `° (rows ${deg(a.u.median)}°)` });
      }
    }
  }
  rows.push({ name: `median over ${on.length} held-out photos: brick courses on the estimated plane`, value: deg(median(on)), unit: '°', target: '<= 5°' });
  rows.push({ name: '  baseline: screen-space mapping (the render before planes), same vanishing points', value: deg(median(flat)), unit: '°' });
  rows.push({ name: "  the photo's own lines against the estimated vanishing point", value: deg(median(lines)), unit: '°' });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printResults(await run());
