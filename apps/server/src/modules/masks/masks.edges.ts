import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { SegmentedRegion } from '../../engines/engine.js';
import { decodeMask, encodeMaskPng } from '../../engines/local/codec.js';
import { sharpenByGeometry, viewPassesAt } from '../../engines/local/index.js';
import { passValuesOf, readPasses } from '../passes/index.js';

/**
 * Issue 31 part 2 (without an ID pass): when the view came with its normal pass (and depth),
 * the segmentation's region edges snap to the model's folds and silhouettes. Only the regions
 * whose pixels moved are re-encoded (their area recounted); the others keep the engine's PNGs.
 */
export async function sharpenWithPasses(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number, regions: SegmentedRegion[]): Promise<SegmentedRegion[]> {
  if (regions.length < 2) return regions;
  const values = await passValuesOf(await readPasses(ctx, userId, inputImageId));
  if (!values) return regions;
  const { width: w, height: h } = await sharp(regions[0].mask).metadata();
  if (!w || !h) return regions;
  const passes = viewPassesAt(values, w, h);
  if (!passes) return regions;
  const masks = await Promise.all(regions.map((r) => decodeMask(r.mask, w, h)));
  const labels = new Int32Array(w * h).fill(-1);
  for (let i = 0; i < w * h; i++) labels[i] = masks.findIndex((m) => m[i] >= 128);
  const sharpened = sharpenByGeometry(labels, passes);
  const touched = new Set<number>();
  for (let i = 0; i < w * h; i++) {
    const [from, to] = [labels[i], sharpened[i]];
    if (from === to) continue;
    if (from >= 0) {
      masks[from][i] = 0;
      touched.add(from);
    }
    if (to >= 0) {
      masks[to][i] = 255;
      touched.add(to);
    }
  }
  return Promise.all(
    regions.map(async (r, k) => {
      if (!touched.has(k)) return r;
      const area = masks[k].reduce((n, v) => n + (v >= 128 ? 1 : 0), 0) / (w * h);
      return { ...r, mask: await encodeMaskPng(masks[k], w, h), area };
    }),
  );
}
