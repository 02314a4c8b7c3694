import { blurPlane } from '../pixels/filters.js';
import { newPlane, smoothstep, type Plane, type Rgb } from '../pixels/image.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { makeSampler } from '../materials/textures.js';

/**
 * Material compositing: a procedural texture mapped onto a masked region (planar for
 * walls, ground-plane perspective for floors), lit by the original image's own shading
 * (low-passed luminance normalised to the region mean, so shadows and light gradients stay
 * where they were), with a little of the original fine detail and a relief bump.
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

export function compositeMaterial(img: Rgb, lum: Plane, mask: Plane, recipe: MaterialRecipe, o: CompositeOptions): void {
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
  if (area < 16) return;
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const sample = makeSampler(recipe, o.seed);
  const feat = featureSize(recipe);
  const tmp = new Float32Array(5);

  // Scale: the real size of the region, clamped so the pattern stays legible.
  const minPx = recipe.kind === 'tile' && recipe.layout === 'mosaic' ? 4 : 6;
  const realPx = feat / (o.realHeight / bh);
  const featPx = Math.max(minPx, Math.min(Math.max(minPx, bh * 0.12), realPx));
  // Floors: about six metres across the bottom of the picture.
  const cmPerPx = o.surface === 'floor' ? Math.min(600 / w, feat / minPx) : feat / featPx;
  const offU = (o.seed % 997) * 3.1;
  const offV = ((o.seed >>> 10) % 997) * 2.3;

  // Floor perspective: cm per pixel grows toward the horizon.
  const hz = Math.min(o.horizonY, y0 - Math.max(4, bh * 0.25));
  const bottom = y1 + 1;
  const floorC = cmPerPx * (bottom - hz);

  // Mean albedo of the material (for texture contrast around it).
  let mr = 0;
  let mg = 0;
  let mb = 0;
  for (let k = 0; k < 24 * 24; k++) {
    sample(offU + (k % 24) * feat * 0.43, offV + Math.floor(k / 24) * feat * 0.37, cmPerPx, tmp);
    mr += tmp[0];
    mg += tmp[1];
    mb += tmp[2];
  }
  mr /= 576;
  mg /= 576;
  mb /= 576;

  // Sample the texture over the bounding box.
  const alb = new Float32Array(bw * bh * 3);
  const hgt = new Float32Array(bw * bh);
  const fwb = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    const Y = y + y0;
    let u0: number;
    let v: number;
    let s: number;
    if (o.surface === 'floor') {
      s = floorC / Math.max(1, Y + 0.5 - hz);
      v = offV + floorC * Math.log((bottom - hz) / Math.max(1, Y + 0.5 - hz));
      u0 = offU;
    } else {
      s = cmPerPx;
      v = offV + (y + 0.5) * cmPerPx;
      u0 = offU;
    }
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      if (mask.d[Y * w + x + x0] <= 0.02) continue;
      const u = o.surface === 'floor' ? u0 + (x + x0 + 0.5 - w / 2) * s : u0 + (x + 0.5) * s;
      sample(u, v, s, tmp);
      alb[i * 3] = tmp[0];
      alb[i * 3 + 1] = tmp[1];
      alb[i * 3 + 2] = tmp[2];
      hgt[i] = tmp[3];
      fwb[i] = s;
    }
  }

  // Original shading inside the region.
  const crop = newPlane(bw, bh);
  const cm = newPlane(bw, bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const j = (y + y0) * w + x + x0;
      crop.d[y * bw + x] = lum.d[j] * (mask.d[j] > 0.02 ? 1 : 0);
      cm.d[y * bw + x] = mask.d[j] > 0.02 ? 1 : 0;
    }
  const sigma = Math.max(1.5, Math.min(8, Math.hypot(bw, bh) / 300));
  const num = blurPlane(crop, sigma);
  const den = blurPlane(cm, sigma);
  let mean = 0;
  let cnt = 0;
  for (let i = 0; i < bw * bh; i++) {
    if (cm.d[i] === 0) continue;
    num.d[i] = den.d[i] > 1e-3 ? num.d[i] / den.d[i] : crop.d[i];
    mean += num.d[i];
    cnt++;
  }
  mean = Math.max(0.04, mean / Math.max(1, cnt));
  const glass = recipe.kind === 'glass';
  const shadeExp = glass ? 0.45 : 1;
  const albL = 0.2126 * mr + 0.7152 * mg + 0.0722 * mb;
  const keep = Math.max(0.65, Math.min(1.25, Math.pow(mean / Math.max(0.05, albL), 0.3)));

  const d = img.d;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      const j = (y + y0) * w + x + x0;
      const m = mask.d[j];
      if (m <= 0.02) continue;
      const s = fwb[i];
      // Far away (floor near the horizon) the pattern averages out.
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
      const shade = Math.pow(Math.max(0.08, Math.min(2.4, num.d[i] / mean)), shadeExp);
      const detail = 1 + ((lum.d[j] - num.d[i]) / mean) * o.detail;
      const k = shade * keep * bump * detail;
      r *= k;
      g *= k;
      b *= k;
      const a = m * o.opacity;
      const q = j * 3;
      d[q] += (r - d[q]) * a;
      d[q + 1] += (g - d[q + 1]) * a;
      d[q + 2] += (b - d[q + 2]) * a;
    }
  }
}
