import sharp from 'sharp';
import { estimateGeometry, planeKindOfLabel, type PlaneRegion, type RegionPlane } from '../../src/engines/local/geometry/index.js';
import type { VanishingPoint } from '../../src/engines/local/geometry/plane.js';
import { blurPlane, sobel } from '../../src/engines/local/pixels/filters.js';
import { luminance, newPlane, resizeRgb, rgbFromBytes, rgbToBytes, type Plane, type Rgb } from '../../src/engines/local/pixels/image.js';
import { segmentRegions } from '../../src/engines/local/segment.js';
import { isHeldOut } from './held-out.js';
import { loadEvalSet, type EvalImage } from './segmentation-eval.js';

/**
 * Real photographs of the evaluation set as the preview meets them (issue 30): the held-out
 * photos (never tuned on), each at the render's size, its regions from Generate Regions (the
 * engine's own segmentation and labels) and their planes from the engine's own estimate — and
 * the figure of the perspective goal: the angle between rendered courses and the direction to
 * the plane's vanishing point.
 */
export interface PhotoRegion {
  label: string;
  mask: Plane;
  area: number;
}

/** The held-out photographs of the evaluation set (renders and sketches left out). */
export async function heldOutPhotos(): Promise<EvalImage[]> {
  const set = await loadEvalSet();
  return set.filter((img) => isHeldOut(img.name) && img.kind === 'photo');
}

/** The photo with `longSide` pixels on its long side (the size the preview renders at; the set's photos are 512 px). */
export function photoRgb(e: EvalImage, longSide = 1024): Rgb {
  const rgb = rgbFromBytes(e.rgb, e.width, e.height);
  const k = longSide / Math.max(e.width, e.height);
  const w = Math.round(e.width * k);
  const h = Math.round(e.height * k);
  return w === e.width && h === e.height ? rgb : resizeRgb(rgb, w, h);
}

/** Generate Regions on the photo: one 0/1 mask per region with its label. */
export function engineRegions(rgb: Rgb, maxRegions = 8): PhotoRegion[] {
  const seg = segmentRegions(rgb, { maxRegions, renderType: 'exterior' });
  return seg.regions.map((r, k) => {
    const mask = newPlane(seg.w, seg.h);
    let area = 0;
    for (let i = 0; i < seg.labels.length; i++)
      if (seg.labels[i] === k) {
        mask.d[i] = 1;
        area++;
      }
    return { label: r.label, mask, area };
  });
}

/** The largest region whose label lies on a plane of `kind` (its mask and label), or null. */
export function largestOfKind(regions: PhotoRegion[], kind: 'wall' | 'floor'): PhotoRegion | null {
  const of = regions.filter((r) => planeKindOfLabel(r.label) === kind).sort((a, b) => b.area - a.area);
  return of[0] ?? null;
}

/** The engine's estimate for one region (the same call the render makes). */
export function estimatedPlane(rgb: Rgb, region: PlaneRegion, realHeightCm: number): RegionPlane | null {
  return estimateGeometry(rgb, [region], { realHeightCm }).planes[0];
}

/** `mask` shrunk by r pixels (a pixel stays when its whole (2r+1)² box is inside). */
export function erode(mask: Plane, r: number): Plane {
  const { w, h } = mask;
  const out = newPlane(w, h);
  // Box sums by an integral image.
  const I = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask.d[y * w + x] > 0.5 ? 1 : 0;
      I[(y + 1) * (w + 1) + x + 1] = I[y * (w + 1) + x + 1] + row;
    }
  }
  const full = (2 * r + 1) ** 2;
  for (let y = r; y < h - r; y++)
    for (let x = r; x < w - r; x++) {
      const s = I[(y + r + 1) * (w + 1) + x + r + 1] - I[(y - r) * (w + 1) + x + r + 1] - I[(y + r + 1) * (w + 1) + x - r] + I[(y - r) * (w + 1) + x - r];
      if (s === full) out.d[y * w + x] = 1;
    }
  return out;
}

/** Direction (radians) from (x, y) toward a homogeneous vanishing point (a direction when w = 0). */
function towards(vp: VanishingPoint, x: number, y: number): number {
  if (Math.abs(vp.w) < 1e-9 * Math.hypot(vp.x, vp.y)) return Math.atan2(vp.y, vp.x);
  return Math.atan2(vp.y / vp.w - y, vp.x / vp.w - x);
}

