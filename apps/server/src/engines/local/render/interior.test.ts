import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalSet, type EvalImage } from '../../../../test/helpers/segmentation-eval.js';
import { rgbFromBytes, type Rgb } from '../pixels/image.js';
import { renderParams } from '../resolve.js';
import { renderImage, type RenderParams } from './pipeline.js';

/**
 * An interior's ceiling and walls meet the picture's top edge pale and smooth, as a sky does: the
 * sky replacement painted a blue sky over them (a Blender render of a gallery: 69 % of its walls
 * and ceiling turned into sky). With the render type the user chose, a room keeps them.
 */
let set: EvalImage[];
beforeAll(async () => {
  set = await loadEvalSet();
}, 60_000);

const PARAMS: RenderParams = { mode: 'photorealistic', seed: 20261127, variation: 1, creativity: 3, expressivity: 2, resemblance: 3, buildingHeight: 300, lighting: 'natural-daylight', weather: 'clear', regions: [] };
const WALL = 9;
const CEILING = 11;

/** Mean of (blue - red) over the pixels of the given classes: a new blue sky raises it. */
function blueShift(before: Rgb, after: Rgb, e: EvalImage, classes: number[]): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < e.truth.length; i++) {
    if (!classes.includes(e.truth[i])) continue;
    s += after.d[i * 3 + 2] - after.d[i * 3] - (before.d[i * 3 + 2] - before.d[i * 3]);
    n++;
  }
  return s / n;
}

describe('the preview of an interior', () => {
  it.each(['scene-interior-gallery', 'scene-interior-office'])('keeps the ceiling and walls of %s rather than painting a sky over them', (name) => {
    const e = set.find((s) => s.name === name)!;
    const img = rgbFromBytes(e.rgb, e.width, e.height);
    const asExterior = renderImage(img, [], PARAMS, () => {});
    const notes: string[] = [];
    const asInterior = renderImage(img, [], { ...PARAMS, renderType: 'interior' }, () => {}, notes);
    // Told nothing, the render still takes the room's top for sky (what this guards against).
    expect(blueShift(img, asExterior, e, [WALL, CEILING])).toBeGreaterThan(0.08);
    expect(Math.abs(blueShift(img, asInterior, e, [WALL, CEILING]))).toBeLessThan(0.03);
    expect(notes.join('\n')).toMatch(/Sky: not replaced in an interior/);
  }, 60_000);

  it('takes the render type from the request', () => {
    const base = { input: Buffer.alloc(0), mode: 'photorealistic' as const, prompt: '', variationNumber: 1, settings: {} as never, selections: {}, regions: [] };
    expect(renderParams({ ...base, renderType: 'interior' }).renderType).toBe('interior');
    expect(renderParams(base).renderType).toBeUndefined();
  });
});
