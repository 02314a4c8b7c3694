import sharp from 'sharp';
import { PASS_FIELDS, PASS_MESSAGES } from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { decodeExr, ExrError } from './exr.js';

/**
 * Reading and checking the passes a view is sent with, before anything is stored: a refusal is
 * a 400 naming the field. A decoded pass is normalised to 16 bits: depth one value a pixel
 * (0 = near … 65535 = far or beyond), normal three ((n + 1) / 2 × 65535, camera space).
 */

export interface ViewSize {
  width: number;
  height: number;
}

export interface DecodedPass {
  kind: 'depth' | 'normal';
  width: number;
  height: number;
  sourceFormat: 'png8' | 'png16' | 'exr';
  channels: 1 | 3;
  values: Uint16Array;
  depthNear: number | null;
  depthFar: number | null;
}

const refuse = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', message, { field });
const isPng = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47;
const isExr = (b: Buffer) => b.length > 4 && b.readInt32LE(0) === 20000630;
/** Blender and most renderers write "no surface" as a huge depth (1e10) or infinity. */
const NO_SURFACE = 1e9;
const MAX_METRES = 1_000_000;

async function pngMeta(bytes: Buffer, field: string, message: string) {
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw new Error('not a png');
    return meta;
  } catch {
    throw refuse(field, message);
  }
}

function assertSize(field: 'depth' | 'normal', width: number, height: number, view: ViewSize) {
  if (width !== view.width || height !== view.height)
    throw refuse(field, (field === 'depth' ? PASS_MESSAGES.depthSize : PASS_MESSAGES.normalSize)(width, height, view.width, view.height));
}

const u16 = (b: Buffer) => new Uint16Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));

/** depthNear/depthFar: both or neither, metres, 0 ≤ near < far. */
export function readNearFar(fields: Record<string, string>): { near: number; far: number } | null {
  const rawNear = fields[PASS_FIELDS.depthNear]?.trim();
  const rawFar = fields[PASS_FIELDS.depthFar]?.trim();
  if (!rawNear && !rawFar) return null;
  const field = !rawNear ? PASS_FIELDS.depthNear : PASS_FIELDS.depthFar;
  const near = Number(rawNear);
  const far = Number(rawFar);
  if (!rawNear || !rawFar) throw refuse(field, PASS_MESSAGES.depthNearFar);
  if (!Number.isFinite(near) || near < 0) throw refuse(PASS_FIELDS.depthNear, PASS_MESSAGES.depthNearFar);
  if (!Number.isFinite(far) || far <= near || far > MAX_METRES) throw refuse(PASS_FIELDS.depthFar, PASS_MESSAGES.depthNearFar);
  return { near, far };
}

function exrDepthChannel(bytes: Buffer): { width: number; height: number; values: Float32Array } {
  let image;
  try {
    image = decodeExr(bytes);
  } catch (err) {
    if (err instanceof ExrError) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthExr(err.message));
    throw err;
  }
  const names = [...image.channels.keys()];
  const name = names.length === 1 ? names[0] : ['Z', 'Y', 'V', 'R'].find((n) => image.channels.has(n));
  if (!name) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthChannels);
  return { width: image.width, height: image.height, values: image.channels.get(name)! };
}

/** An OpenEXR depth in metres: its nearest and farthest surface become 0 and 65535; no surface is 65535. */
function normaliseMetres(values: Float32Array): { values: Uint16Array; near: number; far: number } {
  let near = Infinity;
  let far = -Infinity;
  for (const d of values) {
    if (Number.isNaN(d) || d < 0) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthRange);
    if (d >= NO_SURFACE) continue;
    if (d < near) near = d;
    if (d > far) far = d;
  }
  if (!(far > near)) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthRange);
  const out = new Uint16Array(values.length);
  const scale = 65535 / (far - near);
  for (let i = 0; i < values.length; i++) out[i] = values[i] >= NO_SURFACE ? 65535 : Math.round((values[i] - near) * scale);
  return { values: out, near, far };
}

/** fieldOfView: the camera's horizontal field of view, degrees, 0 < fov < 180; null when not sent. */
export function readFieldOfView(fields: Record<string, string>): number | null {
  const raw = fields[PASS_FIELDS.fieldOfView]?.trim();
  if (raw === undefined || raw === '') return null;
  const fov = Number(raw);
  if (!Number.isFinite(fov) || fov <= 0 || fov >= 180) throw refuse(PASS_FIELDS.fieldOfView, PASS_MESSAGES.fieldOfView);
  return fov;
}

