import { and, eq, lt, sql } from 'drizzle-orm';
import type { SessionResponse } from '@atelier/contract';
import { oauthStates, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { IdentityError, type GoogleProfile } from '../../providers/identity/index.js';
import type { AuthDeps } from './auth.deps.js';
import { AUTH_TEXT } from './auth.text.js';
import type { Sessions } from './sessions.js';
import { findUserByEmail, isUniqueViolation } from './users.js';

/** A redirect sign-in must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Google sign-in: with an ID token, or by redirect (PKCE, nonce and a browser-bound state). */
export function createGoogleSignIn(deps: AuthDeps, sessions: Sessions) {
  const { db, log } = deps;
  const { startSession } = sessions;

  /** Signs in (or up) the person behind a verified Google identity; returns the account id. */
  async function signInWithGoogleProfile(profile: GoogleProfile): Promise<number> {
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, profile.sub)).limit(1);
    if (bySub) {
      if (!bySub.emailVerifiedAt) {
        await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, bySub.id));
      }
      return bySub.id;
    }
    if (!profile.email || !profile.emailVerified) {
      throw new AppError(403, 'GOOGLE_EMAIL_NOT_VERIFIED', AUTH_TEXT.googleEmailNotVerified);
    }
    const byEmail = await findUserByEmail(db, profile.email);
    if (byEmail) {
      if (byEmail.googleSub && byEmail.googleSub !== profile.sub) {
        throw new AppError(409, 'GOOGLE_ACCOUNT_MISMATCH', AUTH_TEXT.googleLinkedElsewhere);
      }
      await db
        .update(users)
        .set({
          googleSub: profile.sub,
          emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(),
          // A password set on an address nobody had proven to own could belong to someone else:
          // once Google proves the owner, such a password no longer opens the account.
          passwordHash: byEmail.emailVerifiedAt ? byEmail.passwordHash : null,
          profilePicture: byEmail.profilePicture ?? profile.picture,
          updatedAt: new Date(),
        })
        .where(eq(users.id, byEmail.id));
      return byEmail.id;
    }
    const fullName = googleDisplayName(profile);
    try {
      const [created] = await db
        .insert(users)
        .values({
          email: profile.email,
          fullName,
          googleSub: profile.sub,
          emailVerifiedAt: new Date(),
          profilePicture: profile.picture,
        })
        .returning({ id: users.id });
      log.info({ userId: created.id }, 'account created with Google sign-in');
      return created.id;
    } catch (err) {
      // Two first sign-ins at the same moment: the other one created the account.
      if (isUniqueViolation(err)) return signInWithGoogleProfile(profile);
      throw err;
    }
  }

  function identityFailure(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof IdentityError) {
      if (err.reason === 'not_configured') return new AppError(400, 'GOOGLE_NOT_CONFIGURED', AUTH_TEXT.googleNotConfigured);
      if (err.reason === 'unavailable') {
        log.error({ err: err.cause ?? err }, 'identity provider unavailable');
        return new AppError(503, 'GOOGLE_UNAVAILABLE', err.message);
      }
      log.warn({ err: err.cause ?? err }, 'Google sign-in refused');
      return new AppError(401, 'GOOGLE_AUTH_FAILED', err.message);
    }
    throw err;
  }

  return {
    async googleWithIdToken(idToken: string): Promise<SessionResponse> {
      if (!deps.identity.enabled) throw new AppError(400, 'GOOGLE_NOT_CONFIGURED', AUTH_TEXT.googleNotConfigured);
      let profile: GoogleProfile;
      try {
        profile = await deps.identity.verifyIdToken(idToken);
      } catch (err) {
        throw identityFailure(err);
      }
      return startSession(await signInWithGoogleProfile(profile));
    },

    /**
     * Starts a redirect sign-in: remembers PKCE verifier and nonce by state; returns the issuer URL
     * and the state, which the route also puts in this browser's cookie.
     */
    async googleStart(redirectUri: string): Promise<{ url: string; state: string }> {
      if (!deps.identity.enabled) throw new AppError(400, 'GOOGLE_NOT_CONFIGURED', AUTH_TEXT.googleNotConfigured);
      let request;
      try {
        request = await deps.identity.startAuthorization(redirectUri);
      } catch (err) {
        throw identityFailure(err);
      }
      const now = new Date();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await db.insert(oauthStates).values({
        state: request.state,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      });
      return { url: request.url, state: request.state };
    },

    /**
     * Finishes a redirect sign-in. The state is taken (deleted) first, so it works once; an
     * unknown, used or expired state, or an error from the issuer, is refused. `browserState` is
     * the state cookie of the browser that opened the callback: a callback opened in a browser
     * that did not start this sign-in (login CSRF) is refused.
     */
    async googleCallback(callbackUrl: URL, browserState: string | undefined): Promise<SessionResponse> {
      const state = callbackUrl.searchParams.get('state');
      const invalidState = new AppError(400, 'INVALID_STATE', 'This sign-in attempt is invalid or has expired. Please try again.');
      if (!state || state.length > 512) throw invalidState;
      if (browserState !== state) {
        log.warn('Google callback without the state cookie of the browser that started it');
        throw new AppError(401, 'GOOGLE_AUTH_FAILED', 'Authentication failed');
      }
      const [stored] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), sql`${oauthStates.expiresAt} > now()`))
        .returning();
      if (!stored) throw invalidState;
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError) {
        throw new AppError(401, providerError === 'access_denied' ? 'ACCESS_DENIED' : 'GOOGLE_AUTH_FAILED', 'Google sign-in was cancelled or refused.');
      }
      let profile: GoogleProfile;
      try {
        profile = await deps.identity.finishAuthorization(callbackUrl, {
          state: stored.state,
          codeVerifier: stored.codeVerifier,
          nonce: stored.nonce,
        });
      } catch (err) {
        throw identityFailure(err);
      }
      return startSession(await signInWithGoogleProfile(profile));
    },
  };
}

function googleDisplayName(profile: GoogleProfile): string {
  const name = profile.name?.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim().slice(0, 100);
  if (name && name.length >= 2) return name;
  const local = (profile.email ?? '').split('@')[0].slice(0, 100);
  return local.length >= 2 ? local : 'Atelier user';
}
