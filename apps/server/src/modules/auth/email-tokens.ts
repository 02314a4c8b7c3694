import crypto from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

/**
 * Single-use tokens sent by e-mail (verify the address, reset the password). The raw token
 * (32 random bytes, base64url) exists only in the e-mail; the database keeps its SHA-256.
 */
export type EmailTokenPurpose = 'verify' | 'reset';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

const RAW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashEmailToken(raw: string): string {
  return crypto.createHash('sha256').update(raw, 'utf8').digest('hex');
}

export async function issueEmailToken(
  db: Db | Tx,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const raw = crypto.randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashEmailToken(raw),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return raw;
}

export type ConsumeResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired' | 'used'; userId: number };

/** Marks the token used (exactly once, even under concurrent calls) and returns its user. */
export async function consumeEmailToken(
  db: Db | Tx,
  raw: string,
  purpose: EmailTokenPurpose,
  now: Date = new Date(),
): Promise<ConsumeResult> {
  if (!RAW_TOKEN.test(raw)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashEmailToken(raw)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', userId: row.userId };
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) return { ok: false, reason: 'used', userId: row.userId };
  return { ok: true, userId: row.userId };
}

/** Removes a user's unused tokens of one purpose (an older reset link stops working). */
export async function discardUnusedEmailTokens(db: Db | Tx, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Housekeeping: tokens expired for more than a day are of no use, not even for a clearer message. */
export async function pruneEmailTokens(db: Db | Tx, now: Date = new Date()): Promise<void> {
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
