import type { AuthDeps } from './auth.deps.js';
import { createGoogleSignIn } from './google-sign-in.js';
import { createMailOutbox } from './mail-outbox.js';
import { createProfileAndPassword } from './profile-and-password.js';
import { createRegistrationAndEmailLinks } from './registration-and-email-links.js';
import { createSessions } from './sessions.js';

// Each concern lives in its own file: sessions.ts (sign-in, tokens, sign-out everywhere),
// registration-and-email-links.ts, google-sign-in.ts, profile-and-password.ts (with deletion);
// users.ts holds the account lookups, mail-outbox.ts the e-mail sending.

/** Accounts: registration, sign-in (password and Google), e-mail verification, password reset, profile. */
export function createAuthService(deps: AuthDeps) {
  const outbox = createMailOutbox(deps);
  const sessions = createSessions(deps);
  const { buildSessionPayload, startSession, login, logout, logoutEverywhere } = sessions;
  return {
    buildSessionPayload,
    startSession,
    idle: outbox.idle,
    login,
    logout,
    logoutEverywhere,
    ...createRegistrationAndEmailLinks(deps, outbox, sessions),
    ...createGoogleSignIn(deps, sessions),
    ...createProfileAndPassword(deps, outbox, sessions),
  };
}
