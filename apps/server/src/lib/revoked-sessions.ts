/**
 * Sessions signed out one by one are kept on the account (users.revoked_sessions) as
 * "<sid>.<expiry>", the expiry in epoch seconds: once the token would have expired the entry is
 * dropped, so the list stays as short as the account's recent logouts.
 */
export function revokedSessionEntry(sessionId: string, expiresAt: number): string {
  return `${sessionId}.${expiresAt}`;
}

/** The ids in a stored list of revoked sessions. */
export function revokedSessionIds(entries: readonly string[]): ReadonlySet<string> {
  return new Set(entries.map((entry) => entry.slice(0, entry.lastIndexOf('.'))));
}

