import { sql } from 'drizzle-orm';
import { GALLERY_MESSAGES } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';

/**
 * The time zone names PostgreSQL knows (pg_timezone_names), read once per database. A name the
 * browser's Intl accepts but the database does not would make `AT TIME ZONE` fail, so every
 * tz query parameter is checked here as well as by the contract's schema.
 */
const known = new WeakMap<Db, Promise<Map<string, string>>>();

function loadNames(db: Db): Promise<Map<string, string>> {
  let names = known.get(db);
  if (!names) {
    names = db
      .execute(sql`SELECT name FROM pg_timezone_names`)
      .then((result) => {
        const { rows } = result as unknown as { rows: Array<{ name: string }> };
        const map = new Map<string, string>();
        for (const { name } of rows) map.set(name.toLowerCase(), name);
        map.set('utc', 'UTC');
        return map;
      })
      .catch((err) => {
        known.delete(db);
        throw err;
      });
    known.set(db, names);
  }
  return names;
}

/** The database's spelling of an IANA time zone name, or 400 'tz must be an IANA time zone…'. */
export async function resolveTimeZone(db: Db, tz: string): Promise<string> {
  const name = (await loadNames(db)).get(tz.trim().toLowerCase());
  if (!name) throw badRequest(GALLERY_MESSAGES.timeZone);
  return name;
}
