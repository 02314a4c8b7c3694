import { rgbToLab } from '../pixels/color.js';
import { blurPlane, dilatePlane, guidedFilter, joinRgb, splitRgb } from '../pixels/filters.js';
import { luminance, newPlane, resizePlane, resizeRgb, smoothstep, type Plane, type Rgb } from '../pixels/image.js';

export interface SkyMatte {
  /** Alpha of the sky at full resolution: 1 = sky, 0 = scene, between = mixed (edges, tree crowns). */
  mask: Plane;
  /** The old sky's local colour per pixel (sRGB), to take its share out of mixed pixels. */
  color: Rgb;
}

/** Colour distance (ΔE) below which a pixel is fully sky, and above which it is never sky. */
const SKY_NEAR = 6;
const SKY_FAR = 16;
/** A pixel this far from the local sky colour keeps alpha 0 whatever the filter says. */
const NEVER_SKY = 20;

/**
 * Turns a coarse sky region (0/1 at a working resolution) into an alpha matte at the image's
 * resolution. Each pixel near the region is compared with the old sky's *local* colour (the
 * region's own colours, averaged over a few working pixels, so clouds and the horizon glow
 * match themselves); a guided filter on the photo's luminance then snaps the matte to the
 * skyline's edges and lets the sky show through tree crowns; finally alpha is clamped to 0 on
 * every pixel whose colour is far from the local sky (a spire, a branch, a white cornice next
 * to a grey sky), so no building pixel turns into sky.
 */
export function matteSky(img: Rgb, coarse: Plane): SkyMatte {
  const W = img.w;
  const H = img.h;
  const small = resizeRgb(img, coarse.w, coarse.h);
  // Local sky colour: normalised convolution of the region's colours, wide where it is thin.
  const [r, g, b] = splitRgb(small);
  for (let i = 0; i < coarse.d.length; i++) {
    r.d[i] *= coarse.d[i];
    g.d[i] *= coarse.d[i];
    b.d[i] *= coarse.d[i];
  }
  const near = [blurPlane(r, 1.5), blurPlane(g, 1.5), blurPlane(b, 1.5), blurPlane(coarse, 1.5)];
  const far = [blurPlane(r, 8), blurPlane(g, 8), blurPlane(b, 8), blurPlane(coarse, 8)];
  const local = [r, g, b];
  for (let i = 0; i < coarse.d.length; i++) {
    const src = near[3].d[i] > 0.05 ? near : far;
    const den = Math.max(1e-4, src[3].d[i]);
    for (let c = 0; c < 3; c++) local[c].d[i] = src[c].d[i] / den;
  }
  const color = resizeRgb(joinRgb(local[0], local[1], local[2]), W, H);
  // Where the sky can be: the region grown by one working pixel (sub-pixel edges, crowns).
  const reach = resizePlane(dilatePlane(coarse, 1), W, H);
  // Deep inside the region (two working pixels from its edge) only what is darker than the
  // sky is scene (branches, masts, thin spires): old clouds there are sky, whatever their colour.
  const inverse = newPlane(coarse.w, coarse.h);
  for (let i = 0; i < coarse.d.length; i++) inverse.d[i] = 1 - coarse.d[i];
  const core = resizePlane(dilatePlane(inverse, 2), W, H);

  const init = newPlane(W, H);
  const bound = newPlane(W, H);
  const p = [0, 0, 0];
  const q = [0, 0, 0];
  const d = img.d;
  const c = color.d;
  for (let i = 0; i < W * H; i++) {
    if (reach.d[i] <= 0.02) continue;
    const j = i * 3;
    rgbToLab(d[j], d[j + 1], d[j + 2], p);
    rgbToLab(c[j], c[j + 1], c[j + 2], q);
    const deep = core.d[i] < 0.02;
    const dist = deep ? Math.max(0, q[0] - p[0]) : Math.sqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);
    init.d[i] = smoothstep(SKY_FAR, SKY_NEAR, dist);
    bound.d[i] = smoothstep(NEVER_SKY, SKY_FAR, dist);
  }
  const radius = Math.max(2, Math.round(Math.max(W, H) / 400));
  const refined = guidedFilter(init, luminance(img), radius, 1e-3);
  const mask = newPlane(W, H);
  for (let i = 0; i < W * H; i++) mask.d[i] = Math.max(0, Math.min(1, refined.d[i], bound.d[i]));
  return { mask, color };
}
