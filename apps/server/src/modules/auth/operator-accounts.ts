import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { pageInfo, pageOffset, type PageInfo, type PageRequest } from '../../lib/pagination.js';
import type { AuthDeps } from './auth.deps.js';
import { createSessions } from './sessions.js';
import type { UserRow } from './users.js';

/**
 * What the operator's console needs of accounts (issue 33 part 3): the operator role (given only
 * by the admin command line), suspension, and the list of accounts with their search.
 */

/** True when the account holds the operator role (and is not suspended). */
export async function isOperator(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isOperator, true), sql`${users.suspendedAt} IS NULL`))
    .limit(1);
  return !!row;
}

/** `npm run admin -- make-operator EMAIL [--off]`: the only way the role is given or taken. */
export async function setOperatorRole(db: Db, email: string, on: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isOperator: on, updatedAt: new Date() })
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.kind, 'person')))
    .returning();
  return row;
}

/**
 * Suspends (or restores) an account. Suspending ends every session at once: the token version
 * moves on (tokens signed before are refused on their next request, here and in every process
 * within the guard's few seconds), its live sockets get session_revoked and close, and its API
 * keys are refused from the next call (they are checked against the account on each call).
 * `inTx` runs in the same transaction (the audit record). Undefined when there is no such account.
 */
export async function setSuspended(
  deps: AuthDeps,
  userId: number,
  suspended: boolean,
  inTx: (tx: Tx, row: UserRow) => Promise<void>,
): Promise<UserRow | undefined> {
  const sessions = createSessions(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) return undefined;
    if (suspended) await sessions.revokeSessions(tx, userId);
    await inTx(tx, updated);
    return updated;
  });
  if (row && suspended) sessions.closeSockets(userId);
  return row;
}

/** One page of accounts, newest first; with `q`, those whose e-mail starts with it (by e-mail). */
export async function listAccounts(db: Db, q: string | undefined, page: PageRequest): Promise<{ rows: UserRow[]; pagination: PageInfo }> {
  const prefix = q?.toLowerCase();
  // lower(email) LIKE 'prefix%' uses users_email_prefix_idx (text_pattern_ops); the wildcards of q are literal.
  const where = prefix ? sql`lower(${users.email}) LIKE ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
  const order = prefix ? [sql`lower(${users.email})`, users.id] : [desc(users.createdAt), desc(users.id)];
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...order).limit(page.limit).offset(pageOffset(page)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, pagination: pageInfo(page, n) };
}
