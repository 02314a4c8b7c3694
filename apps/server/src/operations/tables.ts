import type { SqlRunner } from '../db/client.js';

/**
 * The tables of an installation's database, read from the catalog (never a hard-coded list, so
 * tables added by later migrations are copied, backed up and checked too): every ordinary or
 * partitioned table of the public schema and of pg-boss's, partitions left out (their rows are
 * read and written through their parent), in dependency order.
 */

export interface TableInfo {
  schema: string;
  name: string;
  /** `"schema"."name"`, quoted for SQL. */
  qualified: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Columns of foreign keys to the table itself (copied in a second pass). */
  selfRefColumns: string[];
}

export interface ColumnInfo {
  name: string;
  type: string;
  notNull: boolean;
  /** GENERATED ALWAYS AS (…) STORED: computed by the target, never written. */
  generated: boolean;
  identityAlways: boolean;
}

export const COPIED_SCHEMAS = ['public', 'pgboss'];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualify = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** Every table in dependency order: a table comes after every table its foreign keys point at. */
export async function listTables(query: SqlRunner): Promise<TableInfo[]> {
  const { rows: tableRows } = await query(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = ANY($1)
      ORDER BY n.nspname, c.relname`,
    [COPIED_SCHEMAS],
  );
  const { rows: columnRows } = await query(
    `SELECT a.attrelid::int AS oid, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            a.attgenerated <> '' AS generated, a.attidentity = 'a' AS identity_always
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE a.attnum > 0 AND NOT a.attisdropped AND n.nspname = ANY($1)
      ORDER BY a.attrelid, a.attnum`,
    [COPIED_SCHEMAS],
  );
  const { rows: constraintRows } = await query(
    `SELECT co.conrelid::int AS oid, co.contype AS type, co.confrelid::int AS ref_oid,
            array_to_string(ARRAY(SELECT a.attname FROM unnest(co.conkey) WITH ORDINALITY k(num, ord)
              JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = k.num ORDER BY k.ord), ',') AS columns
       FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE co.contype IN ('p', 'f') AND n.nspname = ANY($1) AND co.conparentid = 0`,
    [COPIED_SCHEMAS],
  );
  const byOid = new Map<number, TableInfo>();
  for (const r of tableRows) {
    const schema = String(r.schema);
    const name = String(r.name);
    byOid.set(Number(r.oid), { schema, name, qualified: qualify(schema, name), columns: [], primaryKey: [], selfRefColumns: [] });
  }
  for (const r of columnRows) {
    byOid.get(Number(r.oid))?.columns.push({
      name: String(r.name),
      type: String(r.type),
      notNull: Boolean(r.not_null),
      generated: Boolean(r.generated),
      identityAlways: Boolean(r.identity_always),
    });
  }
  const dependsOn = new Map<number, Set<number>>();
  for (const r of constraintRows) {
    const table = byOid.get(Number(r.oid));
    if (!table) continue;
    const columns = String(r.columns).split(',').filter(Boolean);
    if (r.type === 'p') table.primaryKey = columns;
    else if (Number(r.ref_oid) === Number(r.oid)) table.selfRefColumns.push(...columns);
    else if (byOid.has(Number(r.ref_oid))) {
      if (!dependsOn.has(Number(r.oid))) dependsOn.set(Number(r.oid), new Set());
      dependsOn.get(Number(r.oid))!.add(Number(r.ref_oid));
    }
  }
  return topologicalOrder(byOid, dependsOn);
}

function topologicalOrder(byOid: Map<number, TableInfo>, dependsOn: Map<number, Set<number>>): TableInfo[] {
  const ordered: TableInfo[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number, path: string[]) => {
    if (state.get(oid) === 'done') return;
    const table = byOid.get(oid)!;
    if (state.get(oid) === 'visiting') {
      throw new Error(`The foreign keys of ${[...path, table.qualified].join(' → ')} form a cycle; the copy cannot order these tables.`);
    }
    state.set(oid, 'visiting');
    for (const dep of [...(dependsOn.get(oid) ?? [])].sort((a, b) => a - b)) visit(dep, [...path, table.qualified]);
    state.set(oid, 'done');
    ordered.push(table);
  };
  for (const oid of byOid.keys()) visit(oid, []);
  return ordered;
}

/** The columns a copy reads and writes (generated ones are computed by the target). */
export const writableColumns = (t: TableInfo) => t.columns.filter((c) => !c.generated);

/**
 * Row count and a checksum of a table's rows: md5 of every row's text form, sorted, so the same
 * rows give the same sum in PGlite and PostgreSQL whatever their physical order. Both sides must
 * read timestamps in the same time zone (`withUtc`).
 */
export async function tableChecksum(query: SqlRunner, t: TableInfo): Promise<{ rows: number; md5: string }> {
  const cols = writableColumns(t)
    .map((c) => `${quoteIdent(c.name)}::text`)
    .join(`, `);
  const { rows } = await query(
    `SELECT count(*)::int AS n, coalesce(md5(string_agg(r, E'\\n' ORDER BY r)), '') AS sum
       FROM (SELECT ROW(${cols})::text AS r FROM ${t.qualified}) x`,
  );
  return { rows: Number(rows[0].n), md5: String(rows[0].sum) };
}

/** Every sequence of the copied schemas with its state, to carry over. */
export async function listSequences(query: SqlRunner): Promise<Array<{ qualified: string; lastValue: string; isCalled: boolean }>> {
  const { rows } = await query(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last_value
       FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [COPIED_SCHEMAS],
  );
  return rows.map((r) => ({
    qualified: qualify(String(r.schema), String(r.name)),
    lastValue: r.last_value === null ? '1' : String(r.last_value),
    isCalled: r.last_value !== null,
  }));
}
