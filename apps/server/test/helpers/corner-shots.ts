/**
 * Brick on the façades of the held-out photos that show a corner (issue 30 part 1), for looking
 * at: for each photo whose largest façade region comes in faces, the render with one plane per
 * face beside the render with the largest face's plane for the whole region (before), and the
 * faces' grids drawn by geometry-shots; and the same for the synthetic corner of the tests.
 *
 *   npx tsx apps/server/test/helpers/corner-shots.ts OUT_DIR
 */
import path from 'node:path';
import { planeGrid } from '../../src/engines/local/geometry/grid.js';
import { cornerBox, renderFaces } from '../../src/engines/local/geometry/test-images.js';
import { cloneRgb, newPlane, newRgb } from '../../src/engines/local/pixels/image.js';
import type { MaterialRecipe } from '../../src/engines/local/materials/recipes.js';
import { renderImage, type RenderParams } from '../../src/engines/local/render/pipeline.js';
import { engineRegions, erode, estimatedPlane, heldOutPhotos, largestOfKind, lineAngles, photoRgb, sideBySidePng } from './preview-photos.js';

const BRICK: MaterialRecipe = { kind: 'brick', bond: 'flemish', color: '#9a4a32', color2: '#6e3324', mortar: '#d8d0c0' };
const BASE: RenderParams = { mode: 'photorealistic', seed: 1234567890, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 2000, lighting: 'natural-daylight', weather: 'partly-cloudy', regions: [] };

/** The synthetic corner of the tests (geometry/faces.test.ts): its photo with the faces' grids drawn, and brick with one plane for both faces beside brick on each face's plane. */
async function syntheticCorner(out: string) {
  const { lum, masks } = renderFaces(640, 480, 0.15, cornerBox(40));
  const rgb = newRgb(640, 480);
  for (let i = 0; i < lum.d.length; i++) rgb.d.fill(lum.d[i], i * 3, i * 3 + 3);
  const mask = newPlane(640, 480);
  for (let i = 0; i < mask.d.length; i++) mask.d[i] = Math.max(masks[0].d[i], masks[1].d[i]);
  const plane = estimatedPlane(rgb, { mask, kind: 'wall' }, 600)!;
  const grid = planeGrid(plane, mask)!;
  const drawn = cloneRgb(rgb);
  for (const [lines, c] of [[grid.u, [1, 0.9, 0.1]], [grid.v, [1, 1, 1]]] as const)
    for (const pl of lines)
      for (let j = 1; j < pl.length; j++) {
        const [a, b] = [pl[j - 1], pl[j]];
        const n = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]));
        for (let k = 0; k <= n; k++) {
          const x = Math.round(a[0] + ((b[0] - a[0]) * k) / Math.max(1, n));
          const y = Math.round(a[1] + ((b[1] - a[1]) * k) / Math.max(1, n));
          if (x >= 0 && y >= 0 && x < 640 && y < 480) drawn.d.set(c, (y * 640 + x) * 3);
        }
      }
  const base = { ...BASE, buildingHeight: 600 };
  const render = (p: typeof plane) => renderImage(rgb, [mask], { ...base, regions: [{ recipe: BRICK, surface: 'wall', plane: p }] }, () => {});
  await sideBySidePng(rgb, drawn, path.join(out, 'synthetic-corner.grid.png'));
  await sideBySidePng(render({ ...plane, faces: undefined }), render(plane), path.join(out, 'synthetic-corner.brick.png'));
  process.stdout.write(`synthetic corner: ${plane.faces?.length ?? 1} face(s)\n`);
}

async function main() {
  const out = process.argv[2];
  await syntheticCorner(out);
  for (const e of await heldOutPhotos()) {
    const rgb = photoRgb(e, 1024);
    const r = largestOfKind(engineRegions(rgb), 'wall');
    if (!r) continue;
    const plane = estimatedPlane(rgb, { mask: r.mask, kind: 'wall' }, BASE.buildingHeight);
    const faces = plane?.faces?.length ?? 1;
    process.stdout.write(`${e.name}: ${plane ? plane.source : 'none'}, ${faces} face(s)\n`);
    if (!plane || faces < 2) continue;
    const render = (p: typeof plane) => renderImage(rgb, [r.mask], { ...BASE, regions: [{ recipe: BRICK, surface: 'wall', plane: p }] }, () => {});
    const faced = render(plane);
    const single = render({ ...plane, faces: undefined });
    for (const [k, f] of plane.faces!.entries()) {
      const inner = erode(f.mask, 6);
      const a = lineAngles(faced, inner, f.plane.vanishing).u;
      const b = lineAngles(single, inner, f.plane.vanishing).u;
      process.stdout.write(`  face ${k}: courses → its own point ${a.median.toFixed(1)}° (one plane for the region: ${b.median.toFixed(1)}°), n=${a.n}\n`);
    }
    await sideBySidePng(single, faced, path.join(out, `${e.name}.corner-brick.png`));
  }
}

await main();
