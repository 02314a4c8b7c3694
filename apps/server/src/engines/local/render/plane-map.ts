import type { RegionPlane } from '../geometry/plane.js';

/**
 * Where a material's texture is sampled for an image pixel (issue 30 part 2): on the region's
 * plane when there is one — (u, v) = toPlane(x, y) in metres, turned into the textures'
 * centimetres, v pointing down the texture (up the wall) — with the local Jacobian of the
 * homography, so the sampler knows each pixel's footprint and the compositor how finely to
 * supersample. Courses then converge to the plane's vanishing points and shrink with distance.
 */
export interface TexPoint {
  /** Texture coordinates of the pixel centre, centimetres. */
  u: number;
  v: number;
  /** Texture centimetres per image pixel along x and along y (the Jacobian's columns). */
  dux: number;
  dvx: number;
  duy: number;
  dvy: number;
  /** Footprint: the larger column length (cm per pixel). */
  fw: number;
  /** False beyond the plane's horizon (w ≤ 0): nothing to sample. */
  ok: boolean;
}

export function newTexPoint(): TexPoint {
  return { u: 0, v: 0, dux: 0, dvx: 0, duy: 0, dvy: 0, fw: 1, ok: true };
}

/** A pixel → texture map: fills `out` for the centre of pixel (x, y) of the whole image. */
export type TexMap = (x: number, y: number, out: TexPoint) => TexPoint;

/**
 * The plane's map at `scale` (texture cm per plane cm: 1 = real size, > 1 enlarges the pattern),
 * shifted by (offU, offV) cm so variations do not all start on the same joint.
 */
export function planeTexMap(plane: RegionPlane, scale: number, offU: number, offV: number): TexMap {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = plane.toPlane;
  const k = 100 / scale;
  return (x, y, out) => {
    const px = x + 0.5;
    const py = y + 0.5;
    const W = h6 * px + h7 * py + h8;
    if (!(W > 1e-12) || !Number.isFinite(W)) {
      out.ok = false;
      return out;
    }
    const u = (h0 * px + h1 * py + h2) / W;
    const v = (h3 * px + h4 * py + h5) / W;
    out.ok = true;
    out.u = offU + u * k;
    // Plane v runs up a wall; texture v runs down the pattern.
    out.v = offV - v * k;
    out.dux = ((h0 - u * h6) / W) * k;
    out.duy = ((h1 - u * h7) / W) * k;
    out.dvx = (-(h3 - v * h6) / W) * k;
    out.dvy = (-(h4 - v * h7) / W) * k;
    out.fw = Math.max(Math.hypot(out.dux, out.dvx), Math.hypot(out.duy, out.dvy));
    return out;
  };
}

/**
 * Median footprint (cm per pixel at scale 1) of a map over up to ~4,000 of the given pixels: the
 * side of the square of texture a pixel covers (the root of the Jacobian's area), so a surface seen
 * at a grazing angle — a street, foreshortened tenfold in depth but not across — is judged by both
 * directions, not only by the squeezed one (which would blow setts up to slabs to stay legible).
 */
export function medianFootprint(map: TexMap, pixels: Int32Array, w: number): number {
  const step = Math.max(1, Math.floor(pixels.length / 4000));
  const vals: number[] = [];
  const t = newTexPoint();
  for (let k = 0; k < pixels.length; k += step) {
    const i = pixels[k];
    map(i % w, Math.floor(i / w), t);
    const area = Math.sqrt(Math.abs(t.dux * t.dvy - t.duy * t.dvx));
    if (t.ok && Number.isFinite(area)) vals.push(area);
  }
  if (vals.length === 0) return 0;
  vals.sort((a, b) => a - b);
  return vals[vals.length >> 1];
}
