import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import type { MaterialRecipe } from '../materials/recipes.js';
import { dilatePlane } from '../pixels/filters.js';
import { newPlane, rgbFromBytes, type Plane, type Rgb } from '../pixels/image.js';
import { renderImage, type RenderParams } from './pipeline.js';

/**
 * Issue 30 part 3: a material is never painted over the people and vehicles standing in front of
 * its region. Blender renders of the evaluation set (training third, exact class masks): the
 * user's region is the labelled surface together with the objects in front of it, as a brush or
 * Generate Regions would give it; the objects keep the photo's pixels, the surface keeps its
 * material.
 */
const COBBLE: MaterialRecipe = { kind: 'stone', layout: 'cobble', colors: ['#6d6a66', '#8a857c'], mortar: '#4a4742' };
const BRICK: MaterialRecipe = { kind: 'brick', bond: 'running', color: '#9a4a32', mortar: '#d8d0c0' };
const BASE: RenderParams = { mode: 'photorealistic', seed: 5, variation: 0, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 1500, regions: [], weather: 'clear' };
const PEOPLE_VEHICLES = 8;
const GROUND = 6;
const FACADE = new Set([1, 2, 3]);
let set: EvalImage[];

beforeAll(async () => {
  set = await loadEvalSet();
}, 60_000);

/** The labelled surface plus the people/vehicles in front of it (and the unlabelled band between). */
function regionWithObjects(e: EvalImage, surface: (t: number) => boolean): Plane {
  const core = newPlane(e.width, e.height);
  for (let i = 0; i < core.d.length; i++) core.d[i] = surface(e.truth[i]) || e.truth[i] === PEOPLE_VEHICLES ? 1 : 0;
  const near = dilatePlane(core, 2);
  const region = newPlane(e.width, e.height);
  for (let i = 0; i < core.d.length; i++) region.d[i] = core.d[i] || (e.truth[i] === 255 && near.d[i] > 0.5) ? 1 : 0;
  return region;
}

function changed(a: Rgb, b: Rgb, i: number): boolean {
  const j = i * 3;
  return Math.max(Math.abs(a.d[j] - b.d[j]), Math.abs(a.d[j + 1] - b.d[j + 1]), Math.abs(a.d[j + 2] - b.d[j + 2])) > 2 / 255;
}

/** Shares of the objects' and of the surface's pixels inside the region that the material changed. */
function paintedShares(name: string, surface: (t: number) => boolean, recipe: MaterialRecipe, kind: 'wall' | 'floor', objectsIn = (_x: number): boolean => true) {
  const e = set.find((s) => s.name === name)!;
  const img = rgbFromBytes(e.rgb, e.width, e.height);
  const region = regionWithObjects(e, surface);
  const notes: string[] = [];
  const painted = renderImage(img, [region], { ...BASE, regions: [{ recipe, surface: kind }] }, () => {}, notes);
  const plain = renderImage(img, [region], { ...BASE, regions: [{ surface: kind }] }, () => {});
  let objects = 0;
  let objectsPainted = 0;
  let surfacePixels = 0;
  let surfacePainted = 0;
  for (let i = 0; i < region.d.length; i++) {
    if (region.d[i] <= 0.5) continue;
    if (e.truth[i] === PEOPLE_VEHICLES) {
      if (!objectsIn(i % e.width)) continue;
      objects++;
      if (changed(painted, plain, i)) objectsPainted++;
    } else if (surface(e.truth[i])) {
      surfacePixels++;
      if (changed(painted, plain, i)) surfacePainted++;
    }
  }
  return { objects, objectsPainted: objectsPainted / objects, surface: surfacePainted / surfacePixels, notes };
}

