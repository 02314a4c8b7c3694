import crypto from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { maskGenerations, maskRegions } from '../../db/schema/index.js';
import { getOwnedInputImage, readInputImageBytes, type UploadRegions, type UploadRegionsHandler } from '../images/index.js';
import { checkIdPass, decodeIdPass, parseIdPassMaterials } from './id-pass.js';
import { maskKeyPrefix } from './masks.service.js';

/**
 * The regions an upload brings (its ID pass), made as the upload is stored: the images module
 * calls this handler (images.events.ts) so it needs no masks code. The regions are the size of
 * the image the engines work on (the processed copy), like a generation's. A region named by the
 * map carries the name as its text too (the prompt and the renders use it); a "Material N" region
 * has only the label, so Create leaves it as it is until the user gives it a material.
 */
export const idPassUploadRegions: UploadRegionsHandler = {
  async check(view, upload) {
    parseIdPassMaterials(upload.materials);
    await checkIdPass(view, upload.idPass);
  },
  store: storeIdPassRegions,
};

export async function storeIdPassRegions(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number, upload: UploadRegions): Promise<void> {
  const materials = parseIdPassMaterials(upload.materials);
  const input = await getOwnedInputImage(ctx.db, userId, inputImageId);
  const { data: rgb, info } = await sharp(await readInputImageBytes(ctx, input))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const regions = await decodeIdPass({ width: info.width, height: info.height }, upload.idPass, materials, rgb, upload.normal);
  const folder = `${maskKeyPrefix(userId, inputImageId)}${crypto.randomUUID().slice(0, 8)}`;
  const written: string[] = [];
  try {
    const rows: Array<typeof maskRegions.$inferInsert> = [];
    for (const [position, r] of regions.entries()) {
      const key = `${folder}/${position}.png`;
      await ctx.storage.put(key, r.mask, 'image/png');
      written.push(key);
      rows.push({ userId, inputImageId, position, maskKey: key, label: r.name, customText: r.material, area: r.area, averageColor: r.averageColor });
    }
    await ctx.db.transaction(async (tx) => {
      await tx.insert(maskRegions).values(rows);
      const now = new Date();
      await tx
        .insert(maskGenerations)
        .values({ inputImageId, userId, status: 'completed', regionCount: rows.length, startedAt: now, completedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: maskGenerations.inputImageId, set: { status: 'completed', regionCount: rows.length, error: null, completedAt: now, updatedAt: now } });
    });
  } catch (err) {
    await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
    throw err;
  }
}
