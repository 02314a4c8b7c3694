import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { PASS_FIELDS, PASS_MESSAGES, type InputImagePass } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { inputImagePasses } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { getOwnedInputImage, type CheckedUploadPasses, type UploadPasses } from '../images/index.js';
import { decodeDepth, decodeNormal, readFieldOfView, type DecodedPass, type ViewSize } from './decode.js';
import { encodePng16 } from './png16.js';

type PassRow = typeof inputImagePasses.$inferSelect;

const PREVIEW_LONG_SIDE = 2048;
const THUMB_LONG_SIDE = 160;

/** Reads and checks the passes of an upload; nothing is stored until the answer's `store`. */
export async function checkUploadPasses(view: ViewSize, upload: UploadPasses): Promise<CheckedUploadPasses | null> {
  const hasNearFar = upload.fields[PASS_FIELDS.depthNear] !== undefined || upload.fields[PASS_FIELDS.depthFar] !== undefined;
  if (hasNearFar && !upload.depth)
    throw new AppError(400, 'VALIDATION_ERROR', PASS_MESSAGES.depthNearFarWithoutDepth, {
      field: upload.fields[PASS_FIELDS.depthNear] !== undefined ? PASS_FIELDS.depthNear : PASS_FIELDS.depthFar,
    });
  const fovDeg = readFieldOfView(upload.fields);
  if (fovDeg !== null && !upload.depth && !upload.normal)
    throw new AppError(400, 'VALIDATION_ERROR', PASS_MESSAGES.fieldOfViewWithoutPasses, { field: PASS_FIELDS.fieldOfView });
  const decoded: DecodedPass[] = [];
  if (upload.depth) decoded.push(await decodeDepth(upload.depth, view, upload.fields));
  if (upload.normal) decoded.push(await decodeNormal(upload.normal, view));
  if (decoded.length === 0) return null;
  const normal = decoded.find((p) => p.kind === 'normal');
  return {
    normal: normal ? { width: normal.width, height: normal.height, values: normal.values } : undefined,
    store: (ctx, userId, inputImageId, folder) => storePasses(ctx, userId, inputImageId, folder, decoded, fovDeg),
  };
}

/** An 8-bit picture of a pass: depth grey with near light, normal its RGB. */
function picture(pass: DecodedPass): Sharp {
  const n = pass.width * pass.height;
  const bytes = Buffer.alloc(n * pass.channels);
  if (pass.kind === 'depth') for (let i = 0; i < n; i++) bytes[i] = 255 - (pass.values[i] >> 8);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = pass.values[i] >> 8;
  return sharp(bytes, { raw: { width: pass.width, height: pass.height, channels: pass.channels } });
}

async function encodePass(pass: DecodedPass) {
  const inside = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
  const [preview, thumbnail] = await Promise.all([
    picture(pass).resize(inside(PREVIEW_LONG_SIDE)).webp({ quality: 85 }).toBuffer(),
    picture(pass).resize(inside(THUMB_LONG_SIDE)).webp({ quality: 80 }).toBuffer(),
  ]);
  return { data: encodePng16(pass.width, pass.height, pass.channels, pass.values), preview, thumbnail };
}

async function storePasses(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number, folder: string, passes: DecodedPass[], fovDeg: number | null) {
  const written: string[] = [];
  try {
    for (const pass of passes) {
      const files = await encodePass(pass);
      const keys = { dataKey: `${folder}/${pass.kind}.png`, previewKey: `${folder}/${pass.kind}-preview.webp`, thumbnailKey: `${folder}/${pass.kind}-thumb.webp` };
      written.push(keys.dataKey, keys.previewKey, keys.thumbnailKey);
      await Promise.all([
        ctx.storage.put(keys.dataKey, files.data, 'image/png'),
        ctx.storage.put(keys.previewKey, files.preview, 'image/webp'),
        ctx.storage.put(keys.thumbnailKey, files.thumbnail, 'image/webp'),
      ]);
      await ctx.db.insert(inputImagePasses).values({
        userId,
        inputImageId,
        kind: pass.kind,
        sourceFormat: pass.sourceFormat,
        width: pass.width,
        height: pass.height,
        depthNear: pass.depthNear,
        depthFar: pass.depthFar,
        fovDeg,
        ...keys,
      });
    }
  } catch (err) {
    await ctx.db.delete(inputImagePasses).where(and(eq(inputImagePasses.userId, userId), eq(inputImagePasses.inputImageId, inputImageId)));
    await Promise.allSettled(written.map((k) => ctx.storage.delete(k)));
    throw err;
  }
}

