import type { RegionPlane } from '../../src/engines/local/geometry/plane.js';
import { newPlane, type Plane } from '../../src/engines/local/pixels/image.js';
import type { EvalImage } from './segmentation-eval.js';
import { homographyFrom4 } from './homography.js';

/**
 * Façade planes measured by hand on photos of the evaluation set (four corners read off the
 * 512 px photo with the coordinate grid of segmentation-eval-masks.ts --grid, the wall's size in
 * metres from its known dimensions), for experiments and benches while the estimator is elsewhere.
 */
export interface KnownWall {
  photo: string;
  /** Image corners (512 px wide photo): top-left, top-right, bottom-right, bottom-left. */
  corners: Array<[number, number]>;
  /** Width and height of the wall in metres. */
  size: [number, number];
  /** The wall's columns in the photo (the region is the labelled building between them). */
  xRange: [number, number];
}

export const KNOWN_WALLS: Record<string, KnownWall> = {
  // The basilica's long side (67 m, ~30 m to the eaves), receding to the right.
  'aula-palatina': { photo: 'aula-palatina', corners: [[308, 48], [462, 122], [462, 300], [308, 302]], size: [67, 30], xRange: [309, 462] },
  // The Blender street's façade (24 × 10 m), receding to the left.
  'scene-street-timber-overcast': { photo: 'scene-street-timber-overcast', corners: [[50, 92], [484, 30], [498, 276], [42, 232]], size: [24, 10], xRange: [0, 512] },
};

/** The wall's plane for the photo resized to width × height (the photo is 512 px wide). */
export function knownWallPlane(wall: KnownWall, photoWidth: number, width: number, height: number, photoHeight: number): RegionPlane {
  const sx = width / photoWidth;
  const sy = height / photoHeight;
  const [wm, hm] = wall.size;
  const img = wall.corners.map(([x, y]) => [x * sx, y * sy] as [number, number]);
  const toPlane = homographyFrom4(img, [
    [0, hm],
    [wm, hm],
    [wm, 0],
    [0, 0],
  ]);
  return { kind: 'wall', toPlane, vanishing: [{ x: 1, y: 0, w: 0 }, { x: 0, y: 1, w: 0 }], source: 'fallback', confidence: 1 };
}

/** The wall's region at the photo's own size: the labelled façade (or coarse building) within its columns. */
export function knownWallRegion(wall: KnownWall, e: EvalImage): Plane {
  const { width: w, height: h } = e;
  const m = newPlane(w, h);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    if (x < wall.xRange[0] || x > wall.xRange[1]) continue;
    m.d[i] = e.truth[i] === 1 || e.coarseBuilding[i] ? 1 : 0;
  }
  return m;
}