const lineGap = (a: number, b: number) => {
  let d = Math.abs(a - b) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return (d * 180) / Math.PI;
};

/**
 * The rendered lines of a plane's two families, each against the direction to its own vanishing
 * point: the dominant line direction of `img` at coherent pixels inside `mask` (structure tensor)
 * goes to the family whose vanishing direction it is nearer to, and the angle to that direction
 * is kept (pixels whose tensor is less coherent than `minCoherence` are left out). Medians in
 * degrees; n: pixels per family.
 */
export function lineAngles(img: Rgb, mask: Plane, vps: [VanishingPoint, VanishingPoint], minCoherence = 0.3): LineAngles {
  return angleMedians(img, mask, () => vps, minCoherence);
}

export interface LineAngles {
  u: { median: number; n: number };
  v: { median: number; n: number };
}

/**
 * lineAngles against a region's plane: a plane in faces (a corner) reads each face's pixels
 * against that face's own vanishing points; a pixel of no face is left out.
 */
export function planeLineAngles(img: Rgb, mask: Plane, plane: RegionPlane, minCoherence = 0.3): LineAngles {
  const faces = plane.faces;
  if (!faces || faces.length < 2) return lineAngles(img, mask, plane.vanishing, minCoherence);
  return angleMedians(img, mask, (i) => faces.find((f) => f.mask.d[i] > 0.5)?.plane.vanishing ?? null, minCoherence);
}

function angleMedians(img: Rgb, mask: Plane, vpsAt: (i: number) => [VanishingPoint, VanishingPoint] | null, minCoherence: number): LineAngles {
  const { w, h } = img;
  const g = sobel(luminance(img));
  const xx = newPlane(w, h);
  const xy = newPlane(w, h);
  const yy = newPlane(w, h);
  for (let i = 0; i < w * h; i++) {
    xx.d[i] = g.gx.d[i] * g.gx.d[i];
    xy.d[i] = g.gx.d[i] * g.gy.d[i];
    yy.d[i] = g.gy.d[i] * g.gy.d[i];
  }
  const [jxx, jxy, jyy] = [blurPlane(xx, 3), blurPlane(xy, 3), blurPlane(yy, 3)];
  const fam: [number[], number[]] = [[], []];
  for (let y = 2; y < h - 2; y += 2)
    for (let x = 2; x < w - 2; x += 2) {
      const i = y * w + x;
      if (mask.d[i] <= 0.5) continue;
      const a = jxx.d[i];
      const b = jxy.d[i];
      const c = jyy.d[i];
      if (Math.hypot(a - c, 2 * b) / Math.max(1e-9, a + c) < minCoherence) continue;
      const vps = vpsAt(i);
      if (!vps) continue;
      const line = 0.5 * Math.atan2(2 * b, a - c) + Math.PI / 2;
      const du = lineGap(line, towards(vps[0], x + 0.5, y + 0.5));
      const dv = lineGap(line, towards(vps[1], x + 0.5, y + 0.5));
      if (du <= dv) fam[0].push(du);
      else fam[1].push(dv);
    }
  const med = (xs: number[]) => {
    xs.sort((p, q) => p - q);
    return { median: xs.length ? xs[xs.length >> 1] : NaN, n: xs.length };
  };
  return { u: med(fam[0]), v: med(fam[1]) };
}

const png = (img: Rgb) => sharp(Buffer.from(rgbToBytes(img)), { raw: { width: img.w, height: img.h, channels: 3 } }).png().toBuffer();

/** `before` and `after` side by side (12 px of white between) in one PNG file. */
export async function sideBySidePng(before: Rgb, after: Rgb, file: string): Promise<void> {
  const gap = 12;
  const H = Math.max(before.h, after.h);
  await sharp({ create: { width: before.w + gap + after.w, height: H, channels: 3, background: '#ffffff' } })
    .composite([
      { input: await png(before), left: 0, top: Math.round((H - before.h) / 2) },
      { input: await png(after), left: before.w + gap, top: Math.round((H - after.h) / 2) },
    ])
    .png()
    .toFile(file);
}
