import { rgbToLab } from '../pixels/color.js';
import { blurPlane, dilatePlane, erodePlane, guidedFilter, joinRgb, sobel, splitRgb } from '../pixels/filters.js';
import { boxWhere, cropPlane, luminance, newPlane, pixelBox, placePlane, resizePlane, resizeRgb, smoothstep, windowAround, type Plane, type Rgb } from '../pixels/image.js';
import { crownGaps } from './sky-crown-gaps.js';
import { skyEdge } from './sky-edges.js';
import { openingColourDistance } from './sky-openings.js';

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
 * How far beyond the region (working pixels) a pixel mostly of sky may still be sky: the region
 * stops short of a textured edge, and the old sky's local colour drifts there, so its colour test
 * misses sky next to the silhouette (left as a pale strip of old sky once the sky is replaced).
 */
const EDGE_REACH = 2;
/** Share of the old sky in a mixed edge pixel (sky-edges.ts) from which it turns to sky, and at which it is fully sky. */
const EDGE_SKY_LO = 0.7;
const EDGE_SKY_HI = 1;
/** In a tree crown (or a textured edge) only a pixel almost wholly of sky: a crown's pale rim is leaves. */
const EDGE_CROWN_SKY_LO = 0.9;
/** Width of the skyline band, in working pixels on each side of the region's edge. */
const BAND = 2;
/** How far from the region (working pixels) a tree crown may show sky through its gaps. */
const CROWN_REACH = 6;
/** How far from the region (working pixels) a crown's gaps are looked for (sky-crown-gaps.ts). */
const GAP_REACH = 40;
/** In a crown, a gap is sky only this close (ΔE) to the sky beside the crown. */
const CROWN_NEAR = 2;
const CROWN_FAR = 4;
/** Local texture (working-resolution gradient) above which the scene beside the sky is a crown. */
const CROWN_TEXTURE = 0.035;
/** Luminance step by which a thin structure inside the sky is darker than all the sky around it. */
const THIN_DARK_LO = 0.1;
const THIN_DARK_HI = 0.22;
/** Lab L below which a thin dark line in the sky of an opening (sky-openings.ts) is a structure, not a streak of cloud. */
const OPENING_STRUCTURE_L = 35;
/** Lab b at and below which a thin dark line inside the sky is a gap of blue sky between clouds. */
const BLUE_GAP = -12;

/**
 * Turns a coarse sky region (0/1 at a working resolution) into an alpha matte at the image's
 * resolution, in three zones (`banks`: the cloud banks sky.ts joined to the region, whose own
 * colour counts as the sky's beside them):
 * - the region's *interior* (more than BAND working pixels inside its edge) is solid sky,
 *   whatever the old sky's colours there (white clouds, blue gaps between them), except thin
 *   structures darker than all the sky around them and not blue (branches, masts, wires,
 *   lightning rods), found by a closing of the luminance: a cloud's edge is a step, not a thin
 *   dark line, and a blue gap between clouds is blue, so neither is kept;
 * - the *skyline band* (BAND working pixels either side of the edge): each pixel is compared
 *   with the old sky's local colour (the region's own colours averaged over a few working
 *   pixels), the result snapped to the photo's edges by a guided filter, and clamped to 0 on
 *   every pixel far from the local sky (a spire, a branch, a white cornice next to a grey sky),
 *   so no building pixel turns into sky;
 * - *tree crowns* beside the region (textured scene within CROWN_REACH working pixels): only
 *   gaps of the old sky's very colour show the new sky, so the branches between them stay.
 * `walls` (sky-level-blocks.ts: hazy walls under a level top, 0/1) stay scene whatever their colour.
 * `openings` (sky-openings.ts: sky seen between columns or under arches, 0/1) are matted against
 * their own colours as well, and a thin line in them is a structure only when darker than any sky
 * there: their clouds come out whole.
 */
