import type { RegionPlane } from '../geometry/plane.js';
import { newPlane, smoothstep, type Plane, type Rgb } from '../pixels/image.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { makeSampler } from '../materials/textures.js';
import { medianFootprint, newTexPoint, planeTexMap, type TexMap } from './plane-map.js';
import { regionShading } from './shading.js';

/**
 * Material compositing: a procedural texture mapped onto a masked region — on the region's
 * plane when it has one (plane-map.ts: courses converge to the vanishing points, shrink with
 * distance, supersampled by the homography's local Jacobian where they get small), else planar
 * for walls and a ground-plane perspective for floors — lit by the photo (shading.ts: the photo's
 * shading kept, its albedo replaced), with a little of the original fine detail and a relief bump.
 */
export interface CompositeOptions {
  surface: 'wall' | 'floor';
  seed: number;
  /** 0..1 opacity of the new material. */
  opacity: number;
  /** Texture contrast multiplier (expressivity). */
  texture: number;
  /** Share of the original fine detail kept (resemblance). */
  detail: number;
  /** Horizon row, for the floor perspective. */
  horizonY: number;
  /** Assumed real height of the region in centimetres (building type). */
  realHeight: number;
  /** The region's plane (issue 30 part 1); without it, today's screen-space mapping. */
  plane?: RegionPlane | null;
  /** The variation's tone within the material: brightness factor (~0.9..1.1) and warmth (-1..1). */
  tone?: { k: number; warm: number };
}

/** What compositing did, for the render's notes. */
export interface CompositeResult {
  painted: boolean;
  /** Mapped on the region's plane (perspective), not in screen space. */
  perspective: boolean;
  /** Texture enlargement over real size to keep the pattern legible (1 = real size). */
  scale: number;
}

/** Smallest legible pattern feature, in pixels. */
/**
 * Where a pixel covers much of a feature, four samples on a rotated grid (x, y pairs in pixels):
 * four distinct offsets along each axis, so courses at any angle are resolved as well as by a
 * 3×3 grid at under half its cost.
 */
const RGSS = [-0.375, -0.125, 0.125, -0.375, 0.375, 0.125, -0.125, 0.375];

function minFeaturePx(recipe: MaterialRecipe): number {
  return recipe.kind === 'tile' && recipe.layout === 'mosaic' ? 4 : 6;
}

/** The characteristic size (cm) of a material's pattern, to keep it legible at any scale. */
export function featureSize(r: MaterialRecipe): number {
  switch (r.kind) {
    case 'brick':
      return r.bond === 'herringbone' || r.bond === 'basketweave' ? 11 : (r.height ?? 6.5) + (r.joint ?? 1);
    case 'wood':
      return r.width ?? (r.layout === 'slats' ? 6 : r.layout === 'shingles' ? 18 : r.layout === 'herringbone' ? 7 : r.layout === 'parquet' ? 8 : 14);
    case 'marble':
      return r.slab ? r.slab / 2 : 40;
    case 'concrete':
      return r.finish === 'board-formed' ? 12 : r.finish === 'panels' ? 60 : r.finish === 'blocks' ? 20 : r.finish === 'exposed-aggregate' ? 4 : 30;
    case 'tile':
      return r.size ?? (r.layout === 'mosaic' ? 2.5 : r.layout === 'subway' ? 7.5 : r.layout === 'large-format' ? 60 : r.layout === 'hexagon' ? 8 : 20);
    case 'terrazzo':
      return (r.chipSize ?? 1.6) * 3;
    case 'glass':
      return (r.panelWidth ?? (r.layout === 'grid' ? 90 : r.layout === 'channel' ? 26 : 150)) / 2;
    case 'metal':
      return r.size ?? ({ 'standing-seam': 45, corrugated: 7.6, perforated: 6, brushed: 20, panels: 100, mesh: 4, louvres: 15, patina: 100, corten: 100, galvanized: 60, 'diamond-plate': 9, grating: 10 } as const)[r.finish];
    case 'plaster':
      return r.finish === 'pebbledash' ? 3 : 30;
    case 'stone':
      return r.size ?? ({ ashlar: 35, rubble: 28, flagstone: 55, cobble: 12, slate: 5, 'split-face': 20, travertine: 40, granite: 60, sandstone: 35, gabion: 30 } as const)[r.layout];
    default:
      return 30;
  }
}

