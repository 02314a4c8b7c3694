import type { Location } from 'react-router';

/** Where sign-in goes when the user did not come from a protected page. */
export const DEFAULT_AFTER_SIGN_IN = '/create';

/** The location state the guard leaves on /login. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const AUTH_PAGES = ['/login', '/register', '/auth/', '/forgot-password', '/reset-password'];

/** The page to return to after sign-in: the guarded origin, else /create. */
export function redirectAfterSignIn(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return DEFAULT_AFTER_SIGN_IN;
  if (AUTH_PAGES.some((page) => from.pathname.startsWith(page))) return DEFAULT_AFTER_SIGN_IN;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
