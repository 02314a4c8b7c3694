import { fitSize, newPlane, resizePlane, type Plane } from '../../src/engines/local/pixels/image.js';
import type { EvalImage } from './segmentation-eval.js';

/**
 * Skyline figures of a sky matte on a labelled image (class 0 = sky), shared by the sky-matte test
 * and bench/sky-matte.bench.ts.
 */

/**
 * Share of non-sky pixels (outside 2 px of true sky) with alpha > 0.5, and share of true sky with
 * alpha > 0.5. A coarse "building" label is non-sky (the loader leaves it out of the fine classes).
 */
export function skyline(img: EvalImage, alpha: Plane): { turned: number; kept: number } {
  const { width: w, height: h } = img;
  const truth = labelledScene(img);
  const nearSky = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (truth[y * w + x] !== 0) continue;
      for (let yy = Math.max(0, y - 2); yy <= Math.min(h - 1, y + 2); yy++) for (let xx = Math.max(0, x - 2); xx <= Math.min(w - 1, x + 2); xx++) nearSky[yy * w + xx] = 1;
    }
  let non = 0;
  let turned = 0;
  let sky = 0;
  let kept = 0;
  for (let i = 0; i < w * h; i++) {
    if (truth[i] === 255) continue;
    if (truth[i] === 0) {
      sky++;
      if (alpha.d[i] > 0.5) kept++;
    } else if (!nearSky[i]) {
      non++;
      if (alpha.d[i] > 0.5) turned++;
    }
  }
  return { turned: turned / Math.max(1, non), kept: kept / Math.max(1, sky) };
}

/** Share of the pixels of a drawn scene that `where` picks whose sky alpha is over 0.5. */
export function skyShareWhere(alpha: Plane, where: (x: number, y: number) => boolean): number {
  let n = 0;
  let sky = 0;
  for (let y = 0; y < alpha.h; y++)
    for (let x = 0; x < alpha.w; x++)
      if (where(x, y)) {
        n++;
        if (alpha.d[y * alpha.w + x] > 0.5) sky++;
      }
  return sky / Math.max(1, n);
}

/** The true sky as the coarse 0/1 region the engine's detector hands to the matte. */
export function truthRegion(img: EvalImage): Plane {
  const full = newPlane(img.width, img.height);
  for (let i = 0; i < full.d.length; i++) full.d[i] = img.truth[i] === 0 ? 1 : 0;
  const ws = fitSize(img.width, img.height, 256);
  const low = resizePlane(full, ws.w, ws.h);
  for (let i = 0; i < low.d.length; i++) low.d[i] = low.d[i] > 0.5 ? 1 : 0;
  return low;
}

/**
 * A light fringe after sky replacement, on a labelled photo: `out` is the photo with its sky
 * replaced by `newSky` through `alpha`. Rim pixels are the scene side of the matte's edge (alpha
 * < 0.5 within 3 px of alpha ≥ 0.5, not labelled sky); each is compared with the solid scene near
 * it (the 90th percentile of the luminance of labelled scene pixels 6 px or more from the sky
 * within 8 px): `pale` is the share of rim pixels lighter than both that and the new sky by over
 * 0.1 (old sky left in them). `painted` is the share of labelled sky pixels the matte left (alpha
 * < 0.5) whose luminance changed by over 0.1 (sky painted over as scene).
 */
export function skylineFringe(img: EvalImage, photo: Float32Array, out: Float32Array, alpha: Plane, newSky: readonly number[]): { pale: number; painted: number } {
  const { width: w, height: h } = img;
  const truth = labelledScene(img);
  const m = alpha.d;
  const lum = (d: Float32Array, i: number) => 0.2126 * d[i * 3] + 0.7152 * d[i * 3 + 1] + 0.0722 * d[i * 3 + 2];
  const dist = new Uint8Array(w * h).fill(9);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (m[y * w + x] < 0.5) continue;
      for (let yy = Math.max(0, y - 8); yy <= Math.min(h - 1, y + 8); yy++)
        for (let xx = Math.max(0, x - 8); xx <= Math.min(w - 1, x + 8); xx++) {
          const j = yy * w + xx;
          dist[j] = Math.min(dist[j], Math.max(Math.abs(xx - x), Math.abs(yy - y)));
        }
    }
  const newL = 0.2126 * newSky[0] + 0.7152 * newSky[1] + 0.0722 * newSky[2];
  let rim = 0;
  let pale = 0;
  for (let y = 8; y < h - 8; y++)
    for (let x = 8; x < w - 8; x++) {
      const i = y * w + x;
      if (truth[i] === 0 || dist[i] > 3 || dist[i] === 0) continue;
      const scene: number[] = [];
      for (let yy = y - 8; yy <= y + 8; yy++)
        for (let xx = x - 8; xx <= x + 8; xx++) {
          const j = yy * w + xx;
          if (truth[j] !== 0 && truth[j] !== 255 && dist[j] >= 6) scene.push(lum(photo, j));
        }
      if (scene.length < 5) continue;
      scene.sort((a, b) => a - b);
      rim++;
      if (lum(out, i) - Math.max(scene[Math.floor(scene.length * 0.9)], newL) > 0.1) pale++;
    }
  let sky = 0;
  let painted = 0;
  for (let i = 0; i < w * h; i++) {
    if (truth[i] !== 0) continue;
    sky++;
    if (m[i] < 0.5 && Math.abs(lum(out, i) - lum(photo, i)) > 0.1) painted++;
  }
  return { pale: pale / Math.max(1, rim), painted: painted / Math.max(1, sky) };
}

/** The image's labels with its coarse "building" pixels (255 in `truth`, flagged in `coarseBuilding`) as a scene class (1). */
function labelledScene(img: EvalImage): Uint8Array {
  const out = img.truth.slice();
  for (let i = 0; i < out.length; i++) if (img.coarseBuilding[i]) out[i] = 1;
  return out;
}
