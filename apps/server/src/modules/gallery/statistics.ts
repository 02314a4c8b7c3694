import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

/**
 * Planner statistics for the gallery's tables on PGlite. PostgreSQL's autovacuum analyzes
 * tables as they change; PGlite runs no background workers, so its tables are never analyzed
 * and the planner guesses one row everywhere — for the batch modes' EXISTS that means walking a
 * user's whole image index once per batch (seconds at 5,000 images instead of milliseconds).
 * This does what autovacuum would: ANALYZE a table never analyzed, or changed by more than
 * 10% + 50 rows since its last analysis.
 */

export const GALLERY_TABLES = ['generated_images', 'batches'] as const;
export const STATISTICS_CHECK_INTERVAL_MS = 60_000;

/** ANALYZEs the gallery tables that need it; returns their names. */
export async function analyzeIfStale(database: Pick<Database, 'query'>): Promise<string[]> {
  const { rows } = await database.query(
    `SELECT c.relname, c.reltuples::float8 AS reltuples,
            COALESCE(s.n_mod_since_analyze, 0)::float8 AS modified,
            COALESCE(s.n_live_tup, 0)::float8 AS live
       FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE c.relkind = 'r' AND c.relname = ANY($1)`,
    [[...GALLERY_TABLES]],
  );
  const stale = rows
    .filter((r) => {
      const reltuples = Number(r.reltuples);
      const modified = Number(r.modified);
      const size = Math.max(reltuples, Number(r.live), 0);
      return reltuples < 0 || modified > 50 + 0.1 * size;
    })
    .map((r) => String(r.relname))
    .filter((name): name is (typeof GALLERY_TABLES)[number] => (GALLERY_TABLES as readonly string[]).includes(name));
  for (const table of stale) await database.query(`ANALYZE ${table}`);
  return stale;
}

/** On PGlite: checks now and every minute (the timer does not keep the process alive). Returns a stop function. */
export function keepStatisticsFresh(database: Database, log: FastifyBaseLogger): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const analyzed = await analyzeIfStale(database);
      if (analyzed.length) log.debug({ analyzed }, 'gallery: refreshed planner statistics');
    } catch (err) {
      log.warn({ err }, 'gallery: could not refresh planner statistics');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), STATISTICS_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
