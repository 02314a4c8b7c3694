import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PassValues } from '../../engine.js';
import { boxCornerView, type BoxView } from '../geometry/box-passes.js';
import { splitByNormals } from '../geometry/normal-split.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { newPlane, newRgb, rgbToBytes, type Plane, type Rgb } from '../pixels/image.js';
import { courseError } from '../../../../test/helpers/courses.js';
import { renderImage, type RenderParams } from './pipeline.js';

/**
 * Issue 31 part 3: the preview with a view's passes. A box seen across its corner (exact
 * synthetic passes, box-passes.ts), one ID region split by the normals into its two faces, brick
 * on both: the brick courses on each face point at that face's true vanishing point — median
 * angle error ≤ 2° — with the planes from the passes alone (no line in the plain grey input).
 */
const W = 480;
const H = 360;
const view = boxCornerView(W, H);
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'running', color: '#9a4a32', mortar: '#d8d0c0' };

/** The view's passes as the server stores and sends them (16-bit, the camera frame y up, z towards the viewer). */
function storedPasses(v: BoxView): PassValues {
  const { normal, depth, width, height } = v.passes;
  const n = width * height;
  let near = Infinity;
  let far = -Infinity;
  for (const z of depth!)
    if (Number.isFinite(z)) {
      near = Math.min(near, z);
      far = Math.max(far, z);
    }
  const enc = (c: number) => Math.round(((c + 1) / 2) * 65535);
  const normal16 = new Uint16Array(n * 3);
  const depth16 = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const none = normal[i * 3] === 0 && normal[i * 3 + 1] === 0 && normal[i * 3 + 2] === 0;
    normal16[i * 3] = none ? 32768 : enc(normal[i * 3]);
    normal16[i * 3 + 1] = none ? 32768 : enc(-normal[i * 3 + 1]);
    normal16[i * 3 + 2] = none ? 32768 : enc(-normal[i * 3 + 2]);
    depth16[i] = Number.isFinite(depth![i]) ? Math.round(((depth![i] - near) / (far - near)) * 65535) : 65535;
  }
  return { width, height, normal: normal16, depth: depth16, depthNear: near, depthFar: far, fovDeg: null };
}

/** The input: flat grey faces (no lines to estimate from), a darker ground, a blue sky. */
function flatInput(v: BoxView): Rgb {
  const img = newRgb(W, H);
  const colours: Record<number, [number, number, number]> = { [-1]: [0.55, 0.7, 0.9], 0: [0.62, 0.6, 0.57], 1: [0.5, 0.49, 0.47], 2: [0.35, 0.35, 0.33] };
  for (let i = 0; i < W * H; i++) img.d.set(colours[v.faces[i]], i * 3);
  return img;
}

/** The box's ID region split by the normals: the parts' masks, largest first. */
function boxParts(v: BoxView): Plane[] {
  const split = splitByNormals(v.labels, v.passes.normal, W, H, W * H * 0.005);
  return split.parent.flatMap((p, k) => {
    if (p !== 0) return [];
    const m = newPlane(W, H);
    for (let i = 0; i < W * H; i++) m.d[i] = split.labels[i] === k ? 1 : 0;
    return [m];
  });
}

const base: RenderParams = { mode: 'photorealistic', seed: 7, variation: 1, creativity: 2, expressivity: 2, resemblance: 3, lighting: 'natural-daylight', buildingHeight: 500, regions: [] };

describe('the preview with a view’s passes', () => {
  it('lays the brick courses of each face toward that face’s vanishing point (median ≤ 2°)', { timeout: 120_000 }, async () => {
    const input = flatInput(view);
    const parts = boxParts(view);
    expect(parts).toHaveLength(2);
    const notes: string[] = [];
    const regions = parts.map(() => ({ recipe: BRICK, surface: 'wall' as const }));
    const out = renderImage(input, parts, { ...base, regions, passes: storedPasses(view) }, () => {}, notes);
    expect(notes).toContain("Geometry: 2 regions mapped on their planes from the model's depth and normals");
    // Which part is which face: the part on the x-face (normal −y) holds the x courses.
    const xFace = parts.findIndex((m) => m.d.reduce((s, v, i) => s + (v > 0.5 && view.faces[i] === 0 ? 1 : 0), 0) > 0.9 * m.d.reduce((s, v) => s + (v > 0.5 ? 1 : 0), 0));
    expect(xFace).toBeGreaterThanOrEqual(0);
    const errs = [courseError(out, parts[xFace], view.vps.x), courseError(out, parts[1 - xFace], view.vps.y)];
    for (const e of errs) {
      expect(e.n).toBeGreaterThan(300);
      expect(e.median).toBeLessThanOrEqual(2);
    }
    // The control: the same render without passes has no lines to find the planes from.
    const plain = renderImage(input, parts, { ...base, regions }, () => {});
    expect(courseError(plain, parts[xFace], view.vps.x).median).toBeGreaterThan(4);
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      const save = (img: Rgb, name: string) => sharp(Buffer.from(rgbToBytes(img)), { raw: { width: W, height: H, channels: 3 } }).png().toFile(path.join(shots, name));
      await save(out, 'synthetic-box-passes.png');
      await save(plain, 'synthetic-box-no-passes.png');
    }
    console.warn(`course error (median °): x face ${errs[0].median.toFixed(2)} (n ${errs[0].n}), y face ${errs[1].median.toFixed(2)} (n ${errs[1].n})`);
  });
});
