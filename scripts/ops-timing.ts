/**
 * Times the operator's data commands on an installation of at least 1,000 renders, as an
 * operator runs them (`npm run admin -- …` in their own processes):
 *
 *   DATABASE_NAME_PREFIX=me npm run ops:timing -- [RENDERS]
 *
 * 1. populates an embedded installation (DATA_DIR with PGlite on disk, files on disk) through the
 *    app's services: users with plans and credits, input images with regions, RENDERS renders,
 *    API keys and webhooks, one render's jobs waiting in pg-boss;
 * 2. db-copy into a new PostgreSQL database (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres);
 * 3. backup of the embedded installation, verify-backup, restore into a new PostgreSQL database
 *    and into a new embedded installation;
 * printing every command, its output and its wall time. Everything it made is removed at the end.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmptyDatabase, dropDatabase } from '../apps/server/test/helpers/database.js';
import { openInstallation, populate } from '../apps/server/test/helpers/installation.js';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RENDERS = Number(process.argv[2] ?? 1200);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');


function admin(args: string[], env: Record<string, string>): number {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v.replace(/\/tmp\/[^/]+/, '$TMP')}`).join(' ');
  process.stdout.write(`\n$ ${shown} npm run admin -- ${args.join(' ')}\n`);
  const started = process.hrtime.bigint();
  const r = spawnSync('npx', ['tsx', 'apps/server/src/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env, DATABASE_URL: env.DATABASE_URL ?? '' },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(`${r.stderr}${r.stdout}(exit ${r.status}, ${seconds.toFixed(1)} s wall, the process's start included)\n`);
  return seconds;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-ops-'));
  const dataDir = path.join(tmp, 'installation');
  const databases: string[] = [];
  try {
    const started = Date.now();
    const inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false' });
    const users = await populate(inst.app, { users: 10, renders: RENDERS });
    const res = await inst.app.inject({
      method: 'POST',
      url: '/api/runpod/generate',
      headers: users[0].headers,
      payload: { inputImageId: users[0].inputImageId, variations: 4, prompt: '', settings: { creativity: 3, expressivity: 2, resemblance: 4, mode: 'photorealistic' } },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const { rows } = await inst.database.query(
      `SELECT (SELECT count(*) FROM generated_images)::int AS renders, (SELECT count(*) FROM pgboss.job WHERE state = 'created')::int AS waiting`,
    );
    await inst.close();
    process.stdout.write(`Populated ${dataDir}: ${rows[0].renders} renders, ${rows[0].waiting} jobs waiting (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

    const copyTarget = await createEmptyDatabase(ADMIN_URL, 'bench');
    databases.push(copyTarget.name);
    admin(['db-copy', '--to', copyTarget.url], { DATA_DIR: dataDir });
    admin(['db-copy', '--to', copyTarget.url], { DATA_DIR: dataDir });

    const backupDir = path.join(tmp, 'backup');
    admin(['backup', '--out', backupDir], { DATA_DIR: dataDir });
    admin(['verify-backup', backupDir], {});
    const restoreTarget = await createEmptyDatabase(ADMIN_URL, 'bench');
    databases.push(restoreTarget.name);
    admin(['restore', '--from', backupDir], { DATA_DIR: path.join(tmp, 'restored-pg'), DATABASE_URL: restoreTarget.url });
    admin(['restore', '--from', backupDir], { DATA_DIR: path.join(tmp, 'restored-pglite') });
  } finally {
    for (const name of databases) await dropDatabase(ADMIN_URL, name);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
