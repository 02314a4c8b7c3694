/**
 * The callback screen (/auth/callback) cannot tell from its URL which flow sent the user there;
 * the Google button leaves this mark for the tab just before it leaves for Google, so the screen
 * ends a Google sign-in with the Google texts of the spec.
 */
const KEY = 'atelier.signInVia';

export function markGoogleSignIn(): void {
  try {
    window.sessionStorage.setItem(KEY, 'google');
  } catch {
    // Storage blocked: the callback screen falls back to its general texts.
  }
}

/** Whether the sign-in being finished started with the Google button; the mark is used once. */
export function takeGoogleSignInMark(): boolean {
  try {
    const google = window.sessionStorage.getItem(KEY) === 'google';
    window.sessionStorage.removeItem(KEY);
    return google;
  } catch {
    return false;
  }
}

export const GOOGLE_TEXTS = { success: 'Successfully signed in with Google!', failed: 'Google login failed' } as const;
