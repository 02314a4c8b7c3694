/**
 * Prepared statements for the hot read paths. drizzle rebuilds a query's SQL text from its
 * builder on every call (walking every column and condition), which the profile showed as a
 * large share of a list request's CPU; a prepared query is built once per database handle and
 * then only binds its placeholders. On PostgreSQL a named statement is also parsed and planned
 * once per connection instead of once per request.
 *
 *   const listFor = preparedQuery('list_input_images', (db) => db.select()…where(eq(col, sql.placeholder('userId'))).prepare('list_input_images'));
 *   await listFor(ctx.db).execute({ userId });
 */
import type { Db, Tx } from './client.js';

type Handle = Db | Tx;

const byHandle = new WeakMap<Handle, Map<string, unknown>>();

/** `name` must be unique in the app (it names the statement on PostgreSQL connections). */
export function preparedQuery<T>(name: string, build: (db: Handle) => T): (db: Handle) => T {
  return (db) => {
    let statements = byHandle.get(db);
    if (!statements) {
      statements = new Map();
      byHandle.set(db, statements);
    }
    let statement = statements.get(name) as T | undefined;
    if (!statement) {
      statement = build(db);
      statements.set(name, statement);
    }
    return statement;
  };
}
