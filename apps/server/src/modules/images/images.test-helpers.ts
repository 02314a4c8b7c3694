// Factories for the images tests (and the benches): real image bytes made with sharp, users
// with tokens, generated images with stored files, multipart bodies.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { and, count, eq } from 'drizzle-orm';
import type { App } from '../../types.js';
import { batches, generatedImages, inputImages, users, type ModuleType } from '../../db/schema/index.js';
import { storeGeneratedImageFiles } from './image-files.js';

export type Paint = string | ((x: number, y: number) => [number, number, number]);

/** Raw RGB pixels: a solid colour, or a colour per pixel. */
function pixels(width: number, height: number, paint: Paint): Sharp {
  if (typeof paint === 'string') return sharp({ create: { width, height, channels: 3, background: paint } });
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export function makePng(width: number, height: number, paint: Paint = '#4a7bb7'): Promise<Buffer> {
  return pixels(width, height, paint).png().toBuffer();
}

/** A PNG with a transparent half (an alpha channel). */
export function makePngWithAlpha(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function makeWebp(width: number, height: number, paint: Paint = '#7bb74a'): Promise<Buffer> {
  return pixels(width, height, paint).webp().toBuffer();
}

/** A JPEG, optionally with an EXIF orientation tag and other EXIF fields (to prove they are stripped). */
export function makeJpeg(
  width: number,
  height: number,
  opts: { paint?: Paint; orientation?: number; exif?: Record<string, string>; quality?: number } = {},
): Promise<Buffer> {
  let img = pixels(width, height, opts.paint ?? '#b74a7b').jpeg({ quality: opts.quality ?? 90 });
  if (opts.exif) img = img.withExif({ IFD0: opts.exif });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}

/** A photo-like JPEG (smooth noise, so it compresses like a photo rather than a flat colour). */
export async function makePhotoJpeg(width: number, height: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: Math.ceil(width / 4),
      height: Math.ceil(height / 4),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atelier${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface ImagesTestUser {
  id: number;
  token: string;
  headers: { authorization: string };
}

/** A user row and a bearer token for it. */
export async function createImagesUser(app: App, name = 'Ada Architect'): Promise<ImagesTestUser> {
  const email = `images.${Date.now().toString(36)}.${crypto.randomBytes(4).toString('hex')}@studio-example.com`;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ email, fullName: name, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const token = await app.ctx.tokens.sign(row.id);
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** POST /api/images/upload-input with one file (and an optional uploadSource). */
export function uploadInput(
  app: App,
  user: ImagesTestUser,
  file: { data: Buffer; filename?: string; contentType?: string } | null,
  fields: Record<string, string> = {},
) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file)
    parts.unshift({
      name: 'file',
      filename: file.filename ?? 'upload.png',
      contentType: file.contentType ?? 'image/png',
      data: file.data,
    });
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/images/upload-input',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Every file under DATA_DIR/files (relative paths). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

export async function countInputImages(app: App, userId: number): Promise<number> {
  const [{ n }] = await app.ctx.db.select({ n: count() }).from(inputImages).where(eq(inputImages.userId, userId));
  return Number(n);
}

/**
 * A generated image as the generation module leaves it: a batch, a row, and (when COMPLETED)
 * its files stored through storeGeneratedImageFiles.
 */
export async function createGeneratedImage(
  app: App,
  userId: number,
  opts: {
    moduleType?: ModuleType;
    status?: 'PROCESSING' | 'COMPLETED' | 'FAILED';
    inputImageId?: number | null;
    baseImageId?: number | null;
    operationType?: string | null;
    bytes?: Buffer;
    createdAt?: Date;
  } = {},
) {
  const moduleType = opts.moduleType ?? 'CREATE';
  const status = opts.status ?? 'COMPLETED';
  const [batch] = await app.ctx.db
    .insert(batches)
    .values({ userId, moduleType, inputImageId: opts.inputImageId ?? null, totalVariations: 1, status: 'COMPLETED', prompt: 'a brick villa' })
    .returning();
  const [row] = await app.ctx.db
    .insert(generatedImages)
    .values({
      userId,
      batchId: batch.id,
      variationNumber: 1,
      moduleType,
      status,
      runpodStatus: status === 'COMPLETED' ? 'COMPLETED' : 'SUBMITTED',
      inputImageId: opts.inputImageId ?? null,
      baseImageId: opts.baseImageId ?? null,
      operationType: opts.operationType ?? null,
      prompt: 'a brick villa at dusk',
      settingsSnapshot: { variations: 1, creativity: 3 },
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  if (status !== 'COMPLETED') return row;
  const stored = await storeGeneratedImageFiles(app.ctx, {
    userId,
    generatedImageId: row.id,
    bytes: opts.bytes ?? (await makePng(640, 480, '#c08040')),
  });
  const [updated] = await app.ctx.db
    .update(generatedImages)
    .set({ imageKey: stored.imageKey, thumbnailKey: stored.thumbnailKey, width: stored.width, height: stored.height })
    .where(and(eq(generatedImages.id, row.id), eq(generatedImages.userId, userId)))
    .returning();
  return updated;
}
