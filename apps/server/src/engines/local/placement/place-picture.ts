import sharp from 'sharp';
import type { AddImageRequest, EngineImage } from '../../engine.js';
import { EngineInputError } from '../codec.js';
import { matchLight } from '../light.js';

/**
 * Add image (every engine composites through here): the picture keeps its own proportions inside
 * the box the user gave it, its edges are feathered so it blends into the photo instead of sitting
 * on it as an opaque rectangle, and it is turned by `rotation` degrees (clockwise) about the box's
 * centre, lit like the photo around it (light.ts). Only the part that lands on the photo is
 * composited; the output is the photo's size.
 */
export async function placePicture(req: AddImageRequest): Promise<EngineImage> {
  const meta = await sharp(req.image)
    .metadata()
    .catch(() => {
      throw new EngineInputError('Unsupported or corrupt image');
    });
  const turned = (meta.orientation ?? 1) >= 5;
  const W = turned ? meta.height! : meta.width!;
  const H = turned ? meta.width! : meta.height!;

  const picture = await pictureRgba(req);
  const cx = req.position.x + req.size.width / 2;
  const cy = req.position.y + req.size.height / 2;
  const left = Math.round(cx - picture.width / 2);
  const top = Math.round(cy - picture.height / 2);
  // Only the part of the picture that lands on the photo is composited.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(W, left + picture.width);
  const y1 = Math.min(H, top + picture.height);

  let composed = sharp(req.image).rotate().flatten({ background: '#ffffff' });
  if (x1 > x0 && y1 > y0) {
    const part = await sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 4 } })
      .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
      .raw()
      .toBuffer();
    const area = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
    const photo = await composed.png().toBuffer();
    const partPng = await sharp(part, { raw: { width: area.width, height: area.height, channels: 4 } }).png().toBuffer();
    composed = sharp(photo).composite([{ input: await matchLight(partPng, photo, area, W, H), left: x0, top: y0 }]);
  }
  const { data, info } = await composed.removeAlpha().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer({ resolveWithObject: true });
  req.onProgress?.(100);
  return { image: data, width: info.width, height: info.height };
}

/** The picture fitted into its box (proportions kept), feathered, and rotated: RGBA pixels. */
async function pictureRgba(req: AddImageRequest): Promise<{ data: Buffer; width: number; height: number }> {
  const fail = (err: unknown): never => {
    throw new EngineInputError(`Unsupported or corrupt overlay: ${err instanceof Error ? err.message : String(err)}`);
  };
  const meta = await sharp(req.overlay).metadata().catch(fail);
  const turned = (meta.orientation ?? 1) >= 5;
  const nw = (turned ? meta.height : meta.width) ?? 1;
  const nh = (turned ? meta.width : meta.height) ?? 1;
  const { width, height } = fitInside(nw, nh, req.size.width, req.size.height);
  const fitted = await sharp(req.overlay).rotate().ensureAlpha().resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer().catch(fail);
  featherAlpha(fitted, width, height, featherWidth(width, height));
  const degrees = normaliseDegrees(req.rotation ?? 0);
  if (degrees === 0) return { data: fitted, width, height };
  const rotated = await sharp(fitted, { raw: { width, height, channels: 4 } })
    .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: rotated.data, width: rotated.info.width, height: rotated.info.height };
}

/** The largest size with the picture's proportions that fits the box (at least 1 × 1). */
export function fitInside(naturalWidth: number, naturalHeight: number, boxWidth: number, boxHeight: number) {
  const k = Math.min(boxWidth / naturalWidth, boxHeight / naturalHeight);
  return { width: Math.max(1, Math.round(naturalWidth * k)), height: Math.max(1, Math.round(naturalHeight * k)) };
}

/** How far in from its edges a picture fades: 6 % of its shorter side, 1 to 48 px. */
export function featherWidth(width: number, height: number): number {
  return Math.min(48, Math.max(1, Math.round(Math.min(width, height) * 0.06)));
}

/** Multiplies the alpha of RGBA pixels by a smooth ramp from 0 at the edges to 1 at `feather` px in. */
export function featherAlpha(rgba: Uint8Array, width: number, height: number, feather: number): void {
  const ramp = (d: number) => {
    const t = Math.min(1, Math.max(0, d / feather));
    return t * t * (3 - 2 * t);
  };
  const rows = new Float32Array(height);
  for (let y = 0; y < height; y++) rows[y] = ramp(Math.min(y + 0.5, height - y - 0.5));
  const cols = new Float32Array(width);
  for (let x = 0; x < width; x++) cols[x] = ramp(Math.min(x + 0.5, width - x - 0.5));
  for (let y = 0; y < height; y++) {
    const ry = rows[y];
    for (let x = 0; x < width; x++) {
      const k = Math.min(ry, cols[x]);
      if (k < 1) {
        const i = (y * width + x) * 4 + 3;
        rgba[i] = Math.round(rgba[i] * k);
      }
    }
  }
}

function normaliseDegrees(deg: number): number {
  const d = ((deg % 360) + 360) % 360;
  return Math.abs(d) < 1e-6 || Math.abs(d - 360) < 1e-6 ? 0 : d;
}
