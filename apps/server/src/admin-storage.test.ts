import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/helpers/s3-server.js';
import { runStorageCopy } from './admin-storage.js';
import { loadConfig, type Config } from './config.js';
import { createDiskStorage, createS3Storage, s3Options } from './providers/storage/index.js';
import type { CopyProgress } from './providers/storage/copy.js';

/** `admin storage-copy --to s3` on a small installation (DATA_DIR/files and legacy avatars) into a real S3 server. */
let s3: TestS3Server;
let dataDir: string;
let config: Config;

const files: Record<string, Buffer> = {
  'u/1/inputs/a1/original.jpg': Buffer.alloc(70_000, 1),
  'u/1/inputs/a1/processed.png': Buffer.alloc(50_000, 2),
  'u/1/inputs/a1/thumb.webp': Buffer.alloc(4_000, 3),
  'u/2/generated/9/result.png': Buffer.alloc(120_000, 4),
  'u/2/tweak/3/mask.png': Buffer.alloc(900, 5),
};
const legacyAvatar = `-${'b'.repeat(31)}.webp`;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-copy-'));
  const disk = createDiskStorage(path.join(dataDir, 'files'));
  for (const [key, bytes] of Object.entries(files)) await disk.put(key, bytes, 'application/octet-stream');
  fs.mkdirSync(path.join(dataDir, 'avatars'));
  fs.writeFileSync(path.join(dataDir, 'avatars', legacyAvatar), Buffer.alloc(3_000, 6));
  config = loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_PREFIX: 'prod/' });
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('admin storage-copy --to s3', () => {
  const bucket = () => createS3Storage(s3Options(config));

  it('copies every file with a progress bar and a final count, then skips them on a second run', async () => {
    const seen: CopyProgress[] = [];
    const first = await runStorageCopy(['--to', 's3'], { config, progress: (p) => seen.push(p) });
    expect(first.output).toContain('6 file(s) in the source: 6 copied');
    expect(first.output).toContain('0 failed');
    expect(first.output).toContain('sizes verified');
    expect(first.code).toBe(0);
    expect(seen.at(0)).toMatchObject({ done: 0, total: 6 });
    expect(seen.at(-1)).toMatchObject({ done: 6, total: 6, bytes: 247_900, totalBytes: 247_900 });

    for (const [key, bytes] of Object.entries(files)) expect(await bucket().get(key)).toEqual(bytes);
    expect((await bucket().stat!(`avatars/avatar-${legacyAvatar}`))?.size).toBe(3_000);

    const second = await runStorageCopy(['--to', 's3'], { config });
    expect(second.code).toBe(0);
    expect(second.output).toContain('6 file(s) in the source: 0 copied (0.0 MB), 6 already in the bucket atelier-test under prod/ with the same size');
  });

  it('resumes: copies again only what is missing or of another size', async () => {
    await bucket().delete('u/2/generated/9/result.png');
    await bucket().put('u/1/inputs/a1/thumb.webp', Buffer.from('half'), 'image/webp');
    const r = await runStorageCopy(['--to', 's3'], { config });
    expect(r.code).toBe(0);
    expect(r.output).toContain('2 copied');
    expect(r.output).toContain('4 already in');
    expect(await bucket().get('u/1/inputs/a1/thumb.webp')).toEqual(files['u/1/inputs/a1/thumb.webp']);
  });

  it('refuses without a target or a bucket, naming what to set', async () => {
    expect((await runStorageCopy([], { config })).output).toMatch(/^Usage: npm run admin -- storage-copy --to s3/);
    const noBucket = await runStorageCopy(['--to', 's3'], { config: loadConfig({ DATA_DIR: dataDir }) });
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toMatch(/^S3_BUCKET is not set/);
    const wrongBucket = await runStorageCopy(['--to', 's3'], { config: loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'missing' }) });
    expect(wrongBucket.output).toMatch(/S3_BUCKET: the bucket "missing" does not exist/);
  });
});
