// Factories for the tweak tests: subscribed users, input and generated images with real files,
// masks painted in code, and the tweak calls through app.inject.
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import type { App } from '../../types.js';
import { createInputImageFromBytes } from '../images/index.js';
import { createGeneratedImage, makePng, multipartBody, type MultipartPart } from '../images/images.test-helpers.js';
import { createPlainUser, createSubscribedUser, type GenUser } from '../generation/generation.test-helpers.js';

export { createGeneratedImage, createPlainUser, createSubscribedUser, makePng, type GenUser };

/** A textured ground (diagonal stripes with speckle) and, optionally, a red block on it. */
export function texturedScene(width: number, height: number, object?: { x0: number; y0: number; x1: number; y1: number }) {
  return (x: number, y: number): [number, number, number] => {
    if (object && x >= object.x0 && x < object.x1 && y >= object.y0 && y < object.y1) return [220, 30, 40];
    const stripe = Math.sin((x + y) * 0.4) * 30;
    const speck = ((x * 7919 + y * 104729) % 23) - 11;
    const c = (v: number) => Math.max(0, Math.min(255, Math.round(v + stripe + speck)));
    return [c(130), c(110), c(90)];
  };
}

/** A smooth landscape: a sky gradient over a hill line and a darker ground. */
export function landscape(width: number, height: number) {
  return (x: number, y: number): [number, number, number] => {
    const horizon = height * 0.55 + Math.sin(x / 23) * 6;
    if (y < horizon) {
      const t = y / horizon;
      return [Math.round(120 + 60 * t), Math.round(160 + 50 * t), Math.round(220 + 20 * t)];
    }
    const t = (y - horizon) / (height - horizon);
    return [Math.round(90 - 30 * t), Math.round(120 - 30 * t), Math.round(70 - 20 * t)];
  };
}

/** An input image of the user's with real files. */
export async function createInput(app: App, userId: number, png: Buffer, fileName = 'site.png') {
  return createInputImageFromBytes(app.ctx, { userId, bytes: png, fileName, uploadSource: 'TWEAK_MODULE' });
}

/** A white-on-black mask PNG: white inside the rectangle. */
export function maskPng(width: number, height: number, rect?: { x0: number; y0: number; x1: number; y1: number }): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  if (rect)
    for (let y = rect.y0; y < rect.y1; y++)
      for (let x = rect.x0; x < rect.x1; x++) if (x >= 0 && y >= 0 && x < width && y < height) raw[y * width + x] = 255;
  return sharp(raw, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

export function call(app: App, user: GenUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const opts: InjectOptions = { method, url, headers: user.headers };
  if (payload !== undefined) opts.payload = payload as InjectOptions['payload'];
  return app.inject(opts);
}

/** POST /api/tweak/upload/mask with the file under `field` (default file). */
export function uploadMask(app: App, user: GenUser, data: Buffer | null, opts: { field?: string; contentType?: string } = {}) {
  const parts: MultipartPart[] = data ? [{ name: opts.field ?? 'file', filename: 'mask.png', contentType: opts.contentType ?? 'image/png', data }] : [{ name: 'note', value: 'no file' }];
  const body = multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/tweak/upload/mask', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

/** POST /api/tweak/add-image (multipart). `fields` are sent as given (position and size as JSON text). */
export function addImage(app: App, user: GenUser, image: Buffer | null, fields: Record<string, string>) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (image) parts.push({ name: 'image', filename: 'sculpture.png', contentType: 'image/png', data: image });
  const body = multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/tweak/add-image', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

/** Raw RGB of encoded bytes. */
export async function rgb(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean colour and luminance spread over the pixels where `where(x, y)` holds. */
export function regionStats(img: { data: Buffer; width: number; height: number }, where: (x: number, y: number) => boolean) {
  let n = 0;
  const sum = [0, 0, 0];
  let lum = 0;
  let lum2 = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * img.width + x) * 3;
      const [r, g, b] = [img.data[i], img.data[i + 1], img.data[i + 2]];
      sum[0] += r;
      sum[1] += g;
      sum[2] += b;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      lum += l;
      lum2 += l * l;
      n++;
    }
  const l = lum / Math.max(1, n);
  return { mean: sum.map((v) => v / Math.max(1, n)), lum: l, sd: Math.sqrt(Math.max(0, lum2 / Math.max(1, n) - l * l)), n };
}
