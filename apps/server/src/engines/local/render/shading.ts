import { blurPlane, guidedFilter } from '../pixels/filters.js';
import { newPlane, type Plane } from '../pixels/image.js';

/**
 * The photo's light on a region (issue 30 part 2): the photo's luminance L = albedo × shading.
 * The region's local albedo is estimated as its masked large-scale mean (a normalised blur that
 * never reads outside the region), so shading = L / albedo keeps shadows, occlusion and
 * reflections; an edge-aware guided filter (guide: the photo) then removes the old material's own
 * fine pattern (joints, grain) from the shading while keeping the shadows' sharp edges.
 * A new material's albedo times `shade` is the new material under the photo's light.
 */
export interface RegionShading {
  /** Smooth shading, ~1 on average (shadows < 1, lit parts > 1). Bounding-box sized. */
  shade: Plane;
  /** Raw shading L / albedo, with the old fine detail (glass keeps it: reflections). */
  raw: Plane;
  /** The region's mean local albedo estimate (photo brightness, 0..1). */
  meanAlbedo: number;
}

/**
 * `lum` is the whole photo's luminance, `inside` the region's bounding box mask (1 inside),
 * (x0, y0) the box's corner in the photo.
 */
export function regionShading(lum: Plane, inside: Plane, x0: number, y0: number): RegionShading {
  const bw = inside.w;
  const bh = inside.h;
  const n = bw * bh;
  const crop = newPlane(bw, bh);
  const guide = newPlane(bw, bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      const l = lum.d[(y + y0) * lum.w + x + x0];
      guide.d[i] = l;
      crop.d[i] = l * inside.d[i];
    }
  // Local albedo: the region's brightness at the scale of a storey, normalised by coverage.
  const sigmaA = Math.max(8, Math.min(120, Math.hypot(bw, bh) / 5));
  const num = blurPlane(crop, sigmaA);
  const den = blurPlane(inside, sigmaA);
  const raw = newPlane(bw, bh);
  let sumA = 0;
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    if (!inside.d[i]) {
      raw.d[i] = 1;
      continue;
    }
    const a = den.d[i] > 1e-3 ? Math.max(0.02, num.d[i] / den.d[i]) : Math.max(0.02, crop.d[i]);
    raw.d[i] = Math.max(0.05, Math.min(3, crop.d[i] / a));
    sumA += a;
    cnt++;
  }
  // Edge-aware: below the guide's variance eps the old pattern is smoothed away, above it
  // (shadow edges, window reveals) the shading follows the photo.
  const r = Math.max(2, Math.min(8, Math.round(Math.hypot(bw, bh) / 220)));
  const shade = guidedFilter(raw, guide, r, 0.003);
  for (let i = 0; i < n; i++) shade.d[i] = inside.d[i] ? Math.max(0.05, Math.min(3, shade.d[i])) : 1;
  return { shade, raw, meanAlbedo: cnt ? sumA / cnt : 0.5 };
}
