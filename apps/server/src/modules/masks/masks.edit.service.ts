import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  MASK_LIMITS,
  MASK_MESSAGES,
  type MaskRegionResponse,
  type MaskRegionsResponse,
  type SplitMaskRequest,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { maskRegions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getOwnedInputImage, readInputImageBytes, sniffImageFormat } from '../images/index.js';
import { countBits, splitAlong, type Bitmap } from './region-geometry.js';
import { maskKeyPrefix, ownedMask, presentMaskRegion, regionsOf, rgbToHex, type MaskRegionRow } from './masks.service.js';

/**
 * The user's corrections of an image's regions (spec: PUT /masks/{maskId}, merge, split,
 * DELETE, and POST /masks/{inputImageId}/regions that brings a removed region back for undo).
 * Each edit loads the image's region masks, changes the pixels, writes a new PNG for every
 * region it changed and swaps the rows in one transaction; old files go after the commit.
 * A pixel belongs to at most one region after every edit: what a region takes, the others lose
 * (and a region left with no pixel is removed).
 */

type EditContext = Pick<AppContext, 'db' | 'storage' | 'urls'>;

interface Working {
  row: MaskRegionRow;
  bits: Uint8Array;
  changed: boolean;
  removed: boolean;
}

interface Workspace {
  userId: number;
  inputImageId: number;
  width: number;
  height: number;
  regions: Working[];
}

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field });

async function decodeMask(png: Buffer): Promise<Bitmap> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const bits = new Uint8Array(info.width * info.height);
  for (let p = 0; p < bits.length; p++) bits[p] = data[p * info.channels] > 127 ? 1 : 0;
  return { width: info.width, height: info.height, bits };
}

async function loadWorkspace(ctx: EditContext, userId: number, inputImageId: number): Promise<Workspace> {
  const rows = await regionsOf(ctx.db, userId, inputImageId);
  const regions: Working[] = [];
  let width = 0;
  let height = 0;
  for (const row of rows) {
    const mask = await decodeMask(await ctx.storage.get(row.maskKey));
    if (regions.length > 0 && (mask.width !== width || mask.height !== height)) continue;
    ({ width, height } = mask);
    regions.push({ row, bits: mask.bits, changed: false, removed: false });
  }
  return { userId, inputImageId, width, height, regions };
}

/** `bits` go to `owner`; every other region loses them. */
function claim(ws: Workspace, owner: Working | null, bits: Uint8Array): void {
  for (const r of ws.regions) {
    if (r === owner || r.removed) continue;
    let lost = false;
    for (let p = 0; p < bits.length; p++)
      if (bits[p] && r.bits[p]) {
        r.bits[p] = 0;
        lost = true;
      }
    if (lost) r.changed = true;
  }
}

/** The image's pixels at the masks' size, for the regions' mean colours. */
async function imagePixels(ctx: EditContext, ws: Workspace): Promise<Buffer> {
  const input = await getOwnedInputImage(ctx.db, ws.userId, ws.inputImageId);
  return sharp(await readInputImageBytes(ctx, input)).removeAlpha().resize(ws.width, ws.height, { fit: 'fill' }).raw().toBuffer();
}

function meanColour(bits: Uint8Array, rgb: Buffer): string {
  let n = 0;
  const sum = [0, 0, 0];
  for (let p = 0; p < bits.length; p++)
    if (bits[p]) {
      n++;
      for (let c = 0; c < 3; c++) sum[c] += rgb[p * 3 + c];
    }
  return rgbToHex(n ? sum.map((s) => s / n) : [0, 0, 0]);
}

async function maskPng(ws: Workspace, bits: Uint8Array): Promise<Buffer> {
  const raw = Buffer.alloc(bits.length);
  for (let p = 0; p < bits.length; p++) raw[p] = bits[p] ? 255 : 0;
  return sharp(raw, { raw: { width: ws.width, height: ws.height, channels: 1 } }).png().toBuffer();
}

type NewRegion = Omit<typeof maskRegions.$inferInsert, 'maskKey' | 'area' | 'averageColor' | 'userId' | 'inputImageId' | 'position'> & { bits: Uint8Array };

/**
 * Writes the changed regions' files, then in one transaction updates them, deletes the removed
 * ones (and those left empty) and inserts `added`; answers the inserted rows.
 */
