import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, SqlRunner } from './client.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies db/migrations/NNNN_name.sql in order, once each, recorded in atelier_migrations.
 * Plain SQL files (written by hand or copied from `drizzle-kit generate`) so that modules can
 * add their tables independently: each module has its own number.
 */
export async function runMigrations(database: Database): Promise<string[]> {
  if (!database.pool) return applyAll(database.query);
  // One connection for the whole run, so BEGIN/COMMIT and the advisory lock hold.
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    return await applyAll(async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows }));
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

async function applyAll(query: SqlRunner): Promise<string[]> {
  await query(
    `CREATE TABLE IF NOT EXISTS atelier_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set((await query('SELECT name FROM atelier_migrations')).rows.map((r) => String(r.name)));
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    // Statements separated by drizzle's breakpoint marker or by blank-line-terminated semicolons.
    const statements = sql
      .split(/--> statement-breakpoint|;\s*\n\s*\n/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(s));
    await query('BEGIN');
    try {
      for (const stmt of statements) await query(stmt);
      await query('INSERT INTO atelier_migrations (name) VALUES ($1)', [file]);
      await query('COMMIT');
    } catch (err) {
      await query('ROLLBACK');
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
    applied.push(file);
  }
  return applied;
}
