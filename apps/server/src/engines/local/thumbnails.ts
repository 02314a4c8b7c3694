import { isBackdrop } from './materials/recipes.js';
import { makeSampler } from './materials/textures.js';
import { hex, mix3 } from './pixels/color.js';
import { fbm } from './pixels/noise.js';
import { newRgb, resizeRgb, type Rgb } from './pixels/image.js';
import { drawBackdrop } from './render/backdrop.js';
import { renderImage, type RenderParams } from './render/pipeline.js';
import { drawScene } from './scene.js';
import type { ThumbnailSpec } from './tasks.js';

/**
 * Catalog thumbnails. Materials are drawn as lit swatches (a square metre or so of the
 * material, with relief shading and a soft sheen); context options as small landscapes;
 * looks and art options as the real render pipeline applied to a small procedural scene.
 */

/** How many centimetres a swatch spans, per kind of material. */
function swatchSpan(spec: Extract<ThumbnailSpec, { kind: 'material' }>): number {
  const r = spec.recipe;
  switch (r.kind) {
    case 'brick':
      return r.bond === 'herringbone' || r.bond === 'basketweave' ? 110 : 90;
    case 'wood':
      return r.layout === 'slats' ? 60 : r.layout === 'shingles' ? 120 : 110;
    case 'marble':
      return 130;
    case 'concrete':
      return r.finish === 'panels' ? 420 : r.finish === 'exposed-aggregate' ? 40 : r.finish === 'blocks' ? 160 : r.finish === 'board-formed' ? 120 : 90;
    case 'tile':
      return (r.size ?? (r.layout === 'mosaic' ? 2.5 : r.layout === 'large-format' ? 60 : r.layout === 'subway' ? 15 : 20)) * (r.layout === 'large-format' ? 3 : r.layout === 'mosaic' ? 14 : 6);
    case 'terrazzo':
      return 35;
    case 'glass':
      return r.layout === 'grid' ? 260 : r.layout === 'channel' ? 140 : r.layout === 'frosted' ? 320 : 520;
    case 'metal': {
      const spans: Record<string, number> = { 'standing-seam': 200, corrugated: 70, perforated: 30, brushed: 50, panels: 320, mesh: 25, louvres: 110, patina: 260, corten: 260, galvanized: 180, 'diamond-plate': 30, grating: 45 };
      return spans[r.finish] ?? 100;
    }
    case 'plaster':
      return r.finish === 'pebbledash' ? 30 : 90;
    case 'stone': {
      const spans: Record<string, number> = { ashlar: 260, sandstone: 260, travertine: 220, granite: 220, rubble: 180, flagstone: 260, cobble: 90, slate: 90, 'split-face': 160, gabion: 160 };
      return spans[r.layout] ?? 150;
    }
    default:
      return 100;
  }
}

export function renderSwatch(spec: Extract<ThumbnailSpec, { kind: 'material' }>, size: number): Rgb {
  const sample = makeSampler(spec.recipe, spec.seed);
  const span = swatchSpan(spec);
  const fw = span / size;
  const img = newRgb(size, size);
  const height = new Float32Array(size * size);
  const gloss = new Float32Array(size * size);
  const tmp = new Float32Array(5);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      sample(17 + (x + 0.5) * fw, 23 + (y + 0.5) * fw, fw, tmp);
      const i = y * size + x;
      img.d[i * 3] = tmp[0];
      img.d[i * 3 + 1] = tmp[1];
      img.d[i * 3 + 2] = tmp[2];
      height[i] = tmp[3];
      gloss[i] = tmp[4];
    }
  // Light from the upper left: relief shading, a little occlusion, a broad sheen.
  const relief = Math.min(1.2, 0.6 / Math.max(0.15, fw));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const hl = height[y * size + Math.max(0, x - 1)];
      const hr = height[y * size + Math.min(size - 1, x + 1)];
      const hu = height[Math.max(0, y - 1) * size + x];
      const hd = height[Math.min(size - 1, y + 1) * size + x];
      const slope = (hr - hl) * 0.5 + (hd - hu) * 0.6;
      const shade = Math.max(0.55, Math.min(1.35, 1 - slope * relief)) * (0.9 + 0.1 * height[i]);
      const fall = 1.04 - 0.1 * ((x + y) / (2 * size));
      const sheen = gloss[i] * 0.16 * Math.exp(-(((x / size - 0.3) ** 2 + (y / size - 0.25) ** 2) * 5));
      for (let c = 0; c < 3; c++) img.d[i * 3 + c] = img.d[i * 3 + c] * shade * fall + sheen;
    }
  return img;
}