export function matteSky(img: Rgb, coarse: Plane, banks?: Plane, openings?: Plane, walls?: Plane): SkyMatte {
  const W = img.w;
  const H = img.h;
  const small = resizeRgb(img, coarse.w, coarse.h);
  const color = resizeRgb(localSkyColour(small, coarse), W, H);
  // Beside a cloud bank the region's colours mix the bank's white with the blue around it; a
  // pixel of the bank's own colour there is sky too.
  const bankColor = banks ? resizeRgb(localSkyColour(small, banks), W, H) : null;
  const bankZone = banks ? resizePlane(dilatePlane(banks, BAND + 1), W, H) : null;
  // Where the sky can be: the region grown by one working pixel (sub-pixel edges), and crowns.
  const reach = resizePlane(dilatePlane(coarse, 1), W, H);
  const edgeZone = resizePlane(dilatePlane(coarse, EDGE_REACH), W, H);
  const inverse = newPlane(coarse.w, coarse.h);
  for (let i = 0; i < coarse.d.length; i++) inverse.d[i] = 1 - coarse.d[i];
  const core = resizePlane(dilatePlane(inverse, BAND), W, H);
  const crown = resizePlane(crownZone(small, coarse, CROWN_REACH, 0), W, H);
  const lum = luminance(img);
  // A crown's gaps are compared with the sky's wide mean, not with the fringe the twigs tint.
  const gapZone = resizePlane(crownZone(small, coarse, GAP_REACH, 1), W, H);
  const gaps = crownGaps(img, lum, localSkyColour(small, coarse, true), resizePlane(brightestSky(small, coarse), W, H), gapZone);
  const thin = thinDarkness(lum, resizePlane(coarse, W, H), Math.max(1, Math.round(W / coarse.w)));
  const openZone = openings ? resizePlane(openings, W, H) : null;
  const openingDistance = openings ? openingColourDistance(small, openings, W, H) : null;
  const openReach = openings ? resizePlane(dilatePlane(openings, BAND + 1), W, H) : null;

  const init = newPlane(W, H);
  const bound = newPlane(W, H);
  // Where a mixed edge pixel may be sky, and how much (never far from the old sky's colour).
  const edgeBound = newPlane(W, H);
  const edgeCrown = new Uint8Array(W * H);
  const p = [0, 0, 0];
  const q = [0, 0, 0];
  const d = img.d;
  const c = color.d;
  for (let i = 0; i < W * H; i++) {
    if (core.d[i] < 0.02) {
      // Interior: solid sky but for thin dark structures that are not blue (a gap in a cloud is).
      let a = 1;
      if (thin.d[i] > THIN_DARK_LO) {
        rgbToLab(d[i * 3], d[i * 3 + 1], d[i * 3 + 2], p);
        a = 1 - smoothstep(THIN_DARK_LO, THIN_DARK_HI, thin.d[i]) * smoothstep(BLUE_GAP, BLUE_GAP / 3, p[2]);
        // In an opening, a thin grey line as light as its sky is a streak of cloud; a lamp post is darker.
        if (openZone && openZone.d[i] > 0.5) a = Math.max(a, smoothstep(OPENING_STRUCTURE_L, OPENING_STRUCTURE_L + 10, p[0]));
      }
      init.d[i] = a;
      bound.d[i] = a;
      continue;
    }
    const inReach = reach.d[i] > 0.02;
    const inCrown = crown.d[i] > 0.02 || gaps.d[i] > 0;
    const inEdge = edgeZone.d[i] > 0.02;
    if (!inReach && !inCrown && !inEdge) continue;
    const j = i * 3;
    rgbToLab(d[j], d[j + 1], d[j + 2], p);
    rgbToLab(c[j], c[j + 1], c[j + 2], q);
    let dist = Math.sqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);
    if (bankColor && bankZone && bankZone.d[i] > 0.02) {
      rgbToLab(bankColor.d[j], bankColor.d[j + 1], bankColor.d[j + 2], q);
      dist = Math.min(dist, Math.sqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2));
    }
    if (openingDistance && openReach && openReach.d[i] > 0.02) dist = Math.min(dist, openingDistance(i, p));
    if (inReach) {
      init.d[i] = smoothstep(SKY_FAR, SKY_NEAR, dist);
      bound.d[i] = smoothstep(NEVER_SKY, SKY_FAR, dist);
      edgeBound.d[i] = bound.d[i];
    } else {
      if (inEdge) edgeBound.d[i] = smoothstep(NEVER_SKY, SKY_FAR, dist);
      if (inCrown) edgeCrown[i] = 1;
      const a = Math.max(smoothstep(CROWN_FAR, CROWN_NEAR, dist) * crown.d[i], gaps.d[i]);
      init.d[i] = a;
      bound.d[i] = a;
    }
  }
  const radius = Math.max(2, Math.round(Math.max(W, H) / 400));
  const refined = guidedInBand(init, bound, lum, radius);
  const mask = newPlane(W, H);
  for (let i = 0; i < W * H; i++) {
    // A pixel of the old sky's very colour stays solid sky: the filter's smoothing would leave
    // a few pixels of the old (often paler) sky along the silhouette, a light halo.
    const r = init.d[i] >= 0.999 ? 1 : refined.d[i];
    mask.d[i] = Math.max(0, Math.min(1, r, bound.d[i]));
  }
  // Pixels beside the matte's edge that are mostly old sky by their place between the sky and the
  // solid scene next to them (their colour test missed them) are sky; half-and-half mixes stay
  // scene, their sky taken out later (decontaminateEdges).
  // The last pixel before the scene is a mix whatever its colour says (the rim of a minaret or a
  // crown): the extension is eroded by one pixel on its scene side.
  const { share } = skyEdge(img, mask, color);
  const grown = newPlane(W, H);
  for (let i = 0; i < W * H; i++) {
    const lo = edgeCrown[i] ? EDGE_CROWN_SKY_LO : EDGE_SKY_LO;
    grown.d[i] = Math.max(mask.d[i], Math.min(smoothstep(lo, EDGE_SKY_HI, share.d[i]), edgeBound.d[i]));
  }
  const kept = erodePlane(grown, 1);
  for (let i = 0; i < W * H; i++) mask.d[i] = Math.max(mask.d[i], kept.d[i]);
  if (walls) {
    const wall = resizePlane(walls, W, H);
    for (let i = 0; i < W * H; i++) mask.d[i] = Math.min(mask.d[i], 1 - smoothstep(0.25, 0.75, wall.d[i]));
  }
  return { mask, color };
}