export async function decodeDepth(bytes: Buffer, view: ViewSize, fields: Record<string, string>): Promise<DecodedPass> {
  const nearFar = readNearFar(fields);
  if (isExr(bytes)) {
    if (nearFar) throw refuse(PASS_FIELDS.depthNear, PASS_MESSAGES.depthNearFarExr);
    const exr = exrDepthChannel(bytes);
    assertSize('depth', exr.width, exr.height, view);
    const { values, near, far } = normaliseMetres(exr.values);
    return { kind: 'depth', width: exr.width, height: exr.height, sourceFormat: 'exr', channels: 1, values, depthNear: near, depthFar: far };
  }
  if (!isPng(bytes)) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthFormat);
  const meta = await pngMeta(bytes, PASS_FIELDS.depth, PASS_MESSAGES.depthFormat);
  if (meta.depth !== 'ushort') throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthBitDepth);
  if (meta.channels! > 2) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthChannels);
  assertSize('depth', meta.width!, meta.height!, view);
  const raw = await sharp(bytes).removeAlpha().toColourspace('grey16').raw({ depth: 'ushort' }).toBuffer();
  const values = u16(raw);
  let min = 65535;
  let max = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) throw refuse(PASS_FIELDS.depth, PASS_MESSAGES.depthRange);
  return {
    kind: 'depth',
    width: meta.width!,
    height: meta.height!,
    sourceFormat: 'png16',
    channels: 1,
    values,
    depthNear: nearFar?.near ?? null,
    depthFar: nearFar?.far ?? null,
  };
}

/** Fewer unit normals than this share of the surface pixels is not a normal pass. */
const MIN_UNIT_SHARE = 0.9;

export async function decodeNormal(bytes: Buffer, view: ViewSize): Promise<DecodedPass> {
  if (!isPng(bytes)) throw refuse(PASS_FIELDS.normal, PASS_MESSAGES.normalFormat);
  const meta = await pngMeta(bytes, PASS_FIELDS.normal, PASS_MESSAGES.normalFormat);
  if (meta.depth !== 'uchar' && meta.depth !== 'ushort') throw refuse(PASS_FIELDS.normal, PASS_MESSAGES.normalFormat);
  if (meta.channels! < 3) throw refuse(PASS_FIELDS.normal, PASS_MESSAGES.normalFormat);
  assertSize('normal', meta.width!, meta.height!, view);
  const sixteen = meta.depth === 'ushort';
  // 16-bit RGB is read as rgb16, else sharp hands out its values scaled to 8 bits.
  const read = sixteen ? sharp(bytes).toColourspace('rgb16') : sharp(bytes);
  const { data, info } = await read.raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
  const raw = u16(data);
  const c = info.channels;
  const n = info.width * info.height;
  const values = new Uint16Array(n * 3);
  const max = sixteen ? 65535 : 255;
  let surface = 0;
  let unit = 0;
  for (let i = 0; i < n; i++) {
    const [r, g, b] = [raw[i * c], raw[i * c + 1], raw[i * c + 2]];
    values[i * 3] = sixteen ? r : r * 257;
    values[i * 3 + 1] = sixteen ? g : g * 257;
    values[i * 3 + 2] = sixteen ? b : b * 257;
    if (c === 4 && raw[i * c + 3] === 0) continue;
    const x = (2 * r) / max - 1;
    const y = (2 * g) / max - 1;
    const z = (2 * b) / max - 1;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length < 0.5) continue; // no surface (Blender writes 0, 0, 0 there)
    surface++;
    if (Math.abs(length - 1) <= 0.08) unit++;
  }
  if (surface < n * 0.01 || unit < surface * MIN_UNIT_SHARE) throw refuse(PASS_FIELDS.normal, PASS_MESSAGES.normalRange);
  return {
    kind: 'normal',
    width: info.width,
    height: info.height,
    sourceFormat: sixteen ? 'png16' : 'png8',
    channels: 3,
    values,
    depthNear: null,
    depthFar: null,
  };
}
