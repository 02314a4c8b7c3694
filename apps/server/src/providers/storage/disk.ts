import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertValidStorageKey, StorageNotFoundError, type Storage } from './storage.js';

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files under one root directory (DATA_DIR/files). Writes go to a temporary file renamed into
 * place, so a reader never sees half a file.
 */
export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string): string => {
    assertValidStorageKey(key);
    const full = path.resolve(base, key);
    // Belt and braces: the key rules already keep every path inside the root.
    if (!full.startsWith(base + path.sep)) throw new StorageNotFoundError(key);
    return full;
  };

  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = resolve(key);
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      // Twice: a concurrent delete may remove the (then empty) folder between mkdir and write.
      for (let attempt = 1; ; attempt++) {
        try {
          await fs.promises.mkdir(path.dirname(file), { recursive: true });
          await fs.promises.writeFile(tmp, bytes);
          await fs.promises.rename(tmp, file);
          return;
        } catch (err) {
          await fs.promises.rm(tmp, { force: true });
          if (attempt >= 2 || !isNotFound(err)) throw err;
        }
      }
    },
    async get(key) {
      try {
        return await fs.promises.readFile(resolve(key));
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },
    async stream(key) {
      const file = resolve(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(resolve(key))).isFile();
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fs.promises.rm(file, { force: true });
      // Remove directories left empty, up to the root (keys share folders like u/1/inputs/<uuid>/).
      let dir = path.dirname(file);
      while (dir.startsWith(base + path.sep)) {
        try {
          await fs.promises.rmdir(dir);
        } catch {
          break;
        }
        dir = path.dirname(dir);
      }
    },
    async copy(fromKey, toKey) {
      const from = resolve(fromKey);
      const to = resolve(toKey);
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      try {
        await fs.promises.copyFile(from, to);
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(fromKey);
        throw err;
      }
    },
  };
}
