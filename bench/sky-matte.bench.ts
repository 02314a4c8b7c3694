/**
 * The sky matte on the labelled evaluation set (apps/server/test/fixtures/segmentation-eval,
 * class 0 = sky): per photo with sky, the share of non-sky pixels (beyond 2 px of the true sky)
 * that get sky alpha > 0.5, and the share of the true sky that is replaced, once with the
 * engine's own sky detection and once with the true sky region as the matte's input (so the
 * matting is judged apart from the detection). Goal: <= 0.5 % turned into sky.
 *
 *   npx tsx bench/sky-matte.bench.ts
 */
import { loadEvalSet } from '../apps/server/test/helpers/segmentation-eval.js';
import { skyline, truthRegion } from '../apps/server/test/helpers/sky-matte-score.js';
import { rgbFromBytes } from '../apps/server/src/engines/local/pixels/image.js';
import { matteSky } from '../apps/server/src/engines/local/render/sky-matte.js';
import { detectSky } from '../apps/server/src/engines/local/render/sky.js';



const pct = (v: number) => `${(v * 100).toFixed(2)} %`.padStart(9);
console.log(`${'photo'.padEnd(30)}${'turned (engine)'.padStart(17)}${'turned (truth)'.padStart(16)}${'kept (engine)'.padStart(15)}${'kept (truth)'.padStart(14)}`);
for (const img of await loadEvalSet()) {
  if (!img.truth.includes(0)) continue;
  const rgb = rgbFromBytes(img.rgb, img.width, img.height);
  const engine = skyline(img, detectSky(rgb).mask);
  const truth = skyline(img, matteSky(rgb, truthRegion(img)).mask);
  console.log(`${img.name.padEnd(30)}${pct(engine.turned).padStart(17)}${pct(truth.turned).padStart(16)}${pct(engine.kept).padStart(15)}${pct(truth.kept).padStart(14)}`);
}
