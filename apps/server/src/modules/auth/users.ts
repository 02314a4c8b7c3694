import { eq, sql } from 'drizzle-orm';
import type { User } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    fullName: row.fullName,
    displayName: row.displayName,
    email: row.email,
    profilePicture: row.profilePicture,
    emailVerified: row.emailVerifiedAt !== null,
    isStudent: row.isStudent,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
    isOperator: row.isOperator && row.suspendedAt === null,
  };
}

/**
 * Finds a person's account by e-mail, case-insensitively (the unique index is on lower(email)).
 * A team's account (kind 'team', issue 32) is never found: nobody signs in as, resets or
 * registers over a team workspace.
 */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()}) AND ${users.kind} = 'person'`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
