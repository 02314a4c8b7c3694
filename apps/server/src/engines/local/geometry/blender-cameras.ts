/**
 * The true cameras of the street-view Blender renders of the segmentation evaluation set, as
 * scenes.blender.py places them (camera() and exterior(): 512×384, sensor 36 mm across, lens
 * 22 mm, a TRACK_TO constraint with Z up), and the vanishing points of the building's axes
 * (world x, y, z: the blocks are not rotated) in those images. Test support.
 */
import { cross, dot, normalize, type Vec3 } from './linalg.js';
import type { VanishingPoint } from './plane.js';

interface Recipe {
  storeyHeight: number;
  storeys: number;
  width: number;
  depth: number;
  pitched: boolean;
}

/** RECIPES of scenes.blender.py (view 'street'), with FACADES' storey heights. */
export const STREET_RENDERS: Record<string, Recipe> = {
  'scene-glass-office': { storeyHeight: 3.8, storeys: 9, width: 30, depth: 18, pitched: false },
  'scene-brick-terrace': { storeyHeight: 3.0, storeys: 3, width: 34, depth: 9, pitched: true },
  'scene-stone-sunset': { storeyHeight: 3.6, storeys: 4, width: 28, depth: 14, pitched: true },
  'scene-timber-house': { storeyHeight: 2.9, storeys: 2, width: 12, depth: 9, pitched: true },
  'scene-render-lake': { storeyHeight: 3.0, storeys: 3, width: 22, depth: 12, pitched: false },
  'scene-concrete-night': { storeyHeight: 3.3, storeys: 6, width: 32, depth: 14, pitched: false },
  'scene-street-timber-overcast': { storeyHeight: 2.9, storeys: 3, width: 20, depth: 10, pitched: false },
};

export interface TrueCamera {
  focal: number;
  cx: number;
  cy: number;
  /** Camera-space (x right, y down, z forward) directions of world x, y, z. */
  axes: { x: Vec3; y: Vec3; z: Vec3 };
  vps: { x: VanishingPoint; y: VanishingPoint; z: VanishingPoint };
}

export function streetCamera(r: Recipe, w = 512, h = 384): TrueCamera {
  const height = r.storeys * r.storeyHeight;
  const top = height + (r.pitched ? 6 : 0);
  const dist = Math.max(r.width * 0.62, top * 1.25);
  const loc: Vec3 = [r.width * 0.25, -r.depth / 2 - dist, 1.7];
  const target: Vec3 = [0, 0, top * 0.42];
  const fwd = normalize([target[0] - loc[0], target[1] - loc[1], target[2] - loc[2]]);
  const right = normalize(cross(fwd, [0, 0, 1]));
  const up = cross(right, fwd);
  const focal = (22 / 36) * w;
  const cam = (d: Vec3): Vec3 => [dot(d, right), -dot(d, up), dot(d, fwd)];
  const cx = w / 2;
  const cy = h / 2;
  const vp = (d: Vec3): VanishingPoint => ({ x: focal * d[0] + cx * d[2], y: focal * d[1] + cy * d[2], w: d[2] });
  const axes = { x: cam([1, 0, 0]), y: cam([0, 1, 0]), z: cam([0, 0, 1]) };
  return { focal, cx, cy, axes, vps: { x: vp(axes.x), y: vp(axes.y), z: vp(axes.z) } };
}

/** Angle (degrees, 0–90) between two image vanishing points seen as rays of the camera (focal, cx, cy). */
export function vpAngleDeg(a: VanishingPoint, b: VanishingPoint, cam: Pick<TrueCamera, 'focal' | 'cx' | 'cy'>): number {
  const ray = (v: VanishingPoint): Vec3 => normalize([(v.x - cam.cx * v.w) / cam.focal, (v.y - cam.cy * v.w) / cam.focal, v.w]);
  return (Math.acos(Math.min(1, Math.abs(dot(ray(a), ray(b))))) * 180) / Math.PI;
}
