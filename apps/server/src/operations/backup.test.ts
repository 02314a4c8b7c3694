import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createStorage, type Storage } from '../providers/storage/index.js';
import { createEmptyDatabase, dropDatabase } from '../../test/helpers/database.js';
import { openInstallation, populate, type Installation } from '../../test/helpers/installation.js';
import { startS3Server, type TestS3Server } from '../../test/helpers/s3-server.js';
import { createUser } from '../../test/helpers/factories.js';
import { takeBackup } from './backup.js';
import { fileOf, readManifest, verifyBackup } from './manifest.js';
import { restoreBackup } from './restore.js';
import { runVerifyBackup } from './commands.js';

/**
 * backup → restore into empty installations of each kind (embedded + disk, PostgreSQL + disk,
 * PostgreSQL + S3), a backup taken while renders run, and verify-backup on a damaged copy.
 * PostgreSQL at PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `atelier-${name}-`));
const RENDER = { variations: 2, prompt: '', settings: { creativity: 3, expressivity: 2, resemblance: 4, mode: 'photorealistic' } };


/** Every file key the database's rows point at, and whether the storage has it. */
async function danglingKeys(database: Database, storage: Storage): Promise<{ keys: number; missing: string[] }> {
  const { rows } = await database.query(
    `SELECT k FROM (
       SELECT unnest(ARRAY[original_key, processed_key, thumbnail_key]) AS k FROM input_images WHERE files_deleted_at IS NULL
       UNION ALL SELECT unnest(ARRAY[image_key, processed_key, thumbnail_key]) FROM generated_images WHERE files_deleted_at IS NULL
       UNION ALL SELECT mask_key FROM mask_regions
       UNION ALL SELECT storage_key FROM tweak_files) x WHERE k IS NOT NULL`,
  );
  const missing: string[] = [];
  for (const r of rows) if (!(await storage.stat!(String(r.k)))) missing.push(String(r.k));
  return { keys: rows.length, missing };
}

