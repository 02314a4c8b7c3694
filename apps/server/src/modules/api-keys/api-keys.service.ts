import crypto from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_LIMIT, API_KEY_PREFIX, PLUGIN_MESSAGES, type ApiKey, type CreatedApiKey } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters of the key kept in clear (after `atl_`), so the owner can tell keys apart. */
const SHOWN_CHARACTERS = 6;
/** last_used_at is written at most this often per key, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** `atl_` + 32 random bytes in base62 (43 characters). */
function newKey(): string {
  let n = BigInt(`0x${crypto.randomBytes(32).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return API_KEY_PREFIX + out.padStart(43, '0');
}

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function present(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new key for the user; the key itself is in this reply only (only its hash is stored). */
export async function createApiKey(db: Db, userId: number, name: string, createdBy: number = userId): Promise<CreatedApiKey> {
  const key = newKey();
  const row = await db.transaction(async (tx) => {
    // Serialises concurrent creations of one account, so the limit holds.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    const [{ total }] = await tx.select({ total: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if (Number(total) >= API_KEY_LIMIT) throw new AppError(409, 'API_KEY_LIMIT', PLUGIN_MESSAGES.keyLimit);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId, createdBy, name, prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS), keyHash: hashKey(key) })
      .returning();
    return inserted;
  });
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString(), key };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEY_LIMIT);
  return rows.map(present);
}

/** Revokes the key at once: the next call with it is a 401. */
export async function deleteApiKey(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw notFound(PLUGIN_MESSAGES.keyNotFound, 'API_KEY_NOT_FOUND');
}

/**
 * The key's id and owner, or null for an unknown or revoked key. A deleted account's keys are
 * deleted with it (ON DELETE CASCADE), so they stop working too.
 */
export async function authenticateApiKey(db: Db, key: string): Promise<{ id: number; userId: number; createdBy: number | null } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, createdBy: apiKeys.createdBy })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashKey(key)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
  return row;
}
