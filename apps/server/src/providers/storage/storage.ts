import type { Readable } from 'node:stream';

/**
 * Where files live, by key. Keys are relative, slash-separated paths such as
 * `u/<userId>/inputs/<uuid>/original.jpg`: the owner's id is part of every user file's key.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes; throws StorageNotFoundError when the key has no file. */
  get(key: string): Promise<Buffer>;
  /** A stream of the bytes and their length; throws StorageNotFoundError when the key has no file. */
  stream?(key: string): Promise<{ body: Readable; size: number }>;
  exists(key: string): Promise<boolean>;
  /** Deleting a key that has no file is not an error. */
  delete(key: string): Promise<void>;
  /** A copy within the storage, without passing the bytes through the caller. */
  copy?(fromKey: string, toKey: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  readonly code = 'STORAGE_NOT_FOUND';
  constructor(public readonly key: string) {
    super(`No stored file for key ${key}`);
  }
}

export class InvalidStorageKeyError extends Error {
  readonly code = 'INVALID_STORAGE_KEY';
  constructor(public readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Whether a key is a plain relative path: segments of [A-Za-z0-9._-], no '.', '..', empty or absolute parts. */
export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
};

/** The content type a key is served with, from its extension. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
