/**
 * The sky matte on the labelled evaluation set (apps/server/test/fixtures/segmentation-eval,
 * class 0 = sky): per photo with sky, the share of non-sky pixels (beyond 2 px of the true sky)
 * that get sky alpha > 0.5, and the share of the true sky that is replaced, once with the
 * engine's own sky detection and once with the true sky region as the matte's input (so the
 * matting is judged apart from the detection). Goal: <= 0.5 % turned into sky.
 *
 *   npx tsx bench/sky-matte.bench.ts
 */
import { loadEvalSet, type EvalImage } from '../apps/server/test/helpers/segmentation-eval.js';
import { fitSize, newPlane, resizePlane, rgbFromBytes, type Plane } from '../apps/server/src/engines/local/pixels/image.js';
import { matteSky } from '../apps/server/src/engines/local/render/sky-matte.js';
import { detectSky } from '../apps/server/src/engines/local/render/sky.js';

function score(img: EvalImage, alpha: Plane): { turned: number; kept: number } {
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

function truthRegion(img: EvalImage): Plane {
  const full = newPlane(img.width, img.height);
  for (let i = 0; i < full.d.length; i++) full.d[i] = img.truth[i] === 0 ? 1 : 0;
  const ws = fitSize(img.width, img.height, 256);
  const low = resizePlane(full, ws.w, ws.h);
  for (let i = 0; i < low.d.length; i++) low.d[i] = low.d[i] > 0.5 ? 1 : 0;
  return low;
}

const pct = (v: number) => `${(v * 100).toFixed(2)} %`.padStart(9);
console.log(`${'photo'.padEnd(30)}${'turned (engine)'.padStart(17)}${'turned (truth)'.padStart(16)}${'kept (engine)'.padStart(15)}${'kept (truth)'.padStart(14)}`);
for (const img of await loadEvalSet()) {
  if (!img.truth.includes(0)) continue;
  const rgb = rgbFromBytes(img.rgb, img.width, img.height);
  const engine = score(img, detectSky(rgb).mask);
  const truth = score(img, matteSky(rgb, truthRegion(img)).mask);
  console.log(`${img.name.padEnd(30)}${pct(engine.turned).padStart(17)}${pct(truth.turned).padStart(16)}${pct(engine.kept).padStart(15)}${pct(truth.kept).padStart(14)}`);
}
