import { rgbToLab } from '../pixels/color.js';
import { blurPlane } from '../pixels/filters.js';
import { luminance, newPlane, resizePlane, resizeRgb, type Plane, type Rgb } from '../pixels/image.js';
import { segmentImage, type Segmentation } from '../segment.js';
import { detectSky, noSky, type SkyDetection } from './sky.js';

/**
 * What the render passes need to know about the input: where the sky is, the ground, the
 * main façade, and the openings (windows) that light up at night.
 */
export interface SceneAnalysis {
  sky: SkyDetection;
  /** Region labels at the analysis resolution (long side <= 512), not the image's. */
  seg: Segmentation;
  ground: Plane;
  /** First ground row per column (h when there is none). */
  groundTop: Int32Array;
  facade: Plane | null;
  /** Region indexes that look like windows/openings. */
  openings: number[];
  /** Window/opening pixels at the analysis resolution (seg.w x seg.h), 1 = opening. */
  openingMask: Uint8Array;
  hasGround: boolean;
}

/**
 * `interior`: the picture is a room. Its ceiling and walls meet the top edge as a sky does (pale,
 * smooth, joined to the top), so no sky is looked for: replaced, they became sky (a render of a
 * gallery: 69 % of its walls and ceiling).
 */
export function analyse(img: Rgb, opts: { interior?: boolean } = {}): SceneAnalysis {
  const sky = opts.interior ? noSky(img) : detectSky(img);
  const seg = segmentImage(img, { maxRegions: 14, workSide: 200, superpixels: 180, threshold: 10, outputSide: 512 });
  const { w, h } = img;
  const sw = seg.w;
  const sh = seg.h;
  const groundIdx = seg.regions.findIndex((r) => r.label === 'ground');
  const planeOf = (idx: number) => {
    const p = newPlane(sw, sh);
    for (let i = 0; i < sw * sh; i++) if (seg.labels[i] === idx) p.d[i] = 1;
    return sw === w && sh === h ? p : resizePlane(p, w, h);
  };
  const groundTop = new Int32Array(w).fill(h);
  let ground = newPlane(w, h);
  if (groundIdx >= 0) {
    ground = planeOf(groundIdx);
    for (let x = 0; x < w; x++) {
      // The ground's top in this column: the highest row of its lowest contiguous run.
      let y = h - 1;
      while (y >= 0 && ground.d[y * w + x] < 0.5) y--;
      while (y > 0 && ground.d[(y - 1) * w + x] >= 0.5) y--;
      groundTop[x] = y < 0 ? h : y;
    }
  }
  // The façade: the largest built region plus every other built region of a like colour.
  const built = seg.regions.map((r, i) => ({ r, i })).filter(({ r }) => r.label === 'facade' || r.label === 'region');
  const lab = (c: [number, number, number]) => {
    const o = [0, 0, 0];
    rgbToLab(c[0] / 255, c[1] / 255, c[2] / 255, o);
    return o;
  };
  const main = built.length ? built.reduce((a, b) => (b.r.area > a.r.area ? b : a)) : null;
  const mainLab = main ? lab(main.r.color) : [0, 0, 0];
  const dE = (c: [number, number, number]) => {
    const l = lab(c);
    return Math.hypot(l[0] - mainLab[0], l[1] - mainLab[1], l[2] - mainLab[2]);
  };
  const facadeIdx = new Set(built.filter(({ r }) => main && dE(r.color) < 12).map(({ i }) => i));
  let facade: Plane | null = null;
  if (main && built.filter(({ i }) => facadeIdx.has(i)).reduce((s, { r }) => s + r.area, 0) > 0.04) {
    const p = newPlane(sw, sh);
    for (let i = 0; i < sw * sh; i++) if (facadeIdx.has(seg.labels[i])) p.d[i] = 1;
    facade = sw === w && sh === h ? p : resizePlane(p, w, h);
    for (let i = 0; i < w * h; i++) if (sky.mask.d[i] > 0.5) facade.d[i] = 0;
  }
  // Openings: modest built regions, not part of the façade, darker than it or bluish.
  const openings: number[] = [];
  for (const { r, i } of built) {
    if (facadeIdx.has(i) || r.area > 0.15 || r.area < 0.0005) continue;
    const l = lab(r.color);
    const glassy = l[2] < -2 || l[0] < mainLab[0] - 12;
    if (glassy && r.bbox[3] < sh * 0.97) openings.push(i);
  }
  const openingMask = findOpenings(img, seg, sky.mask, ground, openings);
  return { sky, seg, ground, groundTop, facade, openings, openingMask, hasGround: groundIdx >= 0 };
}

/**
 * Windows: compact blobs inside the built area that differ from the wall around them
 * (darker glass on a light wall, or brighter glass on a dark one), plus whole regions the
 * segmentation already found glass-like. Small windows of a dense façade are far below the
 * segmentation's scale, hence this local-contrast detector.
 */
function findOpenings(img: Rgb, seg: Segmentation, skyFull: Plane, groundFull: Plane, openingRegions: number[]): Uint8Array {
  const sw = seg.w;
  const sh = seg.h;
  const n = sw * sh;
  const small = sw === img.w && sh === img.h ? img : resizeRgb(img, sw, sh);
  const sky = sw === img.w && sh === img.h ? skyFull : resizePlane(skyFull, sw, sh);
  const ground = sw === img.w && sh === img.h ? groundFull : resizePlane(groundFull, sw, sh);
  const L = luminance(small);
  const local = blurPlane(L, Math.max(sw, sh) / 45);
  const cand = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (sky.d[i] > 0.3 || ground.d[i] > 0.5) continue;
    const d = L.d[i] - local.d[i];
    const j = i * 3;
    const bluish = small.d[j + 2] > small.d[j] + 0.02;
    if (d < -0.07 || (d > 0.1 && bluish)) cand[i] = 1;
  }
  const out = new Uint8Array(n);
  const isRegion = new Uint8Array(256);
  for (const r of openingRegions) isRegion[r] = 1;
  for (let i = 0; i < n; i++) if (isRegion[seg.labels[i]] && sky.d[i] <= 0.3 && ground.d[i] <= 0.5) out[i] = 1;
  // Connected components of the candidates; keep the window-shaped ones.
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const members: number[] = [];
  const maxArea = n * 0.03;
  for (let s0 = 0; s0 < n; s0++) {
    if (!cand[s0] || seen[s0]) continue;
    members.length = 0;
    let sp = 0;
    stack[sp++] = s0;
    seen[s0] = 1;
    let x0 = sw;
    let y0 = sh;
    let x1 = -1;
    let y1 = -1;
    while (sp > 0) {
      const i = stack[--sp];
      members.push(i);
      const x = i % sw;
      const y = (i - x) / sw;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < sw - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - sw : -1) : y < sh - 1 ? i + sw : -1;
        if (j < 0 || seen[j] || !cand[j]) continue;
        seen[j] = 1;
        stack[sp++] = j;
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const area = members.length;
    if (area < 4 || area > maxArea) continue;
    if (area / (bw * bh) < 0.45) continue;
    if (bw / bh > 7 || bh / bw > 7) continue;
    if (x0 === 0 || y0 === 0 || x1 === sw - 1 || y1 === sh - 1) continue;
    for (const i of members) out[i] = 1;
  }
  return out;
}