describe('people and vehicles stay out of the material', () => {
  // Before: the material changed 100 % of the parked vehicle and of the bollards on the façade,
  // 34 % of them on the ground (the rest were specks dropped); the surface keeps ≥ 97 % of the
  // share it had (façades 100 %, ground 99.7 %).
  it('leaves a vehicle parked in front of a façade with the photo’s pixels', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-street-timber-overcast', (t) => FACADE.has(t), BRICK, 'wall');
    expect(r.objects).toBeGreaterThan(15_000);
    expect(r.objectsPainted).toBeLessThanOrEqual(0.05);
    expect(r.surface).toBeGreaterThanOrEqual(0.97 * 1.0);
    expect(r.notes.join(' ')).toMatch(/in front kept out/);
  });

  it('leaves the bollards in front of a façade with the photo’s pixels, and its doors and the tree’s shadow with the material', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-stone-sunset', (t) => FACADE.has(t), BRICK, 'wall');
    expect(r.objects).toBeGreaterThan(400);
    // Before: 100 %; now the soft edge of the mask still tints the rims of the thin bollards (8 %).
    expect(r.objectsPainted).toBeLessThanOrEqual(0.1);
    expect(r.surface).toBeGreaterThanOrEqual(0.97);
  });

  it('leaves the bollards on a paved ground with the photo’s pixels and paves the ground', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-stone-sunset', (t) => t === GROUND, COBBLE, 'floor');
    expect(r.objects).toBeGreaterThan(400);
    expect(r.objectsPainted).toBeLessThanOrEqual(0.05);
    expect(r.surface).toBeGreaterThanOrEqual(0.97 * 0.997);
  });

  // A white car as pale as the paving (Lab L 46-60 against 48-52): no colour outlier; it fills
  // most of the region and juts out of the road's band above and below. Before: 100 % changed.
  it('leaves a pale car that fills most of a road region with the photo’s pixels and paves the road', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-street-timber-overcast', (t) => t === GROUND, COBBLE, 'floor');
    expect(r.objects).toBeGreaterThan(15_000);
    expect(r.objectsPainted).toBeLessThanOrEqual(0.05);
    expect(r.surface).toBeGreaterThanOrEqual(0.97);
    expect(r.notes.join(' ')).toMatch(/in front kept out/);
  });

  // A paved square seen from above, behind a lawn: two cars jut into the lawn below the paving's
  // near edge, and the paving right of the building rises above its far edge. Those are not the
  // same columns, so the band between them is paving, not a car hiding it. Without the object
  // finder the material covers 93.6 % of the paving (and 97 % of the cars); before this, 72.1 %
  // (a full-height strip over the cars and the paving beside the building were kept out).
  it('keeps out the cars jutting into a lawn but paves the square behind them', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-stone-pitched-raised', (t) => t === GROUND, COBBLE, 'floor');
    expect(r.objects).toBeGreaterThan(2_000);
    expect(r.objectsPainted).toBeLessThanOrEqual(0.1);
    expect(r.surface).toBeGreaterThanOrEqual(0.95 * 0.936);
  });

  // A person in navy in front of a white shopfront wall, as dark and blue as its windows: the
  // colour of many blobs that do not stand, yet the feet reach 7 % of the height below the
  // wall's base, which no ground-floor door or window does. Before: all of the person painted.
  it('leaves a person the colour of the windows, standing well below the wall’s base, with the photo’s pixels', { timeout: 120_000 }, () => {
    const r = paintedShares('scene-shops-render-blue', (t) => FACADE.has(t), BRICK, 'wall', (x) => x >= 284 && x <= 306);
    expect(r.objects).toBeGreaterThan(600);
    expect(r.objectsPainted).toBeLessThanOrEqual(0.1);
    expect(r.surface).toBeGreaterThanOrEqual(0.97);
  });

  it('paints a car brushed on purpose (the car and a rim around it)', { timeout: 120_000 }, () => {
    const e = set.find((s) => s.name === 'scene-street-timber-overcast')!;
    const img = rgbFromBytes(e.rgb, e.width, e.height);
    const car = newPlane(e.width, e.height);
    for (let i = 0; i < car.d.length; i++) car.d[i] = e.truth[i] === PEOPLE_VEHICLES ? 1 : 0;
    const region = dilatePlane(car, 4);
    const painted = renderImage(img, [region], { ...BASE, regions: [{ recipe: COBBLE, surface: 'floor' }] }, () => {});
    const plain = renderImage(img, [region], { ...BASE, regions: [{ surface: 'floor' }] }, () => {});
    let carPixels = 0;
    let carChanged = 0;
    for (let i = 0; i < car.d.length; i++) {
      if (!car.d[i]) continue;
      carPixels++;
      if (changed(painted, plain, i)) carChanged++;
    }
    expect(carChanged / carPixels).toBeGreaterThanOrEqual(0.9);
  });
});