function contextThumb(spec: Extract<ThumbnailSpec, { kind: 'context' }>, size: number): Rgb {
  const img = newRgb(size, size);
  const hz = size * 0.74;
  const top = hex('#6f9bd0');
  const bottom = hex('#d8e6f0');
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const c = mix3(top, bottom, Math.min(1, y / hz));
      const cl = Math.max(0, fbm((x / size) * 3, (y / size) * 8, spec.seed, 4)) * (y < hz ? 0.9 : 0);
      const j = (y * size + x) * 3;
      img.d[j] = c[0] + (0.97 - c[0]) * cl;
      img.d[j + 1] = c[1] + (0.97 - c[1]) * cl;
      img.d[j + 2] = c[2] + (0.98 - c[2]) * cl;
    }
  const groundTop = hz + size * 0.04;
  const ground = spec.landscape ? (spec.scene === 'desert' ? hex('#d7b37f') : spec.scene === 'snowfield' ? hex('#eef2f6') : hex('#6f8f4c')) : hex('#8d8c88');
  for (let y = Math.floor(groundTop); y < size; y++)
    for (let x = 0; x < size; x++) {
      const n = fbm((x / size) * 8, (y / size) * 16, spec.seed ^ 5, 3) * 0.06;
      const j = (y * size + x) * 3;
      img.d[j] = ground[0] * (1 + n);
      img.d[j + 1] = ground[1] * (1 + n);
      img.d[j + 2] = ground[2] * (1 + n);
    }
  drawBackdrop(img, null, groundTop, spec.scene, spec.seed, { horizon: bottom, daylight: 1, sunSide: 1, scale: 2.2 });
  return img;
}

const scenes = new Map<string, Rgb>();

/** The thumbnail scene, drawn once per worker for each size and building shape. */
function sceneOf(size: number, shape: string): Rgb {
  const key = `${size}:${shape}`;
  let s = scenes.get(key);
  if (!s) {
    s = drawScene(size, size, shape, 11);
    scenes.set(key, s);
  }
  return s;
}

function sceneRender(size: number, params: Partial<RenderParams>, shape = 'default'): Rgb {
  const scene = sceneOf(size, shape);
  return renderImage(
    scene,
    [],
    { mode: 'photorealistic', seed: 4_242_424_242, variation: 1, creativity: 3.4, expressivity: 2, resemblance: 2, buildingHeight: 1200, regions: [], ...params },
    () => {},
  );
}

export function renderThumbnail(spec: ThumbnailSpec, size: number): Rgb {
  switch (spec.kind) {
    case 'material':
      if (isBackdrop(spec.recipe)) return contextThumb({ kind: 'context', scene: spec.recipe.scene, landscape: spec.recipe.kind === 'landscape', seed: spec.seed }, size);
      return renderSwatch(spec, size);
    case 'context':
      return contextThumb(spec, size);
    case 'type':
      return sceneRender(size, { weather: 'partly-cloudy', lighting: 'natural-daylight' }, spec.shape);
    case 'look': {
      // Style thumbnails show the style's grade under a neutral sky.
      const lighting = spec.lighting ?? (spec.weather ? undefined : 'natural-daylight');
      return sceneRender(size, { lighting, weather: spec.weather ?? (spec.style ? 'partly-cloudy' : undefined), style: spec.style });
    }
    case 'art': {
      // Art is drawn at 1.5 times the size and reduced, so lines stay crisp.
      const big = sceneRender(Math.round(size * 1.5), { mode: 'art', artStyle: spec.style, artVariant: spec.variant });
      return resizeRgb(big, size, size);
    }
  }
}