describe('admin backup / restore / verify-backup', { timeout: 300_000 }, () => {
  let sourceDir: string;
  let backupDir: string;
  let users: Awaited<ReturnType<typeof populate>> = [];
  let login: { email: string; password: string };
  const before: unknown[] = [];
  const databases: string[] = [];
  const folders: string[] = [];
  let s3: TestS3Server | undefined;

  const answers = async (inst: Installation, u: (typeof users)[number]) => {
    const get = async (url: string) => {
      const res = await inst.app.inject({ method: 'GET', url, headers: u.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return JSON.parse(res.body.replace(/[?&](exp|sig|expires|signature)=[^"&]*/g, '')) as unknown;
    };
    return {
      me: await get('/api/auth/me'),
      history: await get('/api/runpod/history?limit=50'),
      inputs: await get('/api/images/input-images'),
      keys: await get('/api/api-keys'),
      hooks: await get('/api/webhooks/endpoints'),
      masks: await get(`/api/masks/${u.inputImageId}`),
    };
  };

  /** Restores the backup into a new installation (env: its DATABASE_URL / STORAGE), checks it answers as the source did. */
  async function restoreAndCompare(env: Record<string, string>) {
    const dataDir = tmp('restored');
    folders.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
    database.pool?.on('error', () => undefined);
    const storage = createStorage(config);
    let result;
    try {
      result = await restoreBackup({ database, storage, config }, backupDir, false);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/All \d+ tables identical/);
      expect((await danglingKeys(database, storage)).missing).toEqual([]);
      // A second restore into it is refused, and changes nothing.
      const again = await restoreBackup({ database, storage, config }, backupDir, false);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already holds a complete copy/);
    } finally {
      await database.close();
    }
    const inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false', ...env });
    try {
      for (const [i, u] of users.entries()) expect(await answers(inst, u)).toEqual(before[i]);
      expect((await inst.app.inject({ method: 'POST', url: '/api/auth/login', payload: login })).statusCode).toBe(200);
      // A stored file is served from the restored storage, byte for byte.
      const { rows } = await inst.database.query(`SELECT thumbnail_key FROM generated_images WHERE thumbnail_key IS NOT NULL LIMIT 1`);
      const bytes = await inst.app.ctx.storage.get(String(rows[0].thumbnail_key));
      expect(bytes.equals(fs.readFileSync(fileOf(backupDir, String(rows[0].thumbnail_key))))).toBe(true);
    } finally {
      await inst.close();
    }
  }

  beforeAll(async () => {
    sourceDir = tmp('backup-source');
    backupDir = path.join(tmp('backups'), 'one');
    folders.push(sourceDir, path.dirname(backupDir));
    const inst = await openInstallation(sourceDir, { WORKERS_IN_PROCESS: 'false' });
    try {
      users = await populate(inst.app, { users: 2, renders: 40 });
      const person = await createUser(inst.app, { verified: true });
      login = { email: person.email, password: person.password! };
      const res = await inst.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: users[0].headers, payload: { inputImageId: users[0].inputImageId, ...RENDER } });
      expect(res.statusCode, res.body).toBe(200);
      for (const u of users) before.push(await answers(inst, u));
      const result = await takeBackup({ database: inst.database, storage: inst.app.ctx.storage, config: inst.config }, backupDir, 'copied');
      expect(result.code, result.output).toBe(0);
    } finally {
      await inst.close();
    }
  }, 300_000);

  afterAll(async () => {
    await s3?.stop();
    for (const name of databases) await dropDatabase(ADMIN_URL, name);
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  }, 120_000);

  it('writes a manifest of every table and file that verify-backup accepts', async () => {
    const manifest = readManifest(backupDir);
    expect(manifest.database.tables.map((t) => `${t.schema}.${t.name}`)).toEqual(expect.arrayContaining(['public.users', 'public.credit_transactions', 'public.api_keys', 'pgboss.job']));
    expect(manifest.database.tables.find((t) => t.name === 'generated_images')!.rows).toBe(42);
    expect(manifest.files.entries.length).toBeGreaterThan(10);
    // Distinct keys: the seeded renders of a user share one stored image.
    expect(manifest.references).toEqual(expect.arrayContaining([`u/${users[0].id}/generated/seed-file/image.png`]));
    expect(manifest.references.every((k) => manifest.files.entries.some((f) => f.key === k))).toBe(true);
    expect(manifest.jwtSecret).toBe(true);
    const ok = await runVerifyBackup([backupDir], { config: loadConfig({ NODE_ENV: 'test' }) });
    expect(ok.code, ok.output).toBe(0);
  });

  it('restores into an empty embedded installation: identical', async () => {
    await restoreAndCompare({});
  });

  it('restores into an empty PostgreSQL installation: identical', async () => {
    const db = await createEmptyDatabase(ADMIN_URL);
    databases.push(db.name);
    await restoreAndCompare({ DATABASE_URL: db.url });
  });

  it('restores into PostgreSQL with the files in S3: identical', async () => {
    s3 = await startS3Server('atelier-restore');
    const db = await createEmptyDatabase(ADMIN_URL);
    databases.push(db.name);
    await restoreAndCompare({ DATABASE_URL: db.url, ...s3.env });
  });

  it('--files=reference on S3: lists and hashes the bucket, and restores the database next to the same bucket', async () => {
    const bucket = await startS3Server('atelier-reference');
    try {
      const sourceData = tmp('s3-source');
      const restoredData = tmp('s3-restored');
      folders.push(sourceData, restoredData);
      const dir = path.join(path.dirname(backupDir), 'reference');
      const inst = await openInstallation(sourceData, { WORKERS_IN_PROCESS: 'false', ...bucket.env });
      let want: unknown;
      let u: (typeof users)[number];
      try {
        [u] = await populate(inst.app, { users: 1, renders: 8 });
        want = await answers(inst, u);
        const onDisk = await takeBackup({ database: inst.database, storage: createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: sourceData })), config: inst.config }, dir, 'reference');
        expect(onDisk.code).toBe(1);
        const result = await takeBackup({ database: inst.database, storage: inst.app.ctx.storage, config: inst.config }, dir, 'reference');
        expect(result.code, result.output).toBe(0);
        const manifest = readManifest(dir);
        expect(manifest.files.mode).toBe('reference');
        expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
        const f = manifest.files.entries.find((e) => e.key.endsWith('/image.png'))!;
        expect(f.sha256).toBe(crypto.createHash('sha256').update(await inst.app.ctx.storage.get(f.key)).digest('hex'));
      } finally {
        await inst.close();
      }
      expect(await verifyBackup(dir)).toEqual([]);
      const db = await createEmptyDatabase(ADMIN_URL);
      databases.push(db.name);
      const env = { DATABASE_URL: db.url, ...bucket.env };
      const database = await openDatabase({ databaseUrl: db.url });
      database.pool?.on('error', () => undefined);
      try {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredData, ...env });
        const restored = await restoreBackup({ database, storage: createStorage(config), config }, dir, false);
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toMatch(/bucket already holds all \d+/);
      } finally {
        await database.close();
      }
      const after = await openInstallation(restoredData, { WORKERS_IN_PROCESS: 'false', ...env });
      try {
        expect(await answers(after, u!)).toEqual(want);
      } finally {
        await after.close();
      }
    } finally {
      await bucket.stop();
    }
  });

  it('verify-backup (and restore) catch a damaged file, a truncated one and a missing table', async () => {
    const damaged = path.join(path.dirname(backupDir), 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const manifest = readManifest(damaged);
    const [first, second] = manifest.files.entries;
    const flipped = fs.readFileSync(fileOf(damaged, first.key));
    flipped[flipped.length >> 1] ^= 0xff;
    fs.writeFileSync(fileOf(damaged, first.key), flipped);
    fs.truncateSync(fileOf(damaged, second.key), 3);
    fs.rmSync(path.join(damaged, 'db', 'public.api_keys.jsonl'));
    const problems = await verifyBackup(damaged);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^files/${first.key}: SHA-256 [0-9a-f]{64}, the manifest says ${first.sha256}$`)),
        `files/${second.key}: 3 bytes, the manifest says ${second.size}`,
        'db/public.api_keys.jsonl: missing',
      ]),
    );
    const cli = await runVerifyBackup([damaged], { config: loadConfig({ NODE_ENV: 'test' }) });
    expect(cli.code).toBe(1);
    const dataDir = tmp('restore-damaged');
    folders.push(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const restored = await restoreBackup({ database, storage: createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })), config: { dataDir } }, damaged, false);
      expect(restored.code).toBe(1);
      expect(restored.output).toMatch(/does not match its manifest; nothing restored/);
      const { rows } = await database.query(`SELECT to_regclass('users') IS NULL AS empty`);
      expect(rows[0].empty).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('a backup taken while renders run restores without a row pointing at a missing file', async () => {
    const dataDir = tmp('busy');
    folders.push(dataDir);
    const dir = path.join(path.dirname(backupDir), 'busy');
    const inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'true' });
    try {
      const [u] = await populate(inst.app, { users: 1, renders: 8 });
      const renders = [];
      for (let i = 0; i < 3; i += 1) {
        renders.push(inst.app.inject({ method: 'POST', url: '/api/runpod/generate', headers: u.headers, payload: { inputImageId: u.inputImageId, ...RENDER } }));
      }
      // The backup starts while the renders are asked for and worked on.
      const backup = takeBackup({ database: inst.database, storage: inst.app.ctx.storage, config: inst.config }, dir, 'copied');
      const [result, ...responses] = await Promise.all([backup, ...renders]);
      for (const r of responses) expect(r.statusCode, r.body).toBe(200);
      expect(result.code, result.output).toBe(0);
    } finally {
      await inst.close();
    }
    expect(await verifyBackup(dir)).toEqual([]);
    const restoredDir = tmp('busy-restored');
    folders.push(restoredDir);
    const database = await openDatabase({ dataDir: restoredDir });
    try {
      const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir }));
      const result = await restoreBackup({ database, storage, config: { dataDir: restoredDir } }, dir, false);
      expect(result.code, result.output).toBe(0);
      const { keys, missing } = await danglingKeys(database, storage);
      expect(keys).toBeGreaterThan(8);
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('fails loudly, writing no manifest, when a file a row points at is deleted during the backup', async () => {
    const dataDir = tmp('deleting');
    folders.push(dataDir);
    const dir = path.join(path.dirname(backupDir), 'deleting');
    const inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false' });
    try {
      const [u] = await populate(inst.app, { users: 1, renders: 4 });
      const { rows } = await inst.database.query(`SELECT original_key FROM input_images WHERE user_id = $1`, [u.id]);
      const victim = String(rows[0].original_key);
      let deleted = false;
      const result = await takeBackup(
        {
          database: inst.database,
          storage: inst.app.ctx.storage,
          config: inst.config,
          // Once the snapshot is taken and the files' turn comes, the file goes (as a cleanup would delete it).
          progress: (p) => {
            if (p.unit !== 'rows' && !deleted) {
              deleted = true;
              fs.rmSync(path.join(dataDir, 'files', ...victim.split('/')));
            }
          },
        },
        dir,
        'copied',
      );
      expect(deleted).toBe(true);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`NOT usable`);
      expect(result.output).toContain(victim);
      expect(fs.existsSync(path.join(dir, 'manifest.json'))).toBe(false);
    } finally {
      await inst.close();
    }
  });
});
