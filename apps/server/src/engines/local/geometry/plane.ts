/**
 * The plane a region lies on (issue 30 part 1; issue 31 gives the exact form from passes).
 *
 * `toPlane` is a 3×3 row-major homography taking an image pixel (x, y, 1) — x right, y down,
 * in the image the render works on — to plane coordinates (u, v, w) in metres after dividing
 * by w: for a wall, u runs along the façade's horizontal courses and v upward; for a floor or
 * roof, u and v span the surface (v away from the camera). Materials are sampled at (u, v), so
 * courses converge to the plane's vanishing points and shrink with distance at a real scale.
 */
import type { Plane } from '../pixels/image.js';

export type PlaneKind = 'wall' | 'floor' | 'roof';

export interface VanishingPoint {
  /** Homogeneous image point (x, y, w); w = 0 is a point at infinity (parallel lines). */
  x: number;
  y: number;
  w: number;
}

export interface RegionPlane {
  kind: PlaneKind;
  /** Image → plane (metres), row-major 3×3. */
  toPlane: number[];
  /** The plane's two vanishing directions in the image: u's, then v's. */
  vanishing: [VanishingPoint, VanishingPoint];
  /** Where the plane came from: estimated from the photo's lines, a model's passes, or a flat fallback. */
  source: 'lines' | 'passes' | 'fallback';
  /** 0–1: how sure the estimate is (support of the line families). */
  confidence: number;
  /**
   * A region spanning faces of a corner: each face's plane and pixels (1 inside; together the
   * region). The fields above are then the largest face's.
   */
  faces?: Array<{ plane: RegionPlane; mask: Plane }>;
}
