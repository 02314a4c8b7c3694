import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { luminance, rgbFromBytes } from '../pixels/image.js';
import { STREET_RENDERS, streetCamera, vpAngleDeg } from './blender-cameras.js';
import { detectSegments } from './segments.js';
import type { Segment } from './segments.js';
import { estimateVanishing, type VanishingFrame } from './vanishing.js';

const EVAL = path.resolve(__dirname, '../../../../test/fixtures/segmentation-eval');

async function frameOf(name: string): Promise<VanishingFrame> {
  const { data, info } = await sharp(path.join(EVAL, `${name}.jpg`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgb = rgbFromBytes(new Uint8Array(data), info.width, info.height);
  return estimateVanishing(detectSegments(luminance(rgb)), info.width, info.height);
}

describe('estimateVanishing on the Blender street renders (true cameras known)', () => {
  for (const [name, recipe] of Object.entries(STREET_RENDERS)) {
    it(`${name}: vertical and the two façade directions`, async () => {
      const cam = streetCamera(recipe);
      const f = await frameOf(name);
      const vErr = vpAngleDeg(f.vertical.point, cam.vps.z, cam);
      // Each true horizontal axis against the nearest estimated horizontal family.
      const hErr = (['x', 'y'] as const).map((k) => Math.min(...f.horizontal.map((h) => vpAngleDeg(h.point, cam.vps[k], cam))));
      process.stdout.write(`${name}: vertical ${vErr.toFixed(2)}°, x ${hErr[0].toFixed(2)}°, y ${hErr[1].toFixed(2)}°, focal ${f.focal.toFixed(0)} (${f.focalFrom}; true ${cam.focal.toFixed(0)}), manhattan ${f.manhattan}\n`);
      expect(f.vertical.implied).toBe(false);
      expect(vErr).toBeLessThan(2);
      // The façade facing the camera (world x) is always in view.
      expect(hErr[0]).toBeLessThan(3);
      // The side façade is small and receding: its point is found, less precisely (measured 2–9.5°).
      expect(hErr[1]).toBeLessThan(12);
    });
  }
});

describe('estimateVanishing looking steeply up', () => {
  // The Charminar's lines, drawn as its 768×1024 photo shows them: verticals converging to a
  // point above the picture, short level lines (the minarets' rings) toward a point far to the
  // right, and window jambs converging a little downward, a few degrees off the verticals. The
  // jambs once made the second "horizontal" family, on a horizon straight below the picture, the
  // focal length fitted to them and the façade's courses rendered as a steep lattice.
  const seg = (x1: number, y1: number, x2: number, y2: number): Segment => ({ x1, y1, x2, y2, width: 1, score: 5 });
  const towards = (vx: number, vy: number, x: number, y: number, len: number) => {
    const d = Math.hypot(vx - x, vy - y);
    return seg(x, y, x + ((vx - x) / d) * len, y + ((vy - y) / d) * len);
  };
  const segments: Segment[] = [];
  for (let k = 0; k < 40; k++) segments.push(towards(342, -1249, 40 + ((k * 53) % 700), 300 + ((k * 97) % 700), 50 + (k % 5) * 10));
  for (let k = 0; k < 18; k++) segments.push(towards(22515, 1002, 30 + ((k * 131) % 700), 250 + ((k * 71) % 600), 26));
  const jambs: Segment[] = [];
  for (let k = 0; k < 9; k++) jambs.push(towards(249, 1845, 230 + k * 20, 440 + (k % 3) * 40, 28));
  segments.push(...jambs);

  it('takes no family of near-vertical lines for a horizontal one', () => {
    const f = estimateVanishing(segments, 768, 1024);
    const jambIdx = new Set(jambs.map((j) => segments.indexOf(j)));
    for (const h of f.horizontal) expect(h.members.filter((i) => jambIdx.has(i))).toEqual([]);
    // Nor is the focal length fitted to them: the field of view stays the assumed 55°.
    expect(f.focalFrom).toBe('assumed');
  });
});