/**
 * The guided filter of `init`, worked out only in the window around the pixels whose alpha it
 * decides (neither solid sky, init 1, nor bound to 0): each output pixel reads 2r around it, so
 * with that margin the result there is exact; elsewhere 0 (not read).
 */
function guidedInBand(init: Plane, bound: Plane, lum: Plane, r: number): Plane {
  const { w, h } = init;
  const box = boxWhere(w, h, (i) => bound.d[i] > 0 && init.d[i] < 0.999);
  if (!box) return newPlane(w, h);
  const win = windowAround(box, 2 * r + 1, w, h);
  return placePlane(guidedFilter(cropPlane(init, win), cropPlane(lum, win), r, 1e-3), win, w, h);
}

/** The old sky's local colour at the working resolution: normalised convolution of the region's colours, wide where it is thin. */
function localSkyColour(small: Rgb, coarse: Plane, wide = false): Rgb {
  const [r, g, b] = splitRgb(small);
  for (let i = 0; i < coarse.d.length; i++) {
    r.d[i] *= coarse.d[i];
    g.d[i] *= coarse.d[i];
    b.d[i] *= coarse.d[i];
  }
  const far = [blurPlane(r, 8), blurPlane(g, 8), blurPlane(b, 8), blurPlane(coarse, 8)];
  const near = wide ? far : [blurPlane(r, 1.5), blurPlane(g, 1.5), blurPlane(b, 1.5), blurPlane(coarse, 1.5)];
  const local = [r, g, b];
  for (let i = 0; i < coarse.d.length; i++) {
    const src = near[3].d[i] > 0.05 ? near : far;
    const den = Math.max(1e-4, src[3].d[i]);
    for (let c = 0; c < 3; c++) local[c].d[i] = src[c].d[i] / den;
  }
  return joinRgb(local[0], local[1], local[2]);
}

/**
 * Working pixels of scene beside the sky (within CROWN_REACH, beyond the band) that are textured
 * like a tree crown and lie above the region's lowest row in their column: 0..1.
 */
function crownZone(small: Rgb, coarse: Plane, reach: number, smoothFloor: number): Plane {
  const { w, h } = coarse;
  const tex = smoothFloor >= 1 ? null : blurPlane(sobel(blurPlane(luminance(small), 0.7)).mag, 1.5);
  const near = dilatePlane(coarse, reach);
  const zone = newPlane(w, h);
  for (let x = 0; x < w; x++) {
    let bottom = -1;
    for (let y = 0; y < h; y++) if (coarse.d[y * w + x] > 0.5) bottom = y;
    for (let y = 0; y <= Math.min(h - 1, bottom + reach); y++) {
      const i = y * w + x;
      if (coarse.d[i] > 0.5 || near.d[i] < 0.5) continue;
      zone.d[i] = tex ? Math.max(smoothFloor, smoothstep(CROWN_TEXTURE * 0.7, CROWN_TEXTURE * 1.3, tex.d[i])) : 1;
    }
  }
  return blurPlane(zone, 0.7);
}

/**
 * How much darker each pixel is than every sky pixel around it (luminance units): the region's
 * luminance closed over `r` pixels (thin dark lines filled with the sky around them), then its
 * minimum over 3r (the darkest sky nearby, a blue gap between clouds included), minus the pixel.
 * Outside the region counts as bright, so the building never darkens the sky's floor. Worked out
 * in the window around the region only (each pixel reads 5r around it): 0 outside the region's box.
 */
function thinDarkness(lum: Plane, region: Plane, r: number): Plane {
  const { w, h } = lum;
  const inRegion: number[] = [];
  for (let i = 0; i < w * h; i++) if (region.d[i] > 0.5) inRegion.push(i);
  const out = newPlane(w, h);
  if (inRegion.length === 0) return out;
  const win = windowAround(pixelBox(inRegion, w), 5 * r, w, h);
  const inside = newPlane(win.w, win.h);
  for (let y = 0; y < win.h; y++)
    for (let x = 0; x < win.w; x++) {
      const i = (y + win.y) * w + x + win.x;
      inside.d[y * win.w + x] = region.d[i] > 0.5 ? lum.d[i] : 2;
    }
  const floor = erodePlane(erodePlane(dilatePlane(inside, r), r), 3 * r);
  for (let y = 0; y < win.h; y++)
    for (let x = 0; x < win.w; x++) {
      const i = (y + win.y) * w + x + win.x;
      out.d[i] = Math.max(0, Math.min(1, floor.d[y * win.w + x]) - lum.d[i]);
    }
  return out;
}

/** The brightest solid sky within GAP_REACH of each working pixel (luminance): a crown's gap is no brighter than the sky around it. */
function brightestSky(small: Rgb, coarse: Plane): Plane {
  const lum = luminance(small);
  const solid = erodePlane(coarse, 1);
  for (let i = 0; i < lum.d.length; i++) lum.d[i] = solid.d[i] > 0.5 ? lum.d[i] : 0;
  return dilatePlane(lum, GAP_REACH);
}
