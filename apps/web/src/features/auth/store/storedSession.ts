import type { Subscription, User } from '@atelier/contract';

/** The four browser-storage keys of a session (spec §3, §9). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  subscription: 'subscription',
  credits: 'credits',
} as const;

export interface StoredSession {
  token: string | null;
  user: User | null;
  subscription: Subscription | null;
  credits: number;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  const raw = safeStorage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function readStoredSession(): StoredSession {
  const credits = Number(safeStorage()?.getItem(STORAGE_KEYS.credits) ?? 0);
  return {
    token: readStoredToken(),
    user: readJson<User>(STORAGE_KEYS.user),
    subscription: readJson<Subscription>(STORAGE_KEYS.subscription),
    credits: Number.isFinite(credits) ? credits : 0,
  };
}

export function storeToken(token: string): void {
  safeStorage()?.setItem(STORAGE_KEYS.token, token);
}

export function storeUser(user: User | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (user) storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else storage.removeItem(STORAGE_KEYS.user);
}

export function storeSubscription(subscription: Subscription | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (subscription) storage.setItem(STORAGE_KEYS.subscription, JSON.stringify(subscription));
  else storage.removeItem(STORAGE_KEYS.subscription);
}

export function storeCredits(credits: number): void {
  safeStorage()?.setItem(STORAGE_KEYS.credits, String(credits));
}

/** Saves user, subscription and credits (and the token when given). */
export function storeSession(session: { token?: string; user: User; subscription: Subscription; credits: number }): void {
  if (session.token) storeToken(session.token);
  storeUser(session.user);
  storeSubscription(session.subscription);
  storeCredits(session.credits);
}

/** Removes all four keys. */
export function clearStoredSession(): void {
  const storage = safeStorage();
  if (!storage) return;
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}