export function compositeMaterial(img: Rgb, lum: Plane, mask: Plane, recipe: MaterialRecipe, o: CompositeOptions): CompositeResult {
  const { w, h } = img;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  let area = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (mask.d[y * w + x] <= 0.02) continue;
      area++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (area < 16) return { painted: false, perspective: false, scale: 1 };
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const sample = makeSampler(recipe, o.seed);
  const feat = featureSize(recipe);
  const minPx = minFeaturePx(recipe);
  const offU = (o.seed % 997) * 3.1;
  const offV = ((o.seed >>> 10) % 997) * 2.3;
  const pixels = new Int32Array(area);
  for (let y = y0, k = 0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (mask.d[y * w + x] > 0.02) pixels[k++] = y * w + x;

  const { map, scale, perspective } = o.plane ? planeMap(o.plane, pixels, w, feat, minPx, offU, offV) : screenMap(o, feat, minPx, offU, offV, { w, x0, y0, y1, bh });
  const tmp = new Float32Array(5);

  // Mean albedo of the material (for texture contrast around it and the far fade).
  let mr = 0;
  let mg = 0;
  let mb = 0;
  for (let k = 0; k < 24 * 24; k++) {
    sample(offU + (k % 24) * feat * 0.43, offV + Math.floor(k / 24) * feat * 0.37, feat / 8, tmp);
    mr += tmp[0];
    mg += tmp[1];
    mb += tmp[2];
  }
  mr /= 576;
  mg /= 576;
  mb /= 576;

  // Sample the texture over the region, supersampled where a pixel covers much of a feature.
  const alb = new Float32Array(bw * bh * 3);
  const hgt = new Float32Array(bw * bh);
  const fwb = new Float32Array(bw * bh);
  const t = newTexPoint();
  for (const j of pixels) {
    const X = j % w;
    const Y = (j - X) / w;
    const i = (Y - y0) * bw + X - x0;
    map(X, Y, t);
    if (!t.ok) {
      alb[i * 3] = mr;
      alb[i * 3 + 1] = mg;
      alb[i * 3 + 2] = mb;
      fwb[i] = feat * 4;
      continue;
    }
    const fw = t.fw;
    fwb[i] = fw;
    if (fw < feat * 0.12 || fw > feat * 0.9) {
      sample(t.u, t.v, fw, tmp);
      alb[i * 3] = tmp[0];
      alb[i * 3 + 1] = tmp[1];
      alb[i * 3 + 2] = tmp[2];
      hgt[i] = tmp[3];
      continue;
    }
    let r = 0;
    let g = 0;
    let b = 0;
    let hh = 0;
    for (let s = 0; s < RGSS.length; s += 2) {
      const ox = RGSS[s];
      const oy = RGSS[s + 1];
      sample(t.u + t.dux * ox + t.duy * oy, t.v + t.dvx * ox + t.dvy * oy, fw / 2, tmp);
      r += tmp[0];
      g += tmp[1];
      b += tmp[2];
      hh += tmp[3];
    }
    const q = 2 / RGSS.length;
    alb[i * 3] = r * q;
    alb[i * 3 + 1] = g * q;
    alb[i * 3 + 2] = b * q;
    hgt[i] = hh * q;
  }

  // The photo's light on the region.
  const cm = newPlane(bw, bh);
  for (const j of pixels) {
    const X = j % w;
    cm.d[((j - X) / w - y0) * bw + X - x0] = 1;
  }
  const light = regionShading(lum, cm, x0, y0);
  const glass = recipe.kind === 'glass';
  const albL = 0.2126 * mr + 0.7152 * mg + 0.0722 * mb;
  // How bright the scene's light is, judged from the old material's brightness (kept partly).
  const keep = Math.max(0.65, Math.min(1.25, Math.pow(Math.max(0.04, light.meanAlbedo) / Math.max(0.05, albL), 0.3)));
  const tk = o.tone?.k ?? 1;
  const tw = o.tone?.warm ?? 0;
  const tr = tk * (1 + tw * 0.05);
  const tb = tk * (1 - tw * 0.05);

  const d = img.d;
  for (const j of pixels) {
    const X = j % w;
    const Y = (j - X) / w;
    const x = X - x0;
    const y = Y - y0;
    const i = y * bw + x;
    const m = mask.d[j];
    const s = fwb[i];
    // Far away the pattern averages out to the material's mean colour.
    const fade = smoothstep(feat * 0.9, feat * 0.2, s) * o.texture;
    let r = mr + (alb[i * 3] - mr) * fade;
    let g = mg + (alb[i * 3 + 1] - mg) * fade;
    let b = mb + (alb[i * 3 + 2] - mb) * fade;
    // Relief: light from the upper left.
    const hl = x > 0 && cm.d[i - 1] ? hgt[i - 1] : hgt[i];
    const hr = x < bw - 1 && cm.d[i + 1] ? hgt[i + 1] : hgt[i];
    const hu = y > 0 && cm.d[i - bw] ? hgt[i - bw] : hgt[i];
    const hd = y < bh - 1 && cm.d[i + bw] ? hgt[i + bw] : hgt[i];
    const slope = ((hr - hl) * 0.5 + (hd - hu) * 0.6) * (0.8 / Math.max(0.2, s));
    const bump = (1 + Math.max(-0.35, Math.min(0.35, -slope * 0.5)) * Math.min(1, fade + 0.2)) * (0.9 + 0.1 * hgt[i]);
    // Glass keeps the photo's reflections (the raw shading), softened.
    const shade = glass ? Math.pow(light.raw.d[i], 0.6) : light.shade.d[i];
    const detail = glass ? 1 : 1 + (light.raw.d[i] - light.shade.d[i]) * o.detail;
    const k = shade * keep * bump * detail;
    r *= k * tr;
    g *= k * tk;
    b *= k * tb;
    const a = m * o.opacity;
    const q = j * 3;
    d[q] += (r - d[q]) * a;
    d[q + 1] += (g - d[q + 1]) * a;
    d[q + 2] += (b - d[q + 2]) * a;
  }
  return { painted: true, perspective, scale };
}

/** On the region's plane, at real size unless the pattern would be smaller than legible. */
function planeMap(plane: RegionPlane, pixels: Int32Array, w: number, feat: number, minPx: number, offU: number, offV: number): { map: TexMap; scale: number; perspective: boolean } {
  const fw1 = medianFootprint(planeTexMap(plane, 1, 0, 0), pixels, w);
  const featPx = fw1 > 0 ? feat / fw1 : Infinity;
  const scale = featPx < minPx ? Math.min(8, minPx / featPx) : 1;
  return { map: planeTexMap(plane, scale, offU, offV), scale, perspective: true };
}

/** Today's mapping without a plane: planar walls scaled by the building height, a ground-plane perspective for floors. */
function screenMap(
  o: CompositeOptions,
  feat: number,
  minPx: number,
  offU: number,
  offV: number,
  box: { w: number; x0: number; y0: number; y1: number; bh: number },
): { map: TexMap; scale: number; perspective: boolean } {
  const { w, x0, y0, y1, bh } = box;
  const realPx = feat / (o.realHeight / bh);
  const featPx = Math.max(minPx, Math.min(Math.max(minPx, bh * 0.12), realPx));
  if (o.surface === 'floor') {
    // Floors: about six metres across the bottom of the picture; cm per pixel grows toward the horizon.
    const cmPerPx = Math.min(600 / w, feat / minPx);
    const hz = Math.min(o.horizonY, y0 - Math.max(4, bh * 0.25));
    const bottom = y1 + 1;
    const floorC = cmPerPx * (bottom - hz);
    const cx = w / 2;
    return {
      scale: 1,
      perspective: false,
      map: (x, y, out) => {
        const dz = Math.max(1, y + 0.5 - hz);
        const s = floorC / dz;
        out.ok = true;
        out.u = offU + (x + 0.5 - cx) * s;
        out.v = offV + floorC * Math.log((bottom - hz) / dz);
        out.dux = s;
        out.dvx = 0;
        out.duy = 0;
        out.dvy = s;
        out.fw = s;
        return out;
      },
    };
  }
  const cmPerPx = feat / featPx;
  return {
    scale: realPx < featPx ? featPx / realPx : 1,
    perspective: false,
    map: (x, y, out) => {
      out.ok = true;
      out.u = offU + (x - x0 + 0.5) * cmPerPx;
      out.v = offV + (y - y0 + 0.5) * cmPerPx;
      out.dux = cmPerPx;
      out.dvx = 0;
      out.duy = 0;
      out.dvy = cmPerPx;
      out.fw = cmPerPx;
      return out;
    },
  };
}

/**
 * compositeMaterial on each face of a region whose plane comes in faces (a corner's two sides,
 * each on its own plane), else on its one plane. A pixel of the soft mask just outside every
 * face (the edge band) goes to the face it touches.
 */
export function compositeOnFaces(img: Rgb, lum: Plane, mask: Plane, recipe: MaterialRecipe, o: CompositeOptions): CompositeResult {
  const faces = o.plane?.faces;
  if (!faces || faces.length < 2) return compositeMaterial(img, lum, mask, recipe, o);
  const { w, h } = mask;
  const owner = new Int8Array(w * h).fill(-1);
  faces.forEach((f, k) => f.mask.d.forEach((v, i) => v > 0.5 && (owner[i] = k)));
  for (let pass = 0; pass < 2; pass++) {
    const prev = owner.slice();
    for (let i = 0; i < w * h; i++) {
      if (prev[i] >= 0) continue;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w])
        if (j >= 0 && j < w * h && prev[j] >= 0) {
          owner[i] = prev[j];
          break;
        }
    }
  }
  const out: CompositeResult = { painted: false, perspective: false, scale: 1 };
  faces.forEach((f, k) => {
    const part = newPlane(w, h);
    for (let i = 0; i < w * h; i++) if (owner[i] === k) part.d[i] = mask.d[i];
    const res = compositeMaterial(img, lum, part, recipe, { ...o, plane: f.plane });
    if (!res.painted) return;
    out.painted = true;
    out.perspective ||= res.perspective;
    out.scale = Math.max(out.scale, res.scale);
  });
  return out;
}
