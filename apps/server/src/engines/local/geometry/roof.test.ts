import { describe, expect, it } from 'vitest';
import { newRgb, type Plane, type Rgb } from '../pixels/image.js';
import { applyH, mulVec, normalize, type Vec3 } from './linalg.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { renderImage, type RenderParams } from '../render/pipeline.js';
import type { RegionPlane, VanishingPoint } from './plane.js';
import { estimateGeometry } from './planes.js';
import { brickPaint, renderFaces, type FaceSpec } from './test-images.js';

/**
 * A pitched roof above a brick wall (issue 30 part 1): the roof's plane must climb at its pitch —
 * its v vanishing point the one its rafter lines (ribs) converge to, off the horizon — with u
 * along the eaves; a roof whose lines all run along the eaves stays a flat (horizontal) plane.
 */
const W = 640;
const H = 480;
const F = 520;
const K = [F, 0, W / 2, 0, F, H / 2, 0, 0, 1];
const RAD = Math.PI / 180;

/** Camera 6 m above the ground (a window across the street), pitched down 14°; a wall 8 m long, 4 m tall, turned 30°, and its roof climbing 3 m back from the top at `pitch`°. */
function house(pitch: number, ribs: boolean): { faces: FaceSpec[]; eaves: Vec3; slope: Vec3 } {
  const tilt = -14 * RAD;
  const yaw = 30 * RAD;
  const rx = (p: Vec3): Vec3 => [p[0], p[1] * Math.cos(tilt) + p[2] * Math.sin(tilt), -p[1] * Math.sin(tilt) + p[2] * Math.cos(tilt)];
  const along: Vec3 = [Math.cos(yaw), 0, Math.sin(yaw)];
  const back: Vec3 = [-Math.sin(yaw), 0, Math.cos(yaw)];
  const up: Vec3 = [0, -1, 0];
  const slope: Vec3 = normalize([0, 1, 2].map((k) => back[k] * Math.cos(pitch * RAD) + up[k] * Math.sin(pitch * RAD)) as Vec3);
  const foot: Vec3 = [-3.5, 6, 12];
  const eaves: Vec3 = [foot[0], foot[1] - 4, foot[2]];
  const spec = (a: Vec3, b: Vec3, o: Vec3, size: [number, number], paint: (u: number, v: number) => number): FaceSpec => {
    const [ka, kb, ko] = [a, b, o].map((c) => mulVec(K, rx(c)));
    return { toImage: [ka[0], kb[0], ko[0], ka[1], kb[1], ko[1], ka[2], kb[2], ko[2]], size, paint };
  };
  // Wall: brick with dark pilasters every 1.6 m (the vertical lines of a façade).
  const brick = brickPaint();
  // Roof: standing seams every 0.5 m along the eaves (lines up the slope) over faint courses every 0.35 m; without ribs, courses only.
  const tiles = (u: number, v: number) => (ribs ? (u % 0.5 < 0.07 ? 0.15 : 0.6) - (v % 0.35 < 0.04 ? 0.1 : 0) : v % 0.35 < 0.05 ? 0.2 : 0.6);
  return { faces: [spec(along, up, foot, [8, 4], (u, v) => (u % 1.6 < 0.12 ? 0.1 : brick(u, v))), spec(along, slope, eaves, [8, 3], tiles)], eaves: rx(along), slope: rx(slope) };
}

const toRgb = (lum: Plane): Rgb => {
  const rgb = newRgb(lum.w, lum.h);
  for (let i = 0; i < lum.d.length; i++) rgb.d.fill(lum.d[i], i * 3, i * 3 + 3);
  return rgb;
};

/** The angle (degrees) seen from the middle of `mask`'s pixels between the directions to p and to q. */
function degBetween(p: VanishingPoint, q: VanishingPoint, mask: Plane): number {
  let [sx, sy, n] = [0, 0, 0];
  mask.d.forEach((v, i) => {
    if (v <= 0.5) return;
    sx += (i % W) + 0.5;
    sy += Math.floor(i / W) + 0.5;
    n++;
  });
  const [x, y] = [sx / n, sy / n];
  const towards = (v: VanishingPoint) => Math.atan2(v.y - y * v.w, v.x - x * v.w);
  let d = Math.abs(towards(p) - towards(q)) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return (d * 180) / Math.PI;
}

