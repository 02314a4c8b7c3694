import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk.js';
import { contentTypeForKey, InvalidStorageKeyError, isValidStorageKey, StorageNotFoundError, type Storage } from './storage.js';

describe('disk storage', () => {
  let dir: string;
  let storage: Storage;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-storage-'));
    storage = createDiskStorage(path.join(dir, 'files'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts, reads, streams, checks and deletes a file by key', async () => {
    const key = 'u/7/inputs/0b7c/original.jpg';
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(fs.readFileSync(path.join(dir, 'files', key), 'utf8')).toBe('jpeg bytes');
    expect((await storage.get(key)).toString()).toBe('jpeg bytes');
    expect(await storage.exists(key)).toBe(true);
    const { body, size } = await storage.stream!(key);
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');
    expect(size).toBe(10);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // The emptied folders go too; the root stays.
    expect(fs.existsSync(path.join(dir, 'files', 'u'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'files'))).toBe(true);
  });

  it('replaces a file whole and leaves no temporary files', async () => {
    await storage.put('u/1/a.png', Buffer.from('one'), 'image/png');
    await storage.put('u/1/a.png', Buffer.from('two'), 'image/png');
    expect((await storage.get('u/1/a.png')).toString()).toBe('two');
    expect(fs.readdirSync(path.join(dir, 'files', 'u', '1'))).toEqual(['a.png']);
  });

  it("deletes every file under a prefix (an account's folder) and nothing else", async () => {
    await storage.put('u/30/inputs/a/original.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('u/30/tweak/masks/m.png', Buffer.from('m'), 'image/png');
    await storage.put('u/301/inputs/b/original.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.deletePrefix('u/30/');
    expect(await storage.exists('u/30/inputs/a/original.jpg')).toBe(false);
    expect(await storage.exists('u/30/tweak/masks/m.png')).toBe(false);
    expect(await storage.exists('u/301/inputs/b/original.jpg')).toBe(true);
    await storage.deletePrefix('u/30/');
    await expect(storage.deletePrefix('u/30')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('copies within the storage', async () => {
    await storage.put('u/2/from.webp', Buffer.from('webp'), 'image/webp');
    await storage.copy!('u/2/from.webp', 'u/2/copy/to.webp');
    expect((await storage.get('u/2/copy/to.webp')).toString()).toBe('webp');
    await expect(storage.copy!('u/2/none.webp', 'u/2/x.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('reports a missing file as StorageNotFoundError, and deleting it is not an error', async () => {
    await expect(storage.get('u/9/missing.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.stream!('u/9/missing.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('u/9/missing.jpg')).resolves.toBeUndefined();
  });

  it.each(['../secret', 'u/1/../../etc/passwd', '/etc/passwd', 'u//a.jpg', 'u/./a.jpg', 'u/1/..', '', 'u\\1\\a.jpg', 'u/1/a b.jpg', 'u/1/.hidden'])(
    'refuses the key %j',
    async (key) => {
      expect(isValidStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('serves content types by extension', () => {
    expect(contentTypeForKey('u/1/a/original.jpg')).toBe('image/jpeg');
    expect(contentTypeForKey('u/1/a/processed.png')).toBe('image/png');
    expect(contentTypeForKey('u/1/a/thumb.webp')).toBe('image/webp');
    expect(contentTypeForKey('u/1/a/blob')).toBe('application/octet-stream');
  });
});