async function passRows(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number): Promise<PassRow[]> {
  await getOwnedInputImage(ctx.db, userId, inputImageId);
  return ctx.db
    .select()
    .from(inputImagePasses)
    .where(and(eq(inputImagePasses.userId, userId), eq(inputImagePasses.inputImageId, inputImageId)))
    .orderBy(asc(inputImagePasses.kind));
}

/** GET /images/input-images/:id/passes: the caller's input image's passes (404 when not theirs). */
export async function listPasses(ctx: Pick<AppContext, 'db' | 'urls'>, userId: number, inputImageId: number): Promise<InputImagePass[]> {
  const rows = await passRows(ctx, userId, inputImageId);
  return rows.map((r) => ({
    kind: r.kind,
    width: r.width,
    height: r.height,
    sourceFormat: r.sourceFormat,
    depthNear: r.depthNear,
    depthFar: r.depthFar,
    fieldOfView: r.fovDeg,
    dataUrl: ctx.urls.sign(r.dataKey),
    previewUrl: ctx.urls.sign(r.previewKey),
    thumbnailUrl: ctx.urls.sign(r.thumbnailKey),
  }));
}

export interface StoredPass {
  kind: 'depth' | 'normal';
  width: number;
  height: number;
  depthNear: number | null;
  depthFar: number | null;
  /** The camera's horizontal field of view (degrees), when the sender gave it. */
  fovDeg: number | null;
  /** The stored 16-bit PNG (see inputImagePassSchema.dataUrl). */
  png: Buffer;
}

/** The passes of the caller's input image with their 16-bit files, for the engines. */
export async function readPasses(ctx: Pick<AppContext, 'db' | 'storage'>, userId: number, inputImageId: number): Promise<StoredPass[]> {
  const rows = await passRows(ctx, userId, inputImageId);
  return Promise.all(
    rows.map(async (r) => ({ kind: r.kind, width: r.width, height: r.height, depthNear: r.depthNear, depthFar: r.depthFar, fovDeg: r.fovDeg, png: await ctx.storage.get(r.dataKey) })),
  );
}

/** Which passes the caller's input image has (one small query; none for another account's image). */
export async function passKindsOf(ctx: Pick<AppContext, 'db'>, userId: number, inputImageId: number): Promise<Array<'depth' | 'normal'>> {
  const rows = await ctx.db
    .select({ kind: inputImagePasses.kind })
    .from(inputImagePasses)
    .where(and(eq(inputImagePasses.userId, userId), eq(inputImagePasses.inputImageId, inputImageId)));
  return rows.map((r) => r.kind);
}

/** The pass files of input images (the images clean-up removes them with the images' own files). */
export async function passFilesOf(ctx: Pick<AppContext, 'db'>, inputImageIds: number[]): Promise<Map<number, string[]>> {
  const rows = await ctx.db
    .select({ id: inputImagePasses.inputImageId, dataKey: inputImagePasses.dataKey, previewKey: inputImagePasses.previewKey, thumbnailKey: inputImagePasses.thumbnailKey })
    .from(inputImagePasses)
    .where(inArray(inputImagePasses.inputImageId, inputImageIds));
  const files = new Map<number, string[]>();
  for (const r of rows) files.set(r.id, [...(files.get(r.id) ?? []), r.dataKey, r.previewKey, r.thumbnailKey]);
  return files;
}
