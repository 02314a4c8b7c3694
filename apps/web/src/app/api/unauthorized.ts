/**
 * The 401 rule (spec §8): any 401 reply dispatches logout and, unless the current path
 * begins with /login, /register or /auth/callback, the app goes to /login after ~100 ms.
 */
export const PUBLIC_AUTH_PATH_PREFIXES = ['/login', '/register', '/auth/callback'] as const;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 100;
export const LOGIN_PATH = '/login';

export function isPublicAuthPath(pathname: string): boolean {
  return PUBLIC_AUTH_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Where a 401 seen on `pathname` sends the user: '/login', or null to stay. */
export function unauthorizedRedirectTarget(pathname: string): string | null {
  return isPublicAuthPath(pathname) ? null : LOGIN_PATH;
}

type Navigate = (to: string) => unknown;

let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate() here so the redirect stays inside the SPA. */
export function setUnauthorizedNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

let sessionLogout: (() => unknown) | null = null;

/**
 * The app's store registers its logout here, so calls made outside RTK Query and the thunks
 * (image and file downloads through fetch) run the same 401 rule.
 */
export function setUnauthorizedLogout(logout: () => unknown): void {
  sessionLogout = logout;
}

/** Runs the 401 rule with the registered logout (a no-op before a store registered one). */
export async function reportUnauthorized(): Promise<void> {
  if (sessionLogout) await handleUnauthorized({ logout: sessionLogout });
}

export interface UnauthorizedDeps {
  logout: () => unknown;
  getPathname?: () => string;
  navigate?: Navigate;
  schedule?: (fn: () => void, ms: number) => unknown;
}

/**
 * Runs the rule: dispatches logout (awaited, so a caller's own error handling comes after
 * the session is cleared) and schedules the redirect. The redirect is skipped if, by the
 * time it fires, the app already sits on a public sign-in path (for instance because the
 * protected-route guard has sent the user to /login with their origin remembered).
 */
export async function handleUnauthorized({
  logout,
  getPathname = () => window.location.pathname,
  navigate,
  schedule = (fn, ms) => setTimeout(fn, ms),
}: UnauthorizedDeps): Promise<void> {
  const target = unauthorizedRedirectTarget(getPathname());
  await logout();
  if (!target) return;
  schedule(() => {
    if (unauthorizedRedirectTarget(getPathname()) === null) return;
    (navigate ?? navigateTo)(target);
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
