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
  /**
   * A stream of the bytes and their length; throws StorageNotFoundError when the key has no
   * file. With a range, only those bytes (`size` is then the range's length, `range` says which
   * bytes of `total` they are); a range past the end throws StorageRangeError.
   */
  stream?(key: string, range?: ByteRange): Promise<StoredStream>;
  exists(key: string): Promise<boolean>;
  /** The size of a stored file, or null when the key has no file. */
  stat?(key: string): Promise<{ size: number } | null>;
  /** Deleting a key that has no file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every file whose key starts with `prefix` (a folder such as `u/<userId>/`, ending in
   * '/'); used when an account is deleted. No file under it is not an error.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Total bytes of the files under `prefix` (an account's folder): the storage quota's measure. */
  sizeOfPrefix(prefix: string): Promise<number>;
  /** A copy within the storage, without passing the bytes through the caller. */
  copy?(fromKey: string, toKey: string): Promise<void>;
  /** Writes a stream of a known length (large files are never held whole in memory). */
  putStream?(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` (all without one), in pages, with sizes. */
  list?(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** A short-lived URL of the object itself (S3 presigned GET), when the storage has one. */
  presignedUrl?(key: string, ttlSeconds: number): Promise<string>;
  /** Checks the storage can be used (S3: HeadBucket); throws StorageConfigError naming the variable. */
  check?(): Promise<void>;
}

/** `bytes=start-end` (end inclusive, optional) or `bytes=-suffix` (the last bytes). */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredStream {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  /** Set when a range was asked for: the bytes sent and the file's whole size. */
  range?: { start: number; end: number; total: number };
}

/** The range cannot be served (starts past the end of a file of `total` bytes). */
export class StorageRangeError extends Error {
  readonly code = 'STORAGE_RANGE_NOT_SATISFIABLE';
  constructor(public readonly total: number) {
    super(`Range not satisfiable (file of ${total} bytes)`);
  }
}

/** A storage that cannot be used as configured; `variable` names the setting to fix. */
export class StorageConfigError extends Error {
  constructor(
    public readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
  }
}

/** The byte positions of a range in a file of `total` bytes, or null when none of it is there. */
export function resolveByteRange(range: ByteRange, total: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || total === 0) return null;
    return { start: Math.max(0, total - range.suffix), end: total - 1 };
  }
  if (range.start >= total || (range.end !== undefined && range.end < range.start)) return null;
  return { start: range.start, end: Math.min(total - 1, range.end ?? total - 1) };
}

/**
 * The one range of a Range header (`bytes=…`), or null to serve the whole file: absent,
 * malformed and multi-range headers are answered with the whole file, as RFC 9110 allows.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  const m = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  if (m[2] === '') return { start: Number(m[1]) };
  return Number(m[2]) < Number(m[1]) ? null : { start: Number(m[1]), end: Number(m[2]) };
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
