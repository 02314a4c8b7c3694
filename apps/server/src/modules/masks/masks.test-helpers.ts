// Factories for the masks and prompts tests: subscribed users, input images with real files,
// regions stored as a finished generation would leave them, and the calls through app.inject.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import type { LiveMessage } from '@atelier/contract';
import type { App } from '../../types.js';
import { maskGenerations, maskRegions } from '../../db/schema/index.js';
import { createInputImageFromBytes } from '../images/index.js';
import { createPlainUser, createSubscribedUser, eventually, makePng, type GenUser } from '../generation/generation.test-helpers.js';
import { maskKeyPrefix } from './masks.service.js';

export { createPlainUser, createSubscribedUser, eventually, makePng, type GenUser };

/** An input image of the user's with real files. */
export async function createInput(app: App, userId: number, png?: Buffer, fileName = 'elevation.png') {
  return createInputImageFromBytes(app.ctx, {
    userId,
    bytes: png ?? (await makePng(160, 120, (x, y) => (y < 40 ? [140, 180, 230] : y > 100 ? [110, 110, 110] : [200, 120, 90]))),
    fileName,
    uploadSource: 'CREATE_MODULE',
  });
}

/** A white-on-black mask PNG: white where `inside(x, y)`. */
export function maskPng(width: number, height: number, inside: (x: number, y: number) => boolean): Promise<Buffer> {
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * width + x] = inside(x, y) ? 255 : 0;
  return sharp(raw, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/**
 * Regions of an input image as a completed generation stores them: horizontal bands (sky, wall,
 * ground) of a width × height image, files in storage, status completed.
 */
export async function createRegions(app: App, userId: number, inputImageId: number, width = 160, height = 120) {
  const bands = [
    { label: 'facade', y0: Math.round(height / 3), y1: Math.round((height * 5) / 6) },
    { label: 'sky', y0: 0, y1: Math.round(height / 3) },
    { label: 'ground', y0: Math.round((height * 5) / 6), y1: height },
  ];
  const folder = `${maskKeyPrefix(userId, inputImageId)}${crypto.randomUUID().slice(0, 8)}`;
  const rows = [];
  for (const [position, b] of bands.entries()) {
    const key = `${folder}/${position}.png`;
    await app.ctx.storage.put(key, await maskPng(width, height, (_x, y) => y >= b.y0 && y < b.y1), 'image/png');
    rows.push({ userId, inputImageId, position, maskKey: key, label: b.label, area: (b.y1 - b.y0) / height, averageColor: '#808080' });
  }
  const inserted = await app.ctx.db.insert(maskRegions).values(rows).returning();
  await app.ctx.db
    .insert(maskGenerations)
    .values({ inputImageId, userId, status: 'completed', regionCount: rows.length, completedAt: new Date() })
    .onConflictDoUpdate({ target: maskGenerations.inputImageId, set: { status: 'completed', regionCount: rows.length } });
  return inserted;
}

export function call(app: App, user: GenUser | null, method: InjectOptions['method'], url: string, payload?: unknown) {
  const opts: InjectOptions = { method, url, headers: user ? user.headers : {} };
  if (payload !== undefined) opts.payload = payload as InjectOptions['payload'];
  return app.inject(opts);
}

/** Collects the live messages published to one user. */
export function collectLive(app: App, userId: number) {
  const messages: LiveMessage[] = [];
  const stop = app.ctx.events.subscribe((to, message) => {
    if (to === userId) messages.push(message);
  });
  return {
    messages,
    stop,
    waitFor<T extends LiveMessage['type']>(type: T, timeoutMs = 60_000) {
      return eventually(async () => messages.find((m): m is Extract<LiveMessage, { type: T }> => m.type === type), `a ${type} message`, timeoutMs);
    },
  };
}

/** Raw greyscale pixels of a PNG mask. */
export async function maskPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
