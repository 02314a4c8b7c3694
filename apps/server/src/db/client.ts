import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzleClientOf, rawQueryOptions } from './pglite-parsers.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` where they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SqlRunner = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for infrastructure code (migrations, job queue, LISTEN/NOTIFY). */
  query: SqlRunner;
  /** The underlying client, for adapters that need it (pg-boss, LISTEN). */
  pglite?: PGlite;
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string | null }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      connectionString: opts.databaseUrl,
      query: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = dir ? new PGlite(dir) : new PGlite();
  await pglite.waitReady;
  const db = drizzlePglite({ client: drizzleClientOf(pglite), schema }) as unknown as Db;
  const raw = rawQueryOptions(pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    query: async (text, params) => {
      const r = await pglite.query(text, params as unknown[], raw);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    close: () => pglite.close(),
  };
}
