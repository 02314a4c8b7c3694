import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js';
import { createDiskStorage } from './disk.js';
import { createS3Client, createS3Storage } from './s3.js';
import { parseRangeHeader, StorageConfigError, StorageNotFoundError, StorageRangeError, type Storage } from './storage.js';

/**
 * The storage contract, run against each provider: disk (a temporary DATA_DIR/files) and S3
 * (a real S3-protocol server, s3rver, on a free port). The product only relies on what is here.
 */
async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let dir: string;
let s3: TestS3Server;
const providers: Record<string, () => Storage> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-contract-'));
  s3 = await startS3Server();
  const disk = createDiskStorage(path.join(dir, 'files'));
  const opts = { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
  const bucketStorage = createS3Storage({ ...opts, prefix: 'site-a/' });
  providers.disk = () => disk;
  providers.s3 = () => bucketStorage;
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('the %s storage', (name) => {
  const storage = () => providers[name]!();

  it('puts, gets, checks, sizes and deletes a file', async () => {
    const key = 'u/7/inputs/0b7c/original.jpg';
    await storage().put(key, bytes, 'image/jpeg');
    expect(await storage().get(key)).toEqual(bytes);
    expect(await storage().exists(key)).toBe(true);
    expect(await storage().stat!(key)).toEqual({ size: 1000 });
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().stat!(key)).toBeNull();
    await expect(storage().get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    // Deleting again is not an error.
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('streams a whole file and byte ranges of it', async () => {
    const key = 'u/7/generated/1/result.png';
    await storage().put(key, bytes, 'image/png');
    const whole = await storage().stream!(key);
    expect(whole.size).toBe(1000);
    expect(whole.range).toBeUndefined();
    expect(await readAll(whole.body)).toEqual(bytes);

    const middle = await storage().stream!(key, { start: 100, end: 199 });
    expect(middle.range).toEqual({ start: 100, end: 199, total: 1000 });
    expect(middle.size).toBe(100);
    expect(await readAll(middle.body)).toEqual(bytes.subarray(100, 200));

    const open = await storage().stream!(key, { start: 990 });
    expect(open.range).toEqual({ start: 990, end: 999, total: 1000 });
    expect(await readAll(open.body)).toEqual(bytes.subarray(990));

    const suffix = await storage().stream!(key, { suffix: 10 });
    expect(suffix.range).toEqual({ start: 990, end: 999, total: 1000 });
    expect(await readAll(suffix.body)).toEqual(bytes.subarray(990));

    const pastEnd = await storage().stream!(key, { start: 900, end: 5000 });
    expect(pastEnd.range).toEqual({ start: 900, end: 999, total: 1000 });
    expect((await readAll(pastEnd.body)).length).toBe(100);

    const err = await storage().stream!(key, { start: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageRangeError);
    expect((err as StorageRangeError).total).toBe(1000);
    await expect(storage().stream!('u/7/none.png')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('writes a stream of known length and copies within the storage', async () => {
    await storage().putStream!('u/8/big.webp', Readable.from([bytes.subarray(0, 300), bytes.subarray(300)]), 1000, 'image/webp');
    await storage().copy!('u/8/big.webp', 'u/8/copy/big.webp');
    expect(await storage().get('u/8/copy/big.webp')).toEqual(bytes);
    await expect(storage().copy!('u/8/none.webp', 'u/8/x.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('lists files by prefix with their sizes (for cleanup and storage-copy)', async () => {
    await storage().put('u/9/a/one.png', Buffer.from('1'), 'image/png');
    await storage().put('u/9/a/two.png', Buffer.from('22'), 'image/png');
    await storage().put('u/9/b/three.png', Buffer.from('333'), 'image/png');
    await storage().put('u/90/other.png', Buffer.from('4444'), 'image/png');
    const listed = await collect(storage().list!('u/9/'));
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'u/9/a/one.png', size: 1 },
      { key: 'u/9/a/two.png', size: 2 },
      { key: 'u/9/b/three.png', size: 3 },
    ]);
    const all = (await collect(storage().list!())).map((f) => f.key);
    expect(all).toEqual(expect.arrayContaining(['u/9/a/one.png', 'u/90/other.png']));
    await Promise.all(listed.map((f) => storage().delete(f.key)));
    expect(await collect(storage().list!('u/9/'))).toEqual([]);
  });

  it('passes its start-up check', async () => {
    await expect(storage().check?.() ?? Promise.resolve()).resolves.toBeUndefined();
  });
});

describe('the S3 storage', () => {
  it('keeps its objects under S3_PREFIX and pages through long listings', async () => {
    const opts = { region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    const other = createS3Storage({ ...opts, bucket: s3.bucket, prefix: 'site-b/' });
    const bare = createS3Storage({ ...opts, bucket: s3.bucket });
    await other.put('u/1/x.png', Buffer.from('x'), 'image/png');
    expect((await collect(bare.list!('site-b/'))).map((f) => f.key)).toEqual(['site-b/u/1/x.png']);
    expect(await providers.s3!().exists('u/1/x.png')).toBe(false);

    // Listings come in pages (1000 keys on S3; 2 here) joined by continuation tokens.
    const paged = createS3Storage({ ...opts, bucket: s3.bucket, prefix: 'site-b/', listPageSize: 2 });
    const many = Array.from({ length: 7 }, (_, i) => `u/2/f${i}.png`);
    for (const k of many) await other.put(k, Buffer.from('p'), 'image/png');
    expect((await collect(paged.list!('u/2/'))).map((f) => f.key)).toEqual(many);
  });

  it('gives presigned URLs that fetch the object', async () => {
    await providers.s3!().put('u/3/p.png', bytes, 'image/png');
    const url = await providers.s3!().presignedUrl!('u/3/p.png', 60);
    expect(url).toContain('X-Amz-Signature');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('names the variable to fix when the start-up check fails', async () => {
    const opts = { region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    const noBucket = await createS3Storage({ ...opts, bucket: 'no-such-bucket' }).check!().catch((e: unknown) => e);
    expect(noBucket).toBeInstanceOf(StorageConfigError);
    expect((noBucket as StorageConfigError).variable).toBe('S3_BUCKET');
    expect((noBucket as Error).message).toMatch(/^S3_BUCKET: the bucket "no-such-bucket" does not exist/);

    const badSecret = await createS3Storage({ ...opts, bucket: s3.bucket, accessKeyId: 'NOT-A-KEY' }).check!().catch((e: unknown) => e);
    expect((badSecret as StorageConfigError).variable).toBe('S3_ACCESS_KEY_ID');

    const client = createS3Client({ ...opts, endpoint: 'http://127.0.0.1:9' });
    const unreachable = await createS3Storage({ ...opts, endpoint: 'http://127.0.0.1:9', bucket: s3.bucket }, client).check!().catch((e: unknown) => e);
    expect((unreachable as StorageConfigError).variable).toBe('S3_ENDPOINT');
  });
});

describe('Range headers', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-50', { suffix: 50 }],
    ['bytes=5-3', null],
    ['bytes=0-1,5-9', null],
    ['items=0-1', null],
    ['bytes=-', null],
    [undefined, null],
  ])('%j is %j', (header, range) => {
    expect(parseRangeHeader(header)).toEqual(range);
  });
});