const vpOf = (d: Vec3): VanishingPoint => {
  const [x, y, w] = mulVec(K, d);
  return { x, y, w };
};

const BASE: RenderParams = { mode: 'photorealistic', seed: 1234567890, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 400, lighting: 'natural-daylight', weather: 'clear', regions: [] };
const TILES: MaterialRecipe = { kind: 'brick', bond: 'stack', color: '#8a3b2a', mortar: '#e8e0d0', height: 40, length: 50 };

describe('pitched roofs', () => {
  for (const pitch of [30, 45]) {
    it(`puts a roof pitched ${pitch}° on a plane climbing to its rafters' vanishing point, its courses along the eaves`, () => {
      const { faces, eaves, slope } = house(pitch, true);
      const { lum, masks } = renderFaces(W, H, 0.8, faces);
      const g = estimateGeometry(toRgb(lum), [{ mask: masks[0], kind: 'wall' }, { mask: masks[1], kind: 'roof' }], { realHeightCm: 400 });
      const roof = g.planes[1]!;
      expect(roof.kind).toBe('roof');
      expect(roof.source).toBe('lines');
      expect(degBetween(roof.vanishing[0], vpOf(eaves), masks[1])).toBeLessThan(2);
      expect(degBetween(roof.vanishing[1], vpOf(slope), masks[1])).toBeLessThan(2);
      // v climbs the roof: the eaves (bottom of the roof in the image) have the smaller v.
      const vAt = (u: number, v: number) => {
        const [x, y, w] = mulVec(faces[1].toImage, [u, v, 1]);
        return applyH(roof.toPlane, x / w, y / w)![1];
      };
      const [eaveV, ridgeV] = [vAt(4, 0.2), vAt(4, 2.8)];
      expect(ridgeV).toBeGreaterThan(eaveV);
    });
  }

  it("renders a wall material on a region named roof on the roof's own plane, not a façade's", () => {
    const { faces } = house(40, true);
    const { lum, masks } = renderFaces(W, H, 0.8, faces);
    const photo = toRgb(lum);
    const [, roof] = estimateGeometry(photo, [{ mask: masks[0], kind: 'wall' }, { mask: masks[1], kind: 'roof' }], { realHeightCm: 400 }).planes;
    const [, asWall] = estimateGeometry(photo, [{ mask: masks[0], kind: 'wall' }, { mask: masks[1], kind: 'wall' }], { realHeightCm: 400 }).planes;
    expect(roof!.kind).toBe('roof');
    expect(asWall!.toPlane).not.toEqual(roof!.toPlane);
    const tiles = (r: { roof?: boolean; plane?: RegionPlane }) => renderImage(photo, [masks[1]], { ...BASE, regions: [{ recipe: TILES, surface: 'wall', ...r }] }, () => {}).d;
    expect(tiles({ roof: true })).toEqual(tiles({ plane: roof! }));
  }, 60_000);

  it('keeps a roof whose lines all run along the eaves flat (its v direction horizontal, on the horizon)', () => {
    const { faces } = house(40, false);
    const { lum, masks } = renderFaces(W, H, 0.8, faces);
    const g = estimateGeometry(toRgb(lum), [{ mask: masks[0], kind: 'wall' }, { mask: masks[1], kind: 'roof' }], { realHeightCm: 400 });
    const roof = g.planes[1]!;
    expect(roof.kind).toBe('roof');
    // A horizontal direction's vanishing point lies on the horizon: the line through the frame's horizontal points.
    const [h1] = g.frame.horizontal;
    const vertical = g.frame.vertical.dir;
    const p = roof.vanishing[1];
    const d = normalize([(p.x - g.frame.cx * p.w) / g.frame.focal, (p.y - g.frame.cy * p.w) / g.frame.focal, p.w]);
    expect(Math.abs(d[0] * vertical[0] + d[1] * vertical[1] + d[2] * vertical[2])).toBeLessThan(0.02);
    expect(h1).toBeDefined();
  });
});
