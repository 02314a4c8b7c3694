import { types, type ParserOptions, type PGlite } from '@electric-sql/pglite';

type Parsers = ParserOptions;

/** The types drizzle's PGlite driver reads as text: dates, times, intervals, numeric[] and their arrays. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const rawOptions = new WeakMap<PGlite, { parsers: Parsers }>();

/**
 * drizzle's PGlite driver passes its own `parsers` (those types as text) with every query, and
 * PGlite merges them by copying its whole parser map (~320 entries) each time: ~65 µs a query,
 * most of what a small read costs beyond its SQL. So the instance itself reads those types as
 * text, drizzle's queries go without parsers of their own (the client returned here), and raw
 * queries (migrations, the job queue, `Database.query`) ask for PGlite's usual parsing of them
 * (`rawQueryOptions`), as before — scalars only: an array of dates in a raw query now comes as
 * text (no raw query selects one). Call once the instance is ready (its array types are known).
 */
export function drizzleClientOf(pglite: PGlite): PGlite {
  const usual: Parsers = {};
  const text: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    if (pglite.parsers[type]) usual[type] = pglite.parsers[type];
    text[type] = (value) => value;
  }
  Object.assign(pglite.parsers, text);
  rawOptions.set(pglite, { parsers: usual });
  const client = {
    query: (query: string, params?: unknown[], options?: Record<string, unknown>) =>
      pglite.query(query, params, options && { ...options, parsers: undefined }),
    // In a transaction drizzle's parsers are still merged per query (same result, the usual cost).
    transaction: pglite.transaction.bind(pglite),
  };
  return client as unknown as PGlite;
}

/** Options for a raw query on `pglite`: dates and times parsed as PGlite usually does. */
export function rawQueryOptions(pglite: PGlite): { parsers: Parsers } | undefined {
  return rawOptions.get(pglite);
}
