import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { PROFILE_PICTURE } from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { StorageNotFoundError, type Storage } from '../../providers/storage/index.js';

/**
 * Profile pictures: in the storage under `avatars/avatar-<random>.webp` (a name may start with
 * `-`, which a key segment may not), served publicly at AVATAR_URL_PREFIX/<random>.webp.
 * Installations from before kept them in DATA_DIR/avatars/: those are still read from there
 * (and `admin storage-copy` moves them into the storage).
 */
export const AVATAR_URL_PREFIX = '/api/auth/avatars/';
const AVATAR_NAME = /^[A-Za-z0-9_-]{32}\.webp$/;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 50_000_000;

export const avatarDir = (dataDir: string) => path.join(dataDir, 'avatars');
export const avatarKey = (name: string) => `avatars/avatar-${name}`;

export const unsupportedPicture = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The profile picture must be a JPEG, PNG or WEBP image.');

/** Decides the type by the bytes (never the file name), then makes a 256×256 WEBP without metadata. */
export async function renderAvatar(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unsupportedPicture();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedPicture();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PROFILE_PICTURE.size, PROFILE_PICTURE.size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'INVALID_IMAGE', 'The profile picture could not be read. Please try another image.');
  }
}

/** Stores the picture under an unguessable name; returns its public URL. */
export async function storeAvatar(storage: Storage, webp: Buffer): Promise<string> {
  const name = `${crypto.randomBytes(24).toString('base64url')}.webp`;
  await storage.put(avatarKey(name), webp, 'image/webp');
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** The legacy file of an avatar name, or null for anything that is not one of ours (no path traversal). */
export function avatarFile(dataDir: string, name: string): string | null {
  return AVATAR_NAME.test(name) ? path.join(avatarDir(dataDir), name) : null;
}

/** Deletes a stored avatar given its URL; external pictures (Google) and unknown names are left alone. */
export async function removeAvatar(storage: Storage, dataDir: string, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_NAME.test(name)) return;
  await storage.delete(avatarKey(name));
  const legacy = avatarFile(dataDir, name);
  if (legacy) await fs.rm(legacy, { force: true });
}

/** The picture's bytes as a stream, or null when there is none. */
export async function readAvatar(storage: Storage, dataDir: string, name: string): Promise<{ body: Readable | Buffer; size: number } | null> {
  if (!AVATAR_NAME.test(name)) return null;
  try {
    if (storage.stream) return await storage.stream(avatarKey(name));
    const bytes = await storage.get(avatarKey(name));
    return { body: bytes, size: bytes.length };
  } catch (err) {
    if (!(err instanceof StorageNotFoundError)) throw err;
  }
  try {
    const bytes = await fs.readFile(avatarFile(dataDir, name)!);
    return { body: bytes, size: bytes.length };
  } catch {
    return null;
  }
}
