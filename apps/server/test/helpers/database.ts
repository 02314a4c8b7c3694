import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';

/**
 * A new name for a database created on PostgreSQL by a test or bench: DATABASE_NAME_PREFIX
 * (default `atelier`) tells parallel runs' databases apart, so each can find and drop its own.
 */
export function newDatabaseName(kind: 'test' | 'bench' | 'mp'): string {
  const prefix = process.env.DATABASE_NAME_PREFIX || 'atelier';
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(prefix)) throw new Error('DATABASE_NAME_PREFIX must be a lower-case SQL name (letters, digits, _; 40 at most)');
  return `${prefix}_${kind}_${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * Drops a database made by `newDatabaseName`. Its users have ended their pools, but pg's
 * pool.end() resolves before the connections have closed: DROP … FORCE would terminate them, and
 * the FATAL 57P01 surfaces as an unhandled error in whichever pool (the app's, pg-boss's, the
 * live messages' listener) they belonged to. So it waits for them to go first (a few ms; at most
 * 10 s, after which FORCE ends what is left).
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A new, empty (unmigrated) PostgreSQL database next to `adminUrl`'s: its name and URL. Drop it with dropDatabase. */
export async function createEmptyDatabase(adminUrl: string, kind: 'test' | 'bench' = 'test'): Promise<{ name: string; url: string }> {
  const name = newDatabaseName(kind);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * DATABASE_URL is set, a new PostgreSQL database created for this file and dropped after it.
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: null });
    await runMigrations(database);
    return { ...database, drop: () => database.close() };
  }
  const name = newDatabaseName('test');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    async drop() {
      database.pool?.on('error', () => {});
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
