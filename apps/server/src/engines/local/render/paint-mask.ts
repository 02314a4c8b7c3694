import { dilatePlane, erodePlane, guidedFilter } from '../pixels/filters.js';
import { cropPlane, newPlane, pixelBox, resizePlane, windowAround, type Plane, type Rgb } from '../pixels/image.js';
import type { SceneAnalysis } from './analysis.js';
import { foliageInFront } from './foliage.js';
import { skyColouredPixels } from './sky-coloured.js';
import { standingObjects, type SurfaceKind } from './standing-objects.js';

/** Pieces of a region smaller than this share of the image are not painted (stray specks). */
const MIN_FRAGMENT = 0.002;

export interface PaintMask {
  mask: Plane;
  /** People, vehicles and other upright objects kept out of the material. */
  objectsKeptOut: number;
}

/**
 * Where a material may go inside a region: the region's mask minus the sky, the vegetation and,
 * given the photo, the foliage of a tree in front that the region took in (foliage.ts), the sky
 * seen through a tree in front (sky-coloured.ts) with the twigs between,
 * and the people, vehicles and posts standing in front of the surface
 * (standing-objects.ts) — each unless most of the region is that, i.e. the user put the material
 * there on purpose — without its small fragments, then snapped to the photo's edges by a guided
 * filter on the luminance, so the material stops at the building's edge instead of bleeding past
 * it. Never reaches more than one pixel outside what is left of the region.
 */
export function paintableMask(mask: Plane, guide: Plane, a: SceneAnalysis, photo?: { img: Rgb; surface: SurfaceKind }): PaintMask {
  const { w, h } = mask;
  const n = w * h;
  const sky = a.sky.mask.d;
  const veg = vegetation(a, w, h);
  let area = 0;
  let skyIn = 0;
  let vegIn = 0;
  for (let i = 0; i < n; i++) {
    if (mask.d[i] <= 0.5) continue;
    area++;
    if (sky[i] > 0.5) skyIn++;
    if (veg && veg.d[i] > 0.5) vegIn++;
  }
  const keepSky = skyIn > area * 0.5;
  const keepVeg = vegIn > area * 0.5;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (mask.d[i] <= 0.5) continue;
    if (!keepSky && sky[i] > 0.5) continue;
    if (!keepVeg && veg && veg.d[i] > 0.5) continue;
    bin[i] = 1;
  }
  if (photo && photo.img.w === w && photo.img.h === h) keepOutFoliage(bin, foliageInFront(photo.img, bin));
  let objectsKeptOut = 0;
  if (photo) {
    const objects = standingObjects(photo.img, bin, a.sky.horizonY, photo.surface);
    let left = 0;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      left += bin[i];
      kept += objects.mask[i];
    }
    if (kept > 0 && !objectsOnPurpose(objects.mask, bin, w, h, kept, left)) {
      for (let i = 0; i < n; i++) if (objects.mask[i]) bin[i] = 0;
      objectsKeptOut = objects.count;
    }
  }
  // After the objects: a navy coat is as blue as a sky and would leave only its rim as an object.
  if (photo?.surface === 'wall' && !keepSky && photo.img.w === w && photo.img.h === h) keepOutSkyGaps(bin, skyColouredPixels(photo.img, a.sky.mask, bin), w, h);
  dropFragments(bin, w, h, Math.max(16, n * MIN_FRAGMENT));
  const hard = newPlane(w, h);
  for (let i = 0; i < n; i++) hard.d[i] = bin[i];
  const reach = dilatePlane(hard, 1);
  const soft = guidedFilter(hard, guide, Math.max(2, Math.round(Math.max(w, h) / 400)), 1e-3);
  const out = newPlane(w, h);
  for (let i = 0; i < n; i++) {
    let v = Math.max(0, Math.min(1, soft.d[i])) * reach.d[i];
    if (!keepSky) v *= 1 - sky[i];
    out.d[i] = v;
  }
  return { mask: out, objectsKeptOut };
}

