import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';

// Issue 15 part 7: the Blender add-on is downloaded from the server as an installable zip.

/** The entries of a zip, read from its central directory, each inflated and checked against its CRC. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(localAt)).toBe(0x04034b50);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const packed = zip.subarray(dataAt, dataAt + packedSize);
    const data = method === 8 ? zlib.inflateRawSync(packed) : packed;
    expect(zlib.crc32(data), name).toBe(crc);
    entries.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('GET /api/plugins/blender-addon.zip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves the add-on as a zip attachment with the folder atelier_bridge/ inside, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plugins/blender-addon.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="atelier_bridge.zip"');
    const entries = readZip(res.rawPayload);
    expect([...entries.keys()].every((name) => name.startsWith('atelier_bridge/') && name.endsWith('.py'))).toBe(true);
    const init = entries.get('atelier_bridge/__init__.py')?.toString('utf8');
    expect(init).toContain('bl_info = {');
    expect(init).toContain('bl_idname = "atelier.send_view"');
    for (const module of ['id_pass', 'render', 'upload']) expect(entries.has(`atelier_bridge/${module}.py`)).toBe(true);
  });
});
