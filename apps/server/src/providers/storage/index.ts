import path from 'node:path';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import type { Storage } from './storage.js';

export {
  assertValidStorageKey,
  contentTypeForKey,
  InvalidStorageKeyError,
  isValidStorageKey,
  StorageNotFoundError,
  type Storage,
} from './storage.js';
export { createDiskStorage } from './disk.js';

/** STORAGE=disk (the default): DATA_DIR/files. An s3 adapter is a later addition. */
export function createStorage(config: Pick<Config, 'STORAGE' | 'dataDir'>): Storage {
  switch (config.STORAGE) {
    case 'disk':
      return createDiskStorage(path.join(config.dataDir, 'files'));
  }
}
