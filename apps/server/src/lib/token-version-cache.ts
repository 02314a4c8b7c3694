/**
 * The accounts' current token versions (users.token_version), remembered for a few seconds so
 * the auth guard does not read the users row on every request (issue #19).
 *
 * Correctness: this process forgets an account the moment it revokes its sessions (logout,
 * password change or reset, deletion), so a revoked token gets 401 at once here; another
 * process notices within `ttlMs`. A lookup that started before a revocation never stores its
 * (older) answer afterwards: each account has a generation, bumped by forget().
 */
export interface TokenVersionCache {
  /** The remembered version (undefined: look it up), and the stamp to store the lookup's answer with. */
  read(userId: number): { version: number | undefined; revoked: ReadonlySet<string>; stamp: number };
  /**
   * Remembers the version (and the ids of the account's sessions signed out one by one) read from
   * the database, unless the account was forgotten meanwhile.
   */
  store(userId: number, version: number, stamp: number, revoked?: ReadonlySet<string>): void;
  /** The account's sessions changed: look its version up again. */
  forget(userId: number): void;
}

const NONE: ReadonlySet<string> = new Set();

interface Entry {
  version: number;
  revoked: ReadonlySet<string>;
  expiresAt: number;
}

export function createTokenVersionCache({ ttlMs = 5_000, maxEntries = 50_000, now = Date.now } = {}): TokenVersionCache {
  const entries = new Map<number, Entry>();
  const generations = new Map<number, number>();
  let forgotten = 0;
  return {
    read(userId) {
      const stamp = generations.get(userId) ?? 0;
      const entry = entries.get(userId);
      if (!entry || entry.expiresAt <= now()) return { version: undefined, revoked: NONE, stamp };
      return { version: entry.version, revoked: entry.revoked, stamp };
    },
    store(userId, version, stamp, revoked = NONE) {
      if ((generations.get(userId) ?? 0) !== stamp) return;
      // Map order is insertion order: drop the oldest when full.
      if (entries.size >= maxEntries && !entries.has(userId)) entries.delete(entries.keys().next().value!);
      entries.delete(userId);
      entries.set(userId, { version, revoked, expiresAt: now() + ttlMs });
    },
    forget(userId) {
      entries.delete(userId);
      // A stamp no earlier lookup holds (unique per forget, so generations never repeat).
      generations.set(userId, ++forgotten);
    },
  };
}
