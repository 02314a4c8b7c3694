/**
 * An invitation opened while signed out is remembered on this device until the invited person
 * has signed in (after registering and verifying their e-mail), then used once.
 */
const KEY = 'atelier.teamInvite';

export function rememberTeamInvite(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // Storage blocked: the link still works when opened again after signing in.
  }
}

/** The remembered token, removed as it is read (a token is usable once). */
export function takeTeamInvite(): string | null {
  try {
    const token = window.localStorage.getItem(KEY);
    if (token) window.localStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}
