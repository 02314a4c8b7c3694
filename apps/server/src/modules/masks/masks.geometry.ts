import type { MaskGeometryResponse } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { decodeMask, decodeRgb } from '../../engines/local/codec.js';
import { analyseGeometry, planeKindOfLabel, type PlaneKind } from '../../engines/local/index.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { getOwnedInputImage, readInputImageBytes } from '../images/index.js';
import { passValuesOf, readPasses } from '../passes/index.js';
import { regionsOf } from './masks.service.js';

/** The geometry is worked out on a copy this long at most (pixels; the answer's coordinates are its). */
export const GEOMETRY_SIDE = 1024;

/**
 * GET /masks/{inputImageId}/geometry (issue 30 part 1): the photo's vanishing points and the
 * plane grid of each visible façade, ground and roof region, worked out in the engine's worker
 * pool from the server's own copy of the image. With the view's depth and normal passes (issue 31)
 * every visible region has its exact plane from them, whatever its name (an ID pass names regions
 * by material). The caller's image only (else 404).
 */
export async function getMaskGeometry(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>, userId: number, inputImageId: number): Promise<MaskGeometryResponse> {
  const input = await getOwnedInputImage(ctx.db, userId, inputImageId);
  const passes = await passValuesOf(await readPasses(ctx, userId, inputImageId));
  const rows = (await regionsOf(ctx.db, userId, inputImageId)).filter((r) => r.isVisible && (passes || planeKindOfLabel(r.label)));
  const img = await decodeRgb(await readInputImageBytes(ctx, input), GEOMETRY_SIDE);
  const regions: Array<{ mask: Uint8Array; kind: PlaneKind; id: number; label: string }> = [];
  for (const r of rows) {
    try {
      const mask = await decodeMask(await ctx.storage.get(r.maskKey), img.width, img.height);
      regions.push({ mask, kind: planeKindOfLabel(r.label) ?? 'wall', id: r.id, label: r.label });
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
      ctx.log.warn({ maskId: r.id }, 'a mask file is missing; the region is left out of the geometry');
    }
  }
  const report = await analyseGeometry(
    { data: img.data, width: img.width, height: img.height },
    regions.map(({ mask, kind }) => ({ mask, kind })),
    undefined,
    passes,
  );
  return {
    success: true,
    data: {
      inputImageId,
      width: report.width,
      height: report.height,
      focal: report.focal,
      focalFrom: report.focalFrom,
      manhattan: report.manhattan,
      vanishingPoints: report.vanishingPoints,
      regions: report.regions.flatMap((p, i) => {
        if (!p) return [];
        const { kind, source, confidence, vanishing, faces, step, u, v } = p;
        return [{ maskId: regions[i].id, label: regions[i].label, kind, source, confidence, vanishing, faces, step, u, v }];
      }),
    },
  };
}
