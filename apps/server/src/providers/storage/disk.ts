import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidStorageKey, InvalidStorageKeyError, resolveByteRange, StorageNotFoundError, StorageRangeError, type Storage } from './storage.js';

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
    async putStream(key, body, _size) {
      const file = resolve(key);
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async stream(key, range) {
      const file = resolve(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
      const { size: total } = await handle.stat();
      if (!range) return { body: handle.createReadStream(), size: total };
      const bytes = resolveByteRange(range, total);
      if (!bytes) {
        await handle.close();
        throw new StorageRangeError(total);
      }
      return {
        body: handle.createReadStream({ start: bytes.start, end: bytes.end }),
        size: bytes.end - bytes.start + 1,
        range: { ...bytes, total },
      };
    },
    async stat(key) {
      try {
        const s = await fs.promises.stat(resolve(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async *list(prefix = '') {
      // Walks the folders under the root in order; temporary files of writes in progress are skipped.
      async function* walk(dir: string, rel: string): AsyncGenerator<{ key: string; size: number }> {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isNotFound(err)) return;
          throw err;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : 1));
        for (const e of entries) {
          const key = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) {
            if (prefix.startsWith(`${key}/`) || key.startsWith(prefix) || `${key}/`.startsWith(prefix)) yield* walk(path.join(dir, e.name), key);
          } else if (e.isFile() && key.startsWith(prefix) && !e.name.endsWith('.tmp')) {
            yield { key, size: (await fs.promises.stat(path.join(dir, e.name))).size };
          }
        }
      }
      yield* walk(base, '');
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
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new InvalidStorageKeyError(prefix);
      const dir = resolve(prefix.slice(0, -1));
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
    async sizeOfPrefix(prefix) {
      if (!prefix.endsWith('/')) throw new InvalidStorageKeyError(prefix);
      const dir = resolve(prefix.slice(0, -1));
      let total = 0;
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isNotFound(err)) return 0;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        // A file removed between the listing and its stat no longer counts.
        total += await fs.promises.stat(path.join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
      }
      return total;
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
