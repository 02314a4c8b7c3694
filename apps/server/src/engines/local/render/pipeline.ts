import { cloneRgb, luminance, type Plane, type Rgb } from '../pixels/image.js';
import { mixSeed, mulberry32 } from '../pixels/prng.js';
import type { RegionPlane } from '../geometry/plane.js';
import { estimateRegionPlanes } from './region-planes.js';
import type { PassValues } from '../../engine.js';
import type { RenderType } from '@atelier/contract';
import { passPlanes, viewUp } from '../geometry/pass-planes.js';
import { viewPassesAt } from '../geometry/view-passes.js';
import { lightFromNormals } from './pass-light.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { analyse } from './analysis.js';
import { renderArt } from './art.js';
import { drawBackdrop } from './backdrop.js';
import { compositeMaterial, compositeOnFaces } from './composite.js';
import { grade } from './grade.js';
import { paintableMask } from './paint-mask.js';
import { buildLook, scaleLook, type Look } from './looks.js';
import { describePhotoSky, keptOutNote, materialNote, signedEv } from './notes.js';
import { TIME_NAMES, variationChoice } from './variation.js';
import { decontaminateEdges } from './sky-edges.js';
import { renderSky } from './sky.js';
import { atmosphere, grain, lightning, rainfall, snowCover, snowfall, streetLights, wetGround, windowGlow } from './weather.js';

/** Everything the worker needs for one render, already resolved from catalog ids. */
export interface RenderParams {
  mode: 'photorealistic' | 'art';
  seed: number;
  variation: number;
  /** Slider values as the user set them: creativity 2..4, expressivity 1..6, resemblance 1..10. */
  creativity: number;
  expressivity: number;
  resemblance: number;
  lighting?: string;
  weather?: string;
  style?: string;
  /** Assumed real height (cm) of a façade, from the building type. */
  buildingHeight: number;
  context?: { kind: 'landscape' | 'cityscape'; scene: string };
  artStyle?: string;
  artVariant?: string;
  /**
   * One entry per input mask (same order), or auto regions when there are no masks. `plane`: the
   * region's plane (geometry/plane.ts, from the photo's lines or a model's passes); without one the
   * material is mapped in screen space as before.
   */
  /** `roof`: a wall-surface material on a roof region, mapped on the roof's plane. */
  regions: Array<{ recipe?: MaterialRecipe; surface: 'wall' | 'floor' | 'backdrop'; roof?: boolean; scene?: string; plane?: RegionPlane | null }>;
  autoWalls?: MaterialRecipe;
  autoFloors?: MaterialRecipe;
  /** The view's depth and normal passes (issue 31): exact region planes, light from the normals, haze by depth. */
  passes?: PassValues;
  /** What the picture shows (exterior when not given): an interior has no sky of its own to replace. */
  renderType?: RenderType;
}

export type Progress = (percent: number) => void;

/**
 * One render. `notes`, when given, receives what the render changed, in words (notes.ts).
 */
