import path from 'node:path';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import { StorageConfigError as StorageConfigErrorClass, type Storage } from './storage.js';

export {
  contentTypeForKey,
  isValidStorageKey,
  parseRangeHeader,
  StorageConfigError,
  StorageNotFoundError,
  StorageRangeError,
  type Storage,
  type StoredStream,
} from './storage.js';
export { createDiskStorage } from './disk.js';
export { createS3Storage } from './s3.js';

export type StorageConfig = Pick<
  Config,
  'STORAGE' | 'dataDir' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'
>;

/** The folder of STORAGE=disk (also the source of `admin storage-copy`). */
export const diskStorageRoot = (dataDir: string) => path.join(dataDir, 'files');

/** STORAGE=disk (the default): DATA_DIR/files. STORAGE=s3: one bucket (S3_*). */
export function createStorage(config: StorageConfig): Storage {
  switch (config.STORAGE) {
    case 'disk':
      return createDiskStorage(diskStorageRoot(config.dataDir));
    case 's3':
      return createS3Storage(s3Options(config));
  }
}

export function s3Options(config: StorageConfig) {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE=s3');
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  };
}

/**
 * The start-up check of the configured storage (S3: HeadBucket). A bad configuration stops
 * the process with a message naming the variable to fix.
 */
export async function checkStorageOrExit(storage: Storage): Promise<void> {
  try {
    await storage.check?.();
  } catch (err) {
    if (!(err instanceof StorageConfigErrorClass)) throw err;
    process.stderr.write(`Invalid configuration:\n  ${err.message}\n`);
    process.exit(1);
  }
}