async function commit(ctx: EditContext, ws: Workspace, added: NewRegion[] = [], rename?: { id: number; label: string; customText: string | null }) {
  for (const r of ws.regions) if (!r.removed && r.changed && countBits(r.bits) === 0) r.removed = true;
  const live = ws.regions.filter((r) => !r.removed).length + added.length;
  if (live > MASK_LIMITS.maxEditedRegions) throw refuse('points', MASK_MESSAGES.tooManyRegions);
  const rgb = ws.regions.some((r) => r.changed && !r.removed) || added.length > 0 ? await imagePixels(ctx, ws) : null;
  const folder = `${maskKeyPrefix(ws.userId, ws.inputImageId)}${crypto.randomUUID().slice(0, 8)}`;
  const written: string[] = [];
  const area = ws.width * ws.height;
  try {
    const updates: Array<{ id: number; maskKey: string; area: number; averageColor: string }> = [];
    for (const r of ws.regions.filter((x) => x.changed && !x.removed)) {
      const key = `${folder}/${r.row.id}.png`;
      await ctx.storage.put(key, await maskPng(ws, r.bits), 'image/png');
      written.push(key);
      updates.push({ id: r.row.id, maskKey: key, area: countBits(r.bits) / area, averageColor: meanColour(r.bits, rgb!) });
    }
    let position = Math.max(-1, ...ws.regions.map((r) => r.row.position));
    const inserts: Array<typeof maskRegions.$inferInsert> = [];
    for (const [i, a] of added.entries()) {
      const key = `${folder}/new-${i}.png`;
      const { bits, ...style } = a;
      await ctx.storage.put(key, await maskPng(ws, bits), 'image/png');
      written.push(key);
      inserts.push({ ...style, userId: ws.userId, inputImageId: ws.inputImageId, position: ++position, maskKey: key, area: countBits(bits) / area, averageColor: meanColour(bits, rgb!) });
    }
    const removedIds = ws.regions.filter((r) => r.removed).map((r) => r.row.id);
    const inserted = await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const mine = (id: number) => and(eq(maskRegions.id, id), eq(maskRegions.userId, ws.userId));
      for (const u of updates) await tx.update(maskRegions).set({ maskKey: u.maskKey, area: u.area, averageColor: u.averageColor, updatedAt: now }).where(mine(u.id));
      if (rename) await tx.update(maskRegions).set({ label: rename.label, customText: rename.customText, confidence: null, updatedAt: now }).where(mine(rename.id));
      if (removedIds.length > 0) await tx.delete(maskRegions).where(and(inArray(maskRegions.id, removedIds), eq(maskRegions.userId, ws.userId)));
      return inserts.length > 0 ? tx.insert(maskRegions).values(inserts).returning() : [];
    });
    const stale = ws.regions.filter((r) => r.removed || r.changed).map((r) => r.row.maskKey);
    await Promise.allSettled(stale.map((k) => ctx.storage.delete(k)));
    return inserted;
  } catch (err) {
    await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
    throw err;
  }
}

async function answerRegions(ctx: EditContext, userId: number, inputImageId: number, message: string): Promise<MaskRegionsResponse> {
  const rows = await regionsOf(ctx.db, userId, inputImageId);
  return { success: true, message, data: { inputImageId, maskRegions: rows.map((r) => presentMaskRegion(ctx, r)) } };
}

/** A mask file a client sends: a PNG of the regions' size with at least one white pixel; 400 naming `mask` otherwise. */
async function readClientMask(ws: Workspace, png: Buffer): Promise<Uint8Array> {
  if (sniffImageFormat(png) !== 'png') throw refuse('mask', MASK_MESSAGES.maskFileNotPng);
  let mask: Bitmap;
  try {
    mask = await decodeMask(png);
  } catch {
    throw refuse('mask', MASK_MESSAGES.maskFileNotPng);
  }
  if (mask.width !== ws.width || mask.height !== ws.height) throw refuse('mask', `${MASK_MESSAGES.maskFileSize} (${ws.width}×${ws.height})`);
  if (countBits(mask.bits) === 0) throw refuse('mask', MASK_MESSAGES.maskFileEmpty);
  return mask.bits;
}

/** A rename sets the label; the custom text follows when it was the old name (or empty). */
function renamed(row: MaskRegionRow, name: string) {
  const followsName = !row.customText || row.customText === row.label;
  return { id: row.id, label: name, customText: followsName ? name : row.customText };
}

