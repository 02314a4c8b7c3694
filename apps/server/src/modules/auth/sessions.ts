import { eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type MeResponse, type SessionResponse, type SuccessResponse } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { revokedSessionEntry } from '../../lib/revoked-sessions.js';
import type { AuthDeps } from './auth.deps.js';
import { AUTH_TEXT } from './auth.text.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { findUserByEmail, findUserById, toUserDto, type UserRow } from './users.js';

export const sessionExpired = () =>
  new AppError(401, 'INVALID_TOKEN', 'Your session has expired. Please sign in again.');

/** Sessions: password sign-in, the session payload, new tokens, signing out one session or all of them. */
export function createSessions(deps: AuthDeps) {
  const { db, log } = deps;

  async function requireUser(userId: number): Promise<UserRow> {
    const row = await findUserById(db, userId);
    if (!row) throw sessionExpired();
    return row;
  }

  /** user, subscription and credits of an account (the /auth/me reply). */
  async function buildSessionPayload(userId: number): Promise<MeResponse> {
    const row = await requireUser(userId);
    const subscription = await deps.subscriptionOf(userId);
    return { user: toUserDto(row), subscription, credits: row.creditBalance };
  }

  /** A new bearer token plus the session payload (login, Google, verification replies). */
  async function startSession(userId: number): Promise<SessionResponse> {
    const row = await requireUser(userId);
    // Every way in (password, Google, an e-mail link) ends here: a suspended account gets no session.
    if (row.suspendedAt) throw new AppError(403, 'ACCOUNT_SUSPENDED', ADMIN_MESSAGES.accountSuspended);
    const subscription = await deps.subscriptionOf(userId);
    const token = await deps.tokens.sign(userId, row.tokenVersion);
    return { token, user: toUserDto(row), subscription, credits: row.creditBalance };
  }

  /**
   * Ends every session of the account: tokens signed before now are refused (401), and its live
   * sockets, in every process, get `session_revoked` and close with 4003.
   */
  async function revokeSessions(executor: Db | Tx, userId: number): Promise<number> {
    const [row] = await executor
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion });
    return row?.tokenVersion ?? 0;
  }

  /** After a revocation (or deletion) is committed: this process's guard forgets the account's token version, its sockets close. */
  function closeSockets(userId: number): void {
    deps.tokenVersions.forget(userId);
    deps.events.publish(userId, { type: 'session_revoked' }).catch((err: unknown) => log.error({ err, userId }, 'could not close revoked sockets'));
  }

  return {
    requireUser,
    buildSessionPayload,
    startSession,
    revokeSessions,
    closeSockets,

    async login(input: { email: string; password: string }): Promise<SessionResponse> {
      const user = await findUserByEmail(db, input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
      }
      if (!user.passwordHash) {
        await verifyAgainstDummy(input.password);
        throw new AppError(401, 'USE_GOOGLE_SIGN_IN', AUTH_TEXT.useGoogle);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
      }
      if (!user.emailVerifiedAt) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_TEXT.emailNotVerified, {
          emailVerificationRequired: true,
          email: user.email,
        });
      }
      return startSession(user.id);
    },

    /**
     * POST /auth/logout: ends this session only — the token's own id is recorded as signed out
     * until it would have expired. A token from before sessions had ids can only be ended with
     * every session of the account.
     */
    async logout(userId: number, token: string): Promise<SuccessResponse> {
      const claims = await deps.tokens.claims(token);
      if (!claims?.sessionId || claims.expiresAt === undefined) return signOutEverywhere(userId);
      const nowSeconds = Math.floor(Date.now() / 1000);
      const entry = revokedSessionEntry(claims.sessionId, claims.expiresAt);
      await db
        .update(users)
        .set({
          revokedSessions: sql`array_append(array(select e from unnest(${users.revokedSessions}) as e where split_part(e, '.', 2)::bigint > ${nowSeconds}), ${entry})`,
        })
        .where(eq(users.id, userId));
      deps.tokenVersions.forget(userId);
      log.info({ userId }, 'signed out');
      return { success: true, message: AUTH_TEXT.signedOut };
    },

    /** POST /auth/logout-all ("Sign out of all devices"): every token of the account stops working. */
    logoutEverywhere: signOutEverywhere,
  };

  async function signOutEverywhere(userId: number): Promise<SuccessResponse> {
    await revokeSessions(db, userId);
    closeSockets(userId);
    log.info({ userId }, 'signed out everywhere');
    return { success: true, message: AUTH_TEXT.signedOutEverywhere };
  }
}

export type Sessions = ReturnType<typeof createSessions>;
