import type { SqlRunner } from '../db/client.js';
import { readQueues } from './jobs-schema.js';
import type { RowSource } from './load.js';
import { readRows } from './rows.js';
import { listSequences, listTables, tableChecksum } from './tables.js';

/** A database read inside one snapshot transaction (`query`), as the source of a load or a backup. */
export async function snapshotSource(query: SqlRunner, label: string): Promise<RowSource> {
  const tables = await listTables(query);
  const expected = new Map<string, { rows: number; md5: string }>();
  for (const t of tables) expected.set(t.qualified, await tableChecksum(query, t));
  const { rows: migrationRows } = await query(`SELECT name FROM atelier_migrations ORDER BY name`);
  return {
    label,
    tables,
    expected,
    migrations: migrationRows.map((r) => String(r.name)),
    queues: await readQueues(query),
    sequences: await listSequences(query),
    rows: (t) => readRows(query, t),
  };
}