/** PUT /masks/{maskId}: a new mask (painted, erased) and/or a new name. */
export async function updateRegion(ctx: EditContext, userId: number, maskId: number, edit: { mask?: Buffer; name?: string }): Promise<MaskRegionResponse> {
  const row = await ownedMask(ctx.db, userId, maskId);
  if (!edit.mask && edit.name === undefined) throw refuse('mask', MASK_MESSAGES.editNothing);
  const ws = await loadWorkspace(ctx, userId, row.inputImageId);
  const target = ws.regions.find((r) => r.row.id === maskId)!;
  if (edit.mask) {
    target.bits = await readClientMask(ws, edit.mask);
    target.changed = true;
    claim(ws, target, target.bits);
  }
  await commit(ctx, ws, [], edit.name !== undefined ? renamed(row, edit.name) : undefined);
  const fresh = await ownedMask(ctx.db, userId, maskId);
  return { success: true, message: MASK_MESSAGES.regionUpdated, data: presentMaskRegion(ctx, fresh) };
}

/** POST /masks/{inputImageId}/merge: the first id keeps its style and takes the others' pixels. */
export async function mergeRegions(ctx: EditContext, userId: number, inputImageId: number, ids: number[]): Promise<MaskRegionsResponse> {
  await getOwnedInputImage(ctx.db, userId, inputImageId);
  for (const id of ids) {
    const row = await ownedMask(ctx.db, userId, id);
    if (row.inputImageId !== inputImageId) throw refuse('ids', MASK_MESSAGES.mergeIds);
  }
  const ws = await loadWorkspace(ctx, userId, inputImageId);
  const [keep, ...others] = ids.map((id) => ws.regions.find((r) => r.row.id === id)!);
  for (const o of others) {
    for (let p = 0; p < o.bits.length; p++) if (o.bits[p]) keep.bits[p] = 1;
    o.removed = true;
  }
  keep.changed = true;
  await commit(ctx, ws);
  return answerRegions(ctx, userId, inputImageId, MASK_MESSAGES.regionsMerged);
}

/** POST /masks/{maskId}/split: the region cut along a line; the smaller side becomes a new region with the same style. */
export async function splitRegion(ctx: EditContext, userId: number, maskId: number, body: SplitMaskRequest): Promise<MaskRegionsResponse> {
  const row = await ownedMask(ctx.db, userId, maskId);
  const ws = await loadWorkspace(ctx, userId, row.inputImageId);
  const target = ws.regions.find((r) => r.row.id === maskId)!;
  const points = body.points.map((p) => ({ x: p.x * ws.width, y: p.y * ws.height }));
  const parts = splitAlong({ width: ws.width, height: ws.height, bits: target.bits }, points, 4);
  if (!parts) throw refuse('points', MASK_MESSAGES.splitMissed);
  target.bits = parts.kept;
  target.changed = true;
  const { label, customText, materialOptionId, customizationOptionId, subCategoryId, isVisible } = row;
  await commit(ctx, ws, [{ bits: parts.cut, label, customText, materialOptionId, customizationOptionId, subCategoryId, isVisible }]);
  return answerRegions(ctx, userId, row.inputImageId, MASK_MESSAGES.regionSplit);
}

/** DELETE /masks/{maskId}: the region and its file go; its pixels belong to no region. */
export async function deleteRegion(ctx: EditContext, userId: number, maskId: number): Promise<MaskRegionsResponse> {
  const row = await ownedMask(ctx.db, userId, maskId);
  await ctx.db.delete(maskRegions).where(and(eq(maskRegions.id, maskId), eq(maskRegions.userId, userId)));
  await ctx.storage.delete(row.maskKey).catch(() => undefined);
  return answerRegions(ctx, userId, row.inputImageId, MASK_MESSAGES.regionDeleted);
}

/** POST /masks/{inputImageId}/regions: a new region from a mask (taken from the others), e.g. to undo a delete or merge. */
export async function createRegion(ctx: EditContext, userId: number, inputImageId: number, edit: { mask?: Buffer; name?: string }): Promise<MaskRegionsResponse> {
  await getOwnedInputImage(ctx.db, userId, inputImageId);
  if (!edit.mask) throw refuse('mask', MASK_MESSAGES.maskFileNotPng);
  const ws = await loadWorkspace(ctx, userId, inputImageId);
  if (ws.regions.length === 0) throw refuse('inputImageId', 'The image has no regions yet: generate them or upload an ID pass first');
  const bits = await readClientMask(ws, edit.mask);
  claim(ws, null, bits);
  await commit(ctx, ws, [{ bits, label: edit.name ?? 'region', customText: edit.name ?? null }]);
  return answerRegions(ctx, userId, inputImageId, MASK_MESSAGES.regionCreated);
}