export function renderImage(input: Rgb, masks: Plane[], p: RenderParams, progress: Progress, notes: string[] = []): Rgb {
  const seed = mixSeed(p.seed, p.variation, 'render');
  const rng = mulberry32(seed);
  const creativity = clampNum(p.creativity, 2, 4, 3);
  const expressivity = clampNum(p.expressivity, 1, 6, 2);
  const resemblance = clampNum(p.resemblance, 1, 10, 3);
  // Creativity: how strongly the look is applied and how far variations wander.
  const g = 0.6 + (creativity - 2) * 0.2;
  const wander = 0.5 + (creativity - 2) * 0.35;
  // Expressivity: texture and local contrast.
  const texture = 0.75 + (expressivity - 1) * 0.1;
  // Resemblance: how much of the input survives each change.
  const materialOpacity = 1 - (resemblance - 1) * 0.04;
  const skyOpacity = 1 - (resemblance - 1) * 0.05;
  const keepInput = (resemblance - 1) * 0.02;
  const detail = 0.12 + resemblance * 0.03;
  // What this variation varies (variation.ts): time of day, sun side, sky, exposure, material tone.
  const choice = variationChoice(p.variation, { lighting: p.lighting, weather: p.weather }, wander);
  let toned = false;

  const img = cloneRgb(input);
  const needsMaterials = p.regions.some((r) => r.recipe) || (p.regions.length === 0 && (p.autoWalls || p.autoFloors));
  const lum0 = needsMaterials ? luminance(input) : null;
  progress(8);
  const a = analyse(input, { interior: p.renderType === 'interior' });
  const view = p.passes ? viewPassesAt(p.passes, input.w, input.h) : null;
  progress(22);

  // Materials, into the regions before any grading (so light and weather apply to them), each
  // on its plane: from a model's passes when given, else from the photo's lines.
  const fromPasses = view && lum0 ? passPlanes(view, p.regions.map((r, i) => (r.recipe && r.surface !== 'backdrop' ? masks[i] : undefined)), p.buildingHeight) : [];
  const planes = lum0
    ? estimateRegionPlanes(input, p.regions.map((r, i) => ({ mask: masks[i], surface: r.surface, roof: r.roof, wanted: !!r.recipe, plane: r.plane !== undefined ? r.plane : (fromPasses[i] ?? undefined) })), p.buildingHeight)
    : [];
  const exact = fromPasses.filter((q) => q).length;
  if (exact) notes.push(`Geometry: ${exact} region${exact > 1 ? 's' : ''} mapped on ${exact > 1 ? 'their planes' : 'its plane'} from the model's depth and normals`);
  let mi = 0;
  for (const r of p.regions) {
    const plane = planes[mi];
    const mask = masks[mi++];
    if (!mask || !r.recipe || r.surface === 'backdrop' || !lum0) continue;
    const paint = paintableMask(mask, lum0, a, { img: input, surface: r.surface });
    const res = compositeOnFaces(img, lum0, paint.mask, r.recipe, {
      surface: r.surface,
      seed: mixSeed(seed, mi, 'material'),
      opacity: materialOpacity,
      texture,
      detail,
      horizonY: a.sky.horizonY,
      realHeight: p.buildingHeight,
      plane,
      tone: choice.tone,
    });
    if (res.painted) {
      notes.push(materialNote(r.recipe, `Region ${mi}`, res) + keptOutNote(paint.objectsKeptOut));
      toned = true;
    }
  }
  if (p.regions.length === 0 && lum0) {
    const common = { opacity: materialOpacity, texture, detail, horizonY: a.sky.horizonY, realHeight: p.buildingHeight, tone: choice.tone };
    if (p.autoWalls && a.facade) {
      const paint = paintableMask(a.facade, lum0, a, { img: input, surface: 'wall' });
      const res = compositeMaterial(img, lum0, paint.mask, p.autoWalls, { ...common, surface: 'wall', seed: mixSeed(seed, 'walls') });
      if (res.painted) notes.push(materialNote(p.autoWalls, 'the walls', res) + keptOutNote(paint.objectsKeptOut));
      toned ||= res.painted;
    }
    if (p.autoFloors && a.hasGround) {
      const paint = paintableMask(a.ground, lum0, a, { img: input, surface: 'floor' });
      const res = compositeMaterial(img, lum0, paint.mask, p.autoFloors, { ...common, surface: 'floor', seed: mixSeed(seed, 'floors') });
      if (res.painted) notes.push(materialNote(p.autoFloors, 'the ground', res) + keptOutNote(paint.objectsKeptOut));
      toned ||= res.painted;
    }
  }
  if (toned && (Math.abs(choice.tone.k - 1) > 0.005 || Math.abs(choice.tone.warm) > 0.05)) {
    const pct = Math.round((choice.tone.k - 1) * 100);
    notes.push(`Material tone: ${pct === 0 ? 'same brightness' : `${Math.abs(pct)} % ${pct > 0 ? 'lighter' : 'darker'}`}, ${choice.tone.warm > 0 ? 'warmer' : 'cooler'}`);
  }
  progress(40);

  if (p.mode === 'art') {
    notes.push(`Drawn as ${(p.artStyle ?? 'illustration').replace(/_/g, ' ')}: colours and lines of the photo, no new content`);
    const out = renderArt(img, p.artStyle ?? 'illustration', {
      variant: p.artVariant ?? '',
      seed,
      detail: (resemblance - 1) / 9,
      strength: (expressivity - 1) / 5,
      sky: a.sky.coverage > 0 ? a.sky.mask : undefined,
    });
    progress(90);
    return out;
  }

  // The look: lighting x weather x style, scaled by creativity, nudged per variation.
  const lighting = p.lighting ?? choice.lighting;
  const weather = p.weather ?? choice.weather;
  let look: Look = scaleLook(buildLook({ lighting, weather, style: p.style }), g);
  const presetSide = look.sky.sunX < 0.5 ? -1 : 1;
  const side = choice.sunSide;
  look = {
    ...look,
    kelvin: look.kelvin + (rng() - 0.5) * 300 * wander,
    exposure: look.exposure * Math.pow(2, choice.ev),
    contrast: look.contrast + (rng() - 0.5) * 0.06 * wander,
    clarity: look.clarity + (expressivity - 2) * 0.04,
    sky: { ...look.sky, sunX: side === presetSide ? look.sky.sunX : 1 - look.sky.sunX },
  };
  const clouds = Math.max(0, Math.min(1, look.sky.clouds + choice.cloudShift));
  const skyWords = `${look.sky.stars > 0.5 ? 'night sky' : clouds < 0.1 ? 'clear' : clouds < 0.45 ? 'partly cloudy' : clouds < 0.85 ? 'cloudy' : 'overcast'}`;
  const lightWords = `${TIME_NAMES[lighting ?? 'natural-daylight'] ?? lighting}${look.sky.sun > 0.15 && look.sky.sunElevation > 0 && !look.sky.moon ? ` sun from the ${side < 0 ? 'left' : 'right'}` : ', no direct sun'}`;
  decontaminateEdges(img, a.sky, input);
  // The ungraded albedo, for the light sources (windows, street lamps) only.
  const original = look.windowGlow > 0.01 || look.streetLights > 0.01 ? cloneRgb(img) : img;

  grade(img, look, { sunSide: side });
  if (view && lightFromNormals(img, view, viewUp(view), look, side, a.sky.mask)) notes.push("Light: the sun on the model's surfaces by their normals");
  progress(55);

  // Sky replacement (with the context backdrop at the horizon).
  const hasSky = a.sky.coverage > 0.02;
  if (hasSky || p.context) {
    const sky = renderSky(img.w, img.h, look.sky, {
      seed: mixSeed(seed, 'sky'),
      need: p.context ? undefined : a.sky.mask,
      horizonY: a.sky.horizonY,
      offsetX: rng() * 40,
      offsetY: rng() * 40,
      coverageShift: choice.cloudShift,
    });
    notes.push(hasSky ? `Sky: replaced (${describePhotoSky(input, a.sky)} → ${skyWords}, ${lightWords})` : `Light: ${lightWords}`);
    if (p.context) {
      const daylight = Math.min(1, look.exposure * 1.1);
      drawBackdrop(sky, null, a.sky.horizonY, p.context.scene, mixSeed(seed, 'context'), {
        horizon: look.sky.horizon,
        daylight,
        sunSide: side,
      });
    }
    const m = a.sky.mask.d;
    const d = img.d;
    for (let i = 0; i < m.length; i++) {
      const k = m[i] * skyOpacity;
      if (k <= 0) continue;
      const j = i * 3;
      d[j] += (sky.d[j] - d[j]) * k;
      d[j + 1] += (sky.d[j + 1] - d[j + 1]) * k;
      d[j + 2] += (sky.d[j + 2] - d[j + 2]) * k;
    }
  }
  // Context mapped onto a drawn mask.
  mi = 0;
  for (const r of p.regions) {
    const mask = masks[mi++];
    if (!mask || r.surface !== 'backdrop' || !r.scene) continue;
    drawBackdrop(img, mask, a.sky.horizonY, r.scene, mixSeed(seed, mi, 'backdrop'), { horizon: look.sky.horizon, daylight: Math.min(1, look.exposure), sunSide: side });
  }
  if (!hasSky && !p.context) notes.push(p.renderType === 'interior' ? `Sky: not replaced in an interior (the view through the windows stays as it is); light: ${lightWords}` : `Light: ${lightWords}`);
  if (p.context) notes.push(`Context: a ${p.context.scene.replace(/-/g, ' ')} ${p.context.kind} drawn at the horizon`);
  if (Math.abs(choice.ev) > 0.01) notes.push(`Exposure ${signedEv(choice.ev)}`);
  if (look.rain > 0.05) notes.push('Rain drawn over the picture');
  if (look.snow > 0.05 || look.snowCover > 0.05) notes.push('Snow drawn over the picture');
  if (look.fog > 0.05) notes.push('Fog added');
  if (look.windowGlow > 0.05) notes.push('Windows lit from inside');
  progress(68);

  windowGlow(img, original, look, a, mixSeed(seed, 'windows'));
  streetLights(img, original, look, a, mixSeed(seed, 'lamps'));
  wetGround(img, look, a, mixSeed(seed, 'wet'));
  snowCover(img, look, a, mixSeed(seed, 'snowcover'));
  atmosphere(img, look, a, mixSeed(seed, 'fog'), view?.depth ?? null);
  lightning(img, look, a, mixSeed(seed, 'bolt'));
  rainfall(img, look, mixSeed(seed, 'rain'));
  snowfall(img, look, mixSeed(seed, 'snow'));
  progress(85);

  grain(img, 0.012, mixSeed(seed, 'grain'));
  if (keepInput > 0) {
    const d = img.d;
    const s = input.d;
    for (let i = 0; i < d.length; i++) d[i] += (s[i] - d[i]) * keepInput;
  }
  progress(92);
  return img;
}

function clampNum(v: number, lo: number, hi: number, dflt: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return dflt;
  return Math.max(lo, Math.min(hi, v));
}
