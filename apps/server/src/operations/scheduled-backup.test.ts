import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { openInstallation, populate, type Installation } from '../../test/helpers/installation.js';
import { parseCron } from './cron.js';
import { readManifest } from './manifest.js';
import { runVerifyBackup } from './commands.js';
import { backupTick, runScheduledBackup } from './scheduled-backup.js';

const at = (iso: string) => new Date(iso);

describe('BACKUP_CRON / BACKUP_DIR / BACKUP_KEEP configuration', () => {
  it('accepts 5-field expressions and matches them in UTC', () => {
    const nightly = parseCron('30 3 * * *');
    expect(nightly.matches(at('2026-11-27T03:30:00Z'))).toBe(true);
    expect(nightly.matches(at('2026-11-27T03:31:00Z'))).toBe(false);
    const quarter = parseCron('*/15 8-18 * * 1-5');
    expect(quarter.matches(at('2026-11-27T08:45:00Z'))).toBe(true); // a Friday
    expect(quarter.matches(at('2026-11-28T08:45:00Z'))).toBe(false); // Saturday
    expect(quarter.matches(at('2026-11-27T08:50:00Z'))).toBe(false);
    const sunday = parseCron('0 0 * * 7');
    expect(sunday.matches(at('2026-11-29T00:00:00Z'))).toBe(true);
    // Both day fields restricted: either matches (cron's rule).
    const either = parseCron('0 0 1 * 1');
    expect(either.matches(at('2026-12-01T00:00:00Z'))).toBe(true); // the 1st, a Tuesday
    expect(either.matches(at('2026-11-30T00:00:00Z'))).toBe(true); // a Monday
    expect(either.matches(at('2026-11-29T00:00:00Z'))).toBe(false);
  });

  it('refuses a bad value at start-up, naming the variable', () => {
    for (const [env, name] of [
      [{ BACKUP_CRON: '0 3 * *' }, 'BACKUP_CRON: must be a 5-field cron expression'],
      [{ BACKUP_CRON: '61 3 * * *' }, 'BACKUP_CRON: must be a 5-field cron expression: minute "61"'],
      [{ BACKUP_CRON: 'daily' }, 'BACKUP_CRON'],
      [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
      [{ BACKUP_KEEP: 'three' }, 'BACKUP_KEEP'],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(name);
    }
    const ok = loadConfig({ NODE_ENV: 'test', BACKUP_CRON: '0 3 * * *', BACKUP_KEEP: '3' });
    expect(ok.BACKUP_CRON).toBe('0 3 * * *');
    expect(ok.BACKUP_KEEP).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test' }).BACKUP_KEEP).toBe(7);
  });
});

describe('scheduled backup (driven directly, embedded database in the server process)', { timeout: 300_000 }, () => {
  let dataDir: string;
  let backupDir: string;
  let inst: Installation;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-scheduled-'));
    backupDir = path.join(dataDir, 'elsewhere', 'backups');
    inst = await openInstallation(dataDir, { WORKERS_IN_PROCESS: 'false', BACKUP_CRON: '0 3 * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    await populate(inst.app, { users: 1, renders: 5 });
  }, 300_000);

  afterAll(async () => {
    await inst?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const deps = () => ({ database: inst.database, storage: inst.app.ctx.storage, config: inst.config, log: inst.app.log });

  it('writes a backup verify-backup accepts, while the server holds the database', async () => {
    const r = await runScheduledBackup(deps(), at('2026-11-25T03:00:00Z'));
    expect(r.dir).toBe(path.join(backupDir, '2026-11-25T03-00Z'));
    expect(r.pruned).toEqual([]);
    expect(readManifest(r.dir!).database.tables.find((t) => t.name === 'generated_images')!.rows).toBe(5);
    const verified = await runVerifyBackup([r.dir!], { config: inst.config });
    expect(verified.code, verified.output).toBe(0);
    expect(verified.output).toMatch(/is whole/);
  });

  it('skips a minute another process has taken', async () => {
    const r = await runScheduledBackup(deps(), at('2026-11-25T03:00:00Z'));
    expect(r.dir).toBeNull();
    expect(fs.readdirSync(backupDir)).toEqual(['2026-11-25T03-00Z']);
  });

  it('takes one on the schedule only: at a matching minute, not at others, not while one runs', async () => {
    const tick = backupTick({ ...deps(), config: { ...inst.config, BACKUP_CRON: inst.config.BACKUP_CRON! } });
    expect(await tick(at('2026-11-25T04:00:00Z'))).toBeNull();
    expect(await tick(at('2026-11-25T03:01:00Z'))).toBeNull();
    expect(fs.readdirSync(backupDir)).toEqual(['2026-11-25T03-00Z']);
    const [first, overlapping] = await Promise.all([tick(at('2026-11-26T03:00:00Z')), tick(at('2026-11-26T03:00:00Z'))]);
    expect(first).toBe(path.join(backupDir, '2026-11-26T03-00Z'));
    expect(overlapping).toBeNull();
    expect(fs.readdirSync(backupDir).sort()).toEqual(['2026-11-25T03-00Z', '2026-11-26T03-00Z']);
  });

  it('keeps the BACKUP_KEEP newest and deletes the older ones', async () => {
    fs.mkdirSync(path.join(backupDir, 'mine-do-not-touch'));
    const third = await runScheduledBackup(deps(), at('2026-11-27T03:00:00Z'));
    expect(third.pruned).toEqual([path.join(backupDir, '2026-11-25T03-00Z')]);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['2026-11-26T03-00Z', '2026-11-27T03-00Z', 'mine-do-not-touch']);
    const verified = await runVerifyBackup([third.dir!], { config: inst.config });
    expect(verified.code, verified.output).toBe(0);
  });
});
