/**
 * A clean skyline (issue 30 part 4, goal: <= 0.5 % of non-sky pixels turned into sky), on the
 * held-out photographs of the labelled evaluation set (apps/server/test/fixtures/segmentation-eval,
 * class 0 = sky; `isHeldOut`, never used to tune the matte) that have sky: per photo, the share of
 * the pixels the hand-made mask calls non-sky (beyond 2 px of its sky) that the engine's own sky
 * detection and matte give sky alpha > 0.5 (the sky replacement changes them more than it keeps
 * them), and the share of the true sky it replaces. With BASELINE_ENGINE naming a copy of the
 * engine of another commit, that engine's figure is printed beside each, from the same run.
 *
 *   npx tsx bench/sky-matte.bench.ts
 *   git archive <commit> apps/server/src/engines/local | tar -x -C /tmp/base && \
 *     BASELINE_ENGINE=/tmp/base/apps/server/src/engines/local npx tsx bench/sky-matte.bench.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rgbFromBytes, type Plane, type Rgb } from '../apps/server/src/engines/local/pixels/image.js';
import { detectSky } from '../apps/server/src/engines/local/render/sky.js';
import { isHeldOut } from '../apps/server/test/helpers/held-out.js';
import { loadEvalSet } from '../apps/server/test/helpers/segmentation-eval.js';
import { skyline } from '../apps/server/test/helpers/sky-matte-score.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

type Detect = (img: Rgb) => { mask: Plane };
const pct = (v: number) => Number((v * 100).toFixed(2));

export async function run(): Promise<BenchResult[]> {
  const baseDir = process.env.BASELINE_ENGINE;
  const old = baseDir ? ((await import(pathToFileURL(path.join(baseDir, 'render/sky.ts')).href)) as { detectSky: Detect }) : null;
  const photos = (await loadEvalSet()).filter((img) => isHeldOut(img.name) && img.kind === 'photo' && img.truth.includes(0));
  const rows: BenchResult[] = [];
  let worst = { name: '', turned: -1 };
  let worstBase = -1;
  for (const img of photos) {
    const rgb = rgbFromBytes(img.rgb, img.width, img.height);
    const now = skyline(img, detectSky(rgb).mask);
    const then = old ? skyline(img, old.detectSky(rgb).mask) : null;
    if (now.turned > worst.turned) worst = { name: img.name, turned: now.turned };
    if (then) worstBase = Math.max(worstBase, then.turned);
    const base = then ? `; baseline ${pct(then.turned)} %, sky replaced ${pct(then.kept)} %` : '';
    rows.push({ name: `skyline held out, ${img.name}: non-sky turned into sky (sky replaced ${pct(now.kept)} %${base})`, value: pct(now.turned), unit: '%', target: '<= 0.5 %' });
  }
  const base = old ? `; baseline ${pct(worstBase)} %` : '';
  rows.push({ name: `skyline held out, worst of ${photos.length} photos (${worst.name}${base})`, value: pct(worst.turned), unit: '%', target: '<= 0.5 %' });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printResults(await run());
