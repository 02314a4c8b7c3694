import type { Database, SqlRunner } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import type { CopyProgress } from '../providers/storage/copy.js';
import { prepareJobsSchema, type QueueRow } from './jobs-schema.js';
import { setSequences, writeRows, type TextRow } from './rows.js';
import { withTransaction } from './sessions.js';
import { listTables, tableChecksum, writableColumns, type TableInfo } from './tables.js';

/**
 * Loads a database's rows into an empty installation's database: the schema by the same
 * migrations, pg-boss's schema and queues, then every table in dependency order, each table in
 * one transaction recorded in a progress table of the target (so `--resume` redoes only the
 * tables not done), sequences, and a check of every table's row count and checksum. Used by
 * db-copy (rows from the PGlite database) and restore (rows from a backup).
 */

export interface RowSource {
  /** Where the rows come from, for the messages. */
  label: string;
  tables: TableInfo[];
  /** Per qualified table name: row count and checksum the target must end with. */
  expected: Map<string, { rows: number; md5: string }>;
  migrations: string[];
  queues: QueueRow[];
  sequences: Array<{ qualified: string; lastValue: string; isCalled: boolean }>;
  rows(t: TableInfo): AsyncIterable<TextRow[]>;
}

export interface LoadReport {
  ok: boolean;
  output: string;
}

/** Tables that creating the schema fills (migrations, pg-boss): a target with rows only there is empty. */
const SETUP_TABLES = new Set(['"public"."atelier_migrations"', '"pgboss"."version"', '"pgboss"."queue"']);
const PROGRESS = 'atelier_ops.load_progress';

/** Why the target cannot take the load, or null. */
export async function refusalOf(target: Database, resume: boolean): Promise<string | null> {
  const { rows: marker } = await target.query(`SELECT to_regclass($1) IS NOT NULL AS ok`, [PROGRESS]);
  if (marker[0]?.ok) {
    const { rows } = await target.query(`SELECT count(*) FILTER (WHERE table_name = '*')::int AS complete FROM ${PROGRESS}`);
    if (Number(rows[0].complete) > 0) return 'The target already holds a complete copy (atelier_ops.load_progress says so); nothing to do.';
    if (!resume) return 'An earlier copy into this target did not finish. Run the same command with --resume to finish it.';
    return null;
  }
  const nonEmpty: string[] = [];
  for (const t of await listTables(target.query)) {
    if (SETUP_TABLES.has(t.qualified)) continue;
    const { rows } = await target.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t.qualified} LIMIT 1) x`);
    if (Number(rows[0].n) > 0) nonEmpty.push(`${t.schema}.${t.name}`);
  }
  if (nonEmpty.length) {
    return `The target is not empty (rows in ${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? `, and ${nonEmpty.length - 5} more tables` : ''}). Use an empty database.`;
  }
  return null;
}

export async function loadInto(
  target: Database,
  source: RowSource,
  opts: { resume: boolean; onProgress?: (p: CopyProgress) => void },
): Promise<LoadReport> {
  const refusal = await refusalOf(target, opts.resume);
  if (refusal) return { ok: false, output: refusal };
  await runMigrations(target);
  const { rows: known } = await target.query('SELECT name FROM atelier_migrations');
  const knownNames = new Set(known.map((r) => String(r.name)));
  const unknown = source.migrations.filter((m) => !knownNames.has(m));
  if (unknown.length) return { ok: false, output: `${source.label} has migrations this version does not know (${unknown.join(', ')}): run the newer version.` };
  const missing = [...knownNames].filter((m) => !source.migrations.includes(m));
  if (missing.length) {
    return { ok: false, output: `${source.label} lacks migrations of this version (${missing.join(', ')}): start the server on it once (it migrates), then copy.` };
  }
  if (source.queues.length || source.tables.some((t) => t.schema === 'pgboss')) await prepareJobsSchema(target, source.queues);
  await target.query(`CREATE SCHEMA IF NOT EXISTS atelier_ops`);
  await target.query(`CREATE TABLE IF NOT EXISTS ${PROGRESS} (table_name text PRIMARY KEY, rows bigint NOT NULL, done_at timestamptz NOT NULL DEFAULT now())`);

  const targetTables = new Map((await listTables(target.query)).map((t) => [t.qualified, t]));
  const plan: TableInfo[] = [];
  for (const s of source.tables) {
    const t = targetTables.get(s.qualified);
    const names = (x: TableInfo) => writableColumns(x).map((c) => c.name).sort().join(',');
    if (!t || names(t) !== names(s)) return { ok: false, output: `The table ${s.qualified} differs between ${source.label} and the target's schema.` };
    plan.push({ ...t, columns: writableColumns(s).map((c) => t.columns.find((x) => x.name === c.name)!) });
  }
  const done = new Set((await target.query(`SELECT table_name FROM ${PROGRESS}`)).rows.map((r) => String(r.table_name)));
  const todo = plan.filter((t) => !done.has(t.qualified));
  const upsert = new Set<string>();
  for (const t of todo) if (SETUP_TABLES.has(t.qualified)) upsert.add(t.qualified);
  // A resumed run: the tables not recorded as done are emptied, dependants first.
  for (const t of [...todo].reverse()) if (!upsert.has(t.qualified)) await target.query(`DELETE FROM ${t.qualified}`);

  const total = todo.reduce((n, t) => n + (source.expected.get(t.qualified)?.rows ?? 0), 0);
  const progress = { done: 0, total, bytes: 0, totalBytes: 0, unit: 'rows' as const };
  opts.onProgress?.({ ...progress });
  for (const t of todo) {
    await withTransaction(target, 'write', async (q) => {
      let n = 0;
      for await (const batch of source.rows(t)) {
        await writeRows(q, t, batch, { upsert: upsert.has(t.qualified) });
        n += batch.length;
        progress.done += batch.length;
        opts.onProgress?.({ ...progress });
      }
      await q(`INSERT INTO ${PROGRESS} (table_name, rows) VALUES ($1, $2)`, [t.qualified, n]);
    });
  }
  await withTransaction(target, 'write', (q) => setSequences(q, plan, source.sequences));
  const check = await compareChecksums(target, plan, source.expected);
  if (check.ok) await target.query(`INSERT INTO ${PROGRESS} (table_name, rows) VALUES ('*', $1) ON CONFLICT DO NOTHING`, [total]);
  return check;
}

/** The summary: every table's rows and checksum in the source and the target. */
export async function compareChecksums(
  target: Database,
  tables: TableInfo[],
  expected: Map<string, { rows: number; md5: string }>,
): Promise<LoadReport> {
  const lines = [`${'table'.padEnd(36)} ${'rows'.padStart(8)}  ${'checksum (md5 of rows)'.padEnd(34)} check`];
  let bad = 0;
  await withTransaction(target, 'snapshot', async (q: SqlRunner) => {
    for (const t of tables) {
      const want = expected.get(t.qualified) ?? { rows: 0, md5: '' };
      const got = await tableChecksum(q, t);
      const ok = got.rows === want.rows && got.md5 === want.md5;
      if (!ok) bad += 1;
      const detail = ok ? 'ok' : `DIFFERS: target ${got.rows} rows ${got.md5 || '-'}`;
      lines.push(`${`${t.schema}.${t.name}`.padEnd(36)} ${String(want.rows).padStart(8)}  ${(want.md5 || '-').padEnd(34)} ${detail}`);
    }
  });
  lines.push(bad ? `${bad} table(s) differ.` : `All ${tables.length} tables identical (row counts and checksums).`);
  return { ok: bad === 0, output: lines.join('\n') };
}
