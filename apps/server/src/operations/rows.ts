import type { SqlRunner } from '../db/client.js';
import { quoteIdent, writableColumns, type TableInfo } from './tables.js';

/** A row as the text of each column (NULL as null): the same on PGlite and PostgreSQL. */
export type TextRow = Array<string | null>;

/** Rows per INSERT: at most 500, and fewer for wide tables (bind parameters stay far below 65 535). */
export const batchSize = (t: TableInfo) => Math.max(1, Math.min(500, Math.floor(20_000 / Math.max(1, writableColumns(t).length))));

/**
 * A table's rows in batches, in primary-key order (every column as text): each batch starts after
 * the last key of the one before (an index range, not an OFFSET that rereads the rows before it);
 * a table without a primary key is read by OFFSET in the order of all its columns.
 */
export async function* readRows(query: SqlRunner, t: TableInfo): AsyncGenerator<TextRow[]> {
  const cols = writableColumns(t);
  const select = cols.map((c, i) => `${quoteIdent(c.name)}::text AS c${i}`).join(', ');
  const keyIndexes = t.primaryKey.map((k) => cols.findIndex((c) => c.name === k));
  const keyed = keyIndexes.length > 0 && keyIndexes.every((i) => i >= 0);
  const order = (keyed ? t.primaryKey : cols.map((c) => c.name)).map(quoteIdent).join(', ');
  const size = batchSize(t);
  let last: TextRow | null = null;
  for (let offset = 0; ; offset += size) {
    let where = '';
    let params: Array<string | null> = [];
    if (keyed && last) {
      params = keyIndexes.map((i) => last![i]);
      where = ` WHERE (${order}) > (${keyIndexes.map((i, n) => `$${n + 1}::text::${cols[i].type}`).join(', ')})`;
    }
    const page = keyed ? `LIMIT ${size}` : `LIMIT ${size} OFFSET ${offset}`;
    const { rows } = await query(`SELECT ${select} FROM ${t.qualified}${where} ORDER BY ${order} ${page}`, params);
    if (rows.length === 0) return;
    const batch = rows.map((r) => cols.map((_, i) => (r[`c${i}`] === null || r[`c${i}`] === undefined ? null : String(r[`c${i}`]))));
    yield batch;
    if (rows.length < size) return;
    last = batch[batch.length - 1];
  }
}

/**
 * Inserts rows (text per column, cast by each column's type: the type's own input, as COPY
 * would). Foreign keys to the table itself are written in a second pass (NULL, then UPDATE), so
 * the order of the rows does not matter. `upsert`: rows already in the target by primary key are
 * overwritten (tables a migration or pg-boss fills when it creates them).
 */
export async function writeRows(query: SqlRunner, t: TableInfo, rows: TextRow[], opts: { upsert?: boolean } = {}): Promise<void> {
  if (rows.length === 0) return;
  const cols = writableColumns(t);
  const deferred = new Set(t.selfRefColumns);
  const params: Array<string | null> = [];
  const tuples = rows.map((row) => {
    const values = cols.map((c, i) => {
      params.push(deferred.has(c.name) ? null : row[i]);
      return `$${params.length}::text::${c.type}`;
    });
    return `(${values.join(', ')})`;
  });
  const overriding = cols.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  let conflict = '';
  if (opts.upsert && t.primaryKey.length) {
    const others = cols.filter((c) => !t.primaryKey.includes(c.name));
    conflict = others.length
      ? ` ON CONFLICT (${t.primaryKey.map(quoteIdent).join(', ')}) DO UPDATE SET ${others.map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`).join(', ')}`
      : ' ON CONFLICT DO NOTHING';
  }
  await query(`INSERT INTO ${t.qualified} (${cols.map((c) => quoteIdent(c.name)).join(', ')})${overriding} VALUES ${tuples.join(', ')}${conflict}`, params);
  if (deferred.size && t.primaryKey.length) await writeSelfReferences(query, t, rows);
}

async function writeSelfReferences(query: SqlRunner, t: TableInfo, rows: TextRow[]): Promise<void> {
  const cols = writableColumns(t);
  const index = (name: string) => cols.findIndex((c) => c.name === name);
  const type = (name: string) => cols[index(name)].type;
  for (const row of rows) {
    const refs = t.selfRefColumns.filter((c) => row[index(c)] !== null);
    if (!refs.length) continue;
    const params: Array<string | null> = [];
    const set = refs.map((c) => {
      params.push(row[index(c)]);
      return `${quoteIdent(c)} = $${params.length}::text::${type(c)}`;
    });
    const where = t.primaryKey.map((c) => {
      params.push(row[index(c)]);
      return `${quoteIdent(c)} = $${params.length}::text::${type(c)}`;
    });
    await query(`UPDATE ${t.qualified} SET ${set.join(', ')} WHERE ${where.join(' AND ')}`, params);
  }
}

/**
 * Every sequence as in the source (`sequences`), and never below the highest value of a column it
 * feeds, so the target's next id is past every copied one.
 */
export async function setSequences(
  query: SqlRunner,
  tables: TableInfo[],
  sequences: Array<{ qualified: string; lastValue: string; isCalled: boolean }>,
): Promise<void> {
  for (const s of sequences) await query(`SELECT setval($1::regclass, $2::bigint, $3)`, [s.qualified, s.lastValue, s.isCalled]);
  for (const t of tables) {
    for (const c of t.columns) {
      if (!/^(integer|bigint|smallint)$/.test(c.type)) continue;
      const { rows } = await query(`SELECT pg_get_serial_sequence($1, $2) AS seq`, [t.qualified, c.name]);
      const seq = rows[0]?.seq;
      if (!seq) continue;
      await query(
        `SELECT setval($1::regclass, m) FROM (SELECT max(${quoteIdent(c.name)})::bigint AS m FROM ${t.qualified}) x
          WHERE m IS NOT NULL AND m > (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${seq})`,
        [seq],
      );
    }
  }
}
