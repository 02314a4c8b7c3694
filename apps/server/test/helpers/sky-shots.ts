/**
 * Before/after pictures of the sky replacement (issue 30 part 4), for looking at: per photo of
 * the evaluation set, one picture with three panels side by side — the photo, the preview render
 * with a clear sky (so any line left of the old clouds shows), and the sky matte (white = sky,
 * magenta = alpha on pixels the hand-made mask calls non-sky, beyond 2 px of its sky).
 *
 *   npx tsx apps/server/test/helpers/sky-shots.ts OUT_DIR NAME… (names of the evaluation set)
 */
import path from 'node:path';
import sharp from 'sharp';
import { newRgb, rgbFromBytes, rgbToBytes, type Rgb } from '../../src/engines/local/pixels/image.js';
import { renderImage, type RenderParams } from '../../src/engines/local/render/pipeline.js';
import { detectSky } from '../../src/engines/local/render/sky.js';
import { EVAL_DIR, loadEvalSet } from './segmentation-eval.js';

const PARAMS: RenderParams = { mode: 'photorealistic', seed: 20261127, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 3000, lighting: 'natural-daylight', weather: 'clear', regions: [] };

async function main() {
  const [out, ...names] = process.argv.slice(2);
  if (!out || !names.length) throw new Error('usage: sky-shots.ts OUT_DIR NAME…');
  const set = await loadEvalSet();
  for (const name of names) {
    const e = set.find((s) => s.name === name);
    if (!e) throw new Error(`${name} is not in the evaluation set`);
    const { data, info } = await sharp(path.join(EVAL_DIR, `${name}.jpg`)).resize({ width: 1024 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = rgbFromBytes(new Uint8Array(data), info.width, info.height);
    const after = renderImage(rgb, [], PARAMS, () => {});
    // The matte at the truth's resolution, so wrong alpha can be shown against the hand-made mask.
    const small = rgbFromBytes(e.rgb, e.width, e.height);
    const alpha = detectSky(small).mask;
    const matte = newRgb(e.width, e.height);
    const near = new Uint8Array(e.width * e.height);
    for (let y = 0; y < e.height; y++)
      for (let x = 0; x < e.width; x++) {
        if (e.truth[y * e.width + x] !== 0) continue;
        for (let yy = Math.max(0, y - 2); yy <= Math.min(e.height - 1, y + 2); yy++)
          for (let xx = Math.max(0, x - 2); xx <= Math.min(e.width - 1, x + 2); xx++) near[yy * e.width + xx] = 1;
      }
    for (let i = 0; i < alpha.d.length; i++) {
      const a = alpha.d[i];
      const wrong = e.truth[i] !== 0 && e.truth[i] !== 255 && !near[i];
      matte.d.set(wrong && a > 0.02 ? [1, 0.1, 1] : [a, a, a], i * 3);
    }
    const panel = async (img: Rgb) => sharp(Buffer.from(rgbToBytes(img)), { raw: { width: img.w, height: img.h, channels: 3 } }).resize(info.width, info.height, { fit: 'fill' }).png().toBuffer();
    await sharp({ create: { width: info.width * 3 + 16, height: info.height, channels: 3, background: '#000' } })
      .composite([
        { input: await panel(rgb), left: 0, top: 0 },
        { input: await panel(after), left: info.width + 8, top: 0 },
        { input: await panel(matte), left: info.width * 2 + 16, top: 0 },
      ])
      .jpeg({ quality: 90 })
      .toFile(path.join(out, `${name}.jpg`));
    process.stdout.write(`${name}: ${path.join(out, `${name}.jpg`)}\n`);
  }
}

await main();
