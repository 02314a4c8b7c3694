import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, dropDatabase } from '../../test/helpers/database.js';
import { openInstallation, populate, type Installation } from '../../test/helpers/installation.js';
import { createUser } from '../../test/helpers/factories.js';
import { runDbCopy } from './db-copy.js';

/**
 * db-copy from a populated embedded installation (on disk, as `npm start` leaves it) into a new
 * PostgreSQL database, then the app on PostgreSQL answers the same. Needs the PostgreSQL at
 * PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';


function folderDigest(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)}:${fs.statSync(p).size}:${fs.statSync(p).mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort();
}

describe('admin db-copy', { timeout: 240_000 }, () => {
  let dataDir: string;
  let target: { name: string; url: string };
  const created: string[] = [];
  const before: Record<string, unknown>[] = [];
  let users: Awaited<ReturnType<typeof populate>> = [];
  let login: { email: string; password: string };
  let pending = 0;

  const snapshot = async (inst: Installation, u: (typeof users)[number]) => {
    const get = async (url: string) => {
      const res = await inst.app.inject({ method: 'GET', url, headers: u.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const strip = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/[?&](exp|sig|expires|signature)=[^"&]*/g, ''));
    return {
      me: strip(await get('/api/auth/me')),
      history: strip(await get('/api/runpod/history?limit=50')),
      inputs: strip(await get('/api/images/input-images')),
      keys: await get('/api/api-keys'),
      hooks: await get('/api/webhooks/endpoints'),
      masks: strip(await get(`/api/masks/${u.inputImageId}`)),
    };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dbcopy-'));
    const inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false' });
    try {
      // Over 1,000 renders: generated_images is read and written in several batches.
      users = await populate(inst.app, { users: 3, renders: 1100 });
      const person = await createUser(inst.app, { verified: true });
      login = { email: person.email, password: person.password! };
      // A render asked for while no worker runs: its jobs wait in pg-boss, and must still wait after the copy.
      const res = await inst.app.inject({
        method: 'POST',
        url: '/api/runpod/generate',
        headers: users[0].headers,
        payload: { inputImageId: users[0].inputImageId, variations: 2, prompt: '', settings: { creativity: 3, expressivity: 2, resemblance: 4, mode: 'photorealistic' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await inst.database.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'created'`);
      pending = Number(rows[0].n);
      expect(pending).toBeGreaterThan(0);
      for (const u of users) before.push(await snapshot(inst, u));
    } finally {
      await inst.close();
    }
    target = await createEmptyDatabase(ADMIN_URL);
    created.push(target.name);
  }, 300_000);

  afterAll(async () => {
    for (const name of created) await dropDatabase(ADMIN_URL, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('copies every table, checks it, and the app on PostgreSQL serves the same users, files, jobs and balances', async () => {
    const sourceBefore = folderDigest(path.join(dataDir, 'pglite'));
    const progress: number[] = [];
    const result = await runDbCopy(['--to', target.url], { config: { dataDir }, progress: (p) => progress.push(p.done) });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/All \d+ tables identical/);
    expect(result.output).toMatch(/public\.users\s+4\s/);
    expect(result.output).toMatch(/public\.generated_images\s+110\d\s/);
    expect(result.output).toMatch(/pgboss\.job\s+\d+/);
    expect(progress.at(-1)).toBeGreaterThan(1100);
    // The embedded database is untouched (not a byte, not a timestamp).
    expect(folderDigest(path.join(dataDir, 'pglite'))).toEqual(sourceBefore);

    const inst = await openInstallation(dataDir, { DATABASE_URL: target.url, WORKERS_IN_PROCESS: 'false' });
    try {
      for (const [i, u] of users.entries()) expect(await snapshot(inst, u)).toEqual(before[i]);
      // The same password logs in; the same files are served.
      const res = await inst.app.inject({ method: 'POST', url: '/api/auth/login', payload: login });
      expect(res.statusCode, res.body).toBe(200);
      const thumb = (before[0] as { history: { batches?: unknown } }).history;
      expect(JSON.stringify(thumb)).toContain('/api/files/');
      const { rows } = await inst.database.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'created'`);
      expect(Number(rows[0].n)).toBe(pending);
      // New rows get new ids past the copied ones.
      const another = await createUser(inst.app);
      const { rows: max } = await inst.database.query(`SELECT max(id)::int AS m FROM users WHERE id <> $1`, [another.id]);
      expect(another.id).toBeGreaterThan(Number(max[0].m));
    } finally {
      await inst.close();
    }

    const again = await runDbCopy(['--to', target.url], { config: { dataDir } });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a complete copy|not empty/);
  });

  it('refuses while the server has the embedded database open, a target with rows, and resumes its own interrupted run', async () => {
    const other = await createEmptyDatabase(ADMIN_URL);
    created.push(other.name);
    const unreachable = await runDbCopy(['--to', 'postgres://atelier:secret@127.0.0.1:1/atelier'], { config: { dataDir } });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toMatch(/^Cannot use the database postgres:\/\/atelier:\*\*\*@127\.0\.0\.1:1\/atelier: /);
    const running = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false' });
    try {
      const busy = await runDbCopy(['--to', other.url], { config: { dataDir } });
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/open in another process \(postmaster\.pid\): stop the server first/);
    } finally {
      await running.close();
    }
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query(`CREATE TABLE notes (id int)`);
      await client.query(`INSERT INTO notes VALUES (1)`);
      const refused = await runDbCopy(['--to', other.url], { config: { dataDir } });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/not empty \(rows in public\.notes\)/);
      await client.query(`DROP TABLE notes`);
      // An interrupted run: the schema made and two tables recorded as done, one half-filled.
      const first = await runDbCopy(['--to', other.url], { config: { dataDir } });
      expect(first.code, first.output).toBe(0);
      await client.query(`DELETE FROM atelier_ops.load_progress WHERE table_name IN ('*', '"public"."generated_images"')`);
      await client.query(`DELETE FROM generated_images WHERE id % 2 = 0`);
      const plain = await runDbCopy(['--to', other.url], { config: { dataDir } });
      expect(plain.code).toBe(1);
      expect(plain.output).toMatch(/--resume/);
      const resumed = await runDbCopy(['--to', other.url, '--resume'], { config: { dataDir } });
      expect(resumed.code, resumed.output).toBe(0);
      expect(resumed.output).toMatch(/All \d+ tables identical/);
    } finally {
      await client.end();
    }
  });
});