/** Takes the foliage in front of the surface out of `bin` — unless it is most of the region (a hedge the user brushed on purpose). */
function keepOutFoliage(bin: Uint8Array, foliage: Uint8Array): void {
  let left = 0;
  let leaves = 0;
  for (let i = 0; i < bin.length; i++) {
    left += bin[i];
    leaves += foliage[i];
  }
  if (leaves === 0 || leaves > left * 0.5) return;
  for (let i = 0; i < bin.length; i++) if (foliage[i]) bin[i] = 0;
}

/**
 * Objects that are most of the region were brushed on purpose — unless the rest of the region
 * still spreads well away from them (a strip of road beside a car that fills most of the brush):
 * a brush's slop around the objects stays within a rim of them.
 */
function objectsOnPurpose(objects: Uint8Array, bin: Uint8Array, w: number, h: number, kept: number, left: number): boolean {
  if (kept <= left * 0.5) return false;
  const near = dilatePlane({ w, h, d: Float32Array.from(objects) }, Math.max(4, Math.round(Math.max(w, h) * 0.02)));
  let away = 0;
  for (let i = 0; i < w * h; i++) if (bin[i] && near.d[i] <= 0.5) away++;
  return away < kept * 0.25;
}

/**
 * Takes the sky seen through a tree in front of the surface out of `bin`, and then the twigs
 * between those gaps: near them, what an opening of the mask removes (thinner than a few pixels)
 * is a branch, not the wall. A wall's own thin parts elsewhere stay. The opening runs on the box
 * around the gaps only (with margin enough that it reads the same pixels as on the whole image).
 */
function keepOutSkyGaps(bin: Uint8Array, gaps: Uint8Array, w: number, h: number): void {
  const gapPixels: number[] = [];
  for (let i = 0; i < w * h; i++)
    if (gaps[i]) {
      bin[i] = 0;
      gapPixels.push(i);
    }
  if (gapPixels.length === 0) return;
  const r = Math.max(1, Math.round(Math.max(w, h) / 200));
  const win = windowAround(pixelBox(gapPixels, w), 5 * r + 1, w, h);
  const kept = dilatePlane(erodePlane(cropPlane({ d: bin, w }, win), r), r);
  const near = dilatePlane(cropPlane({ d: gaps, w }, win), 3 * r);
  for (let y = 0; y < win.h; y++)
    for (let x = 0; x < win.w; x++) {
      const c = y * win.w + x;
      const i = (y + win.y) * w + x + win.x;
      if (bin[i] && near.d[c] > 0.5 && kept.d[c] <= 0.5) bin[i] = 0;
    }
}

/** The analysis' vegetation regions at w×h, or null when there are none. */
function vegetation(a: SceneAnalysis, w: number, h: number): Plane | null {
  const { seg } = a;
  const isVeg = seg.regions.map((r) => r.label === 'vegetation');
  if (!isVeg.some(Boolean)) return null;
  const p = newPlane(seg.w, seg.h);
  for (let i = 0; i < seg.labels.length; i++) if (isVeg[seg.labels[i]]) p.d[i] = 1;
  return seg.w === w && seg.h === h ? p : resizePlane(p, w, h);
}

/** Clears the 4-connected pieces of `bin` smaller than `minArea` pixels. */
function dropFragments(bin: Uint8Array, w: number, h: number, minArea: number): void {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const members: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!bin[s] || seen[s]) continue;
    members.length = 0;
    let sp = 0;
    stack[sp++] = s;
    seen[s] = 1;
    while (sp > 0) {
      const i = stack[--sp];
      members.push(i);
      const x = i % w;
      // Neighbours pushed inline: a closure made per pixel cost more than the fill itself.
      if (x > 0 && bin[i - 1] && !seen[i - 1]) {
        seen[i - 1] = 1;
        stack[sp++] = i - 1;
      }
      if (x < w - 1 && bin[i + 1] && !seen[i + 1]) {
        seen[i + 1] = 1;
        stack[sp++] = i + 1;
      }
      if (i >= w && bin[i - w] && !seen[i - w]) {
        seen[i - w] = 1;
        stack[sp++] = i - w;
      }
      if (i + w < w * h && bin[i + w] && !seen[i + w]) {
        seen[i + w] = 1;
        stack[sp++] = i + w;
      }
    }
    if (members.length < minArea) for (const i of members) bin[i] = 0;
  }
}
