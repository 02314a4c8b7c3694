import { fitSize, newPlane, resizePlane, type Plane } from '../../src/engines/local/pixels/image.js';
import type { EvalImage } from './segmentation-eval.js';

/**
 * Skyline figures of a sky matte on a labelled image (class 0 = sky), shared by the sky-matte test
 * and bench/sky-matte.bench.ts.
 */

/** Share of non-sky pixels (outside 2 px of true sky) with alpha > 0.5, and share of true sky with alpha > 0.5. */
export function skyline(img: EvalImage, alpha: Plane): { turned: number; kept: number } {
  const { width: w, height: h, truth } = img;
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

/** The true sky as the coarse 0/1 region the engine's detector hands to the matte. */
export function truthRegion(img: EvalImage): Plane {
  const full = newPlane(img.width, img.height);
  for (let i = 0; i < full.d.length; i++) full.d[i] = img.truth[i] === 0 ? 1 : 0;
  const ws = fitSize(img.width, img.height, 256);
  const low = resizePlane(full, ws.w, ws.h);
  for (let i = 0; i < low.d.length; i++) low.d[i] = low.d[i] > 0.5 ? 1 : 0;
  return low;
}
