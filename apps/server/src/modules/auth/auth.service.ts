import { and, eq, lt, sql } from 'drizzle-orm';
import type { MeResponse, SessionResponse, SuccessResponse, User } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { oauthStates, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { IdentityError, type GoogleProfile } from '../../providers/identity/index.js';
import { accountDeletedEmail, passwordResetEmail, verificationEmail } from './auth.emails.js';
import { cancelPaidSubscription, deleteAccountData } from './account-deletion.js';
import { removeAvatar, renderAvatar, storeAvatar } from './avatars.js';
import {
  consumeEmailToken,
  discardUnusedEmailTokens,
  issueEmailToken,
  pruneEmailTokens,
  type ConsumeResult,
  type EmailTokenPurpose,
} from './email-tokens.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

export type UserRow = typeof users.$inferSelect;

/** What the auth service needs from the app context (the subscription is read at call time). */
export type AuthDeps = Pick<
  AppContext,
  'db' | 'config' | 'log' | 'tokens' | 'tokenVersions' | 'mailer' | 'identity' | 'subscriptionOf' | 'events' | 'storage' | 'payments'
>;

export const AUTH_TEXT = {
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in.',
  useGoogle:
    'This account uses Google sign-in. Please continue with Google, or use "Forgot password" to set a password.',
  registered: 'Account created! Please check your email to verify your account.',
  registeredMailFailed:
    'Your account was created, but we could not send the verification email. Please request a new one.',
  resendSent: 'If an account with this email exists and is not yet verified, we have sent a new verification link.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  passwordChanged: 'Your password has been changed.',
  signedOut: 'You have been signed out on every device.',
  accountDeleted: 'Your account has been deleted.',
  pictureRemoved: 'Your profile picture has been removed.',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  wrongPassword: 'Password is incorrect',
  passwordRequired: 'Please enter your password to delete your account.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleEmailNotVerified: 'Your Google account has no verified email address, so it cannot be used to sign in.',
  googleLinkedElsewhere: 'This email address is already linked to a different Google account.',
} as const;

const TOKEN_TEXT: Record<EmailTokenPurpose, Record<'invalid' | 'expired' | 'used', string>> = {
  verify: {
    invalid: 'This verification link is invalid. Please request a new verification email.',
    expired: 'This verification link has expired. Please request a new verification email.',
    used: 'This verification link has already been used. Please request a new verification email.',
  },
  reset: {
    invalid: 'This password reset link is invalid. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
    used: 'This password reset link has already been used. Please request a new one.',
  },
};
const TOKEN_CODE = { invalid: 'INVALID_TOKEN', expired: 'TOKEN_EXPIRED', used: 'TOKEN_USED' } as const;

/** A redirect sign-in must come back within this time. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    profilePicture: row.profilePicture,
    emailVerified: row.emailVerifiedAt !== null,
    isStudent: row.isStudent,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Finds an account by e-mail, case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function tokenError(purpose: EmailTokenPurpose, result: Exclude<ConsumeResult, { ok: true }>): AppError {
  return new AppError(400, TOKEN_CODE[result.reason], TOKEN_TEXT[purpose][result.reason]);
}

const sessionExpired = () =>
  new AppError(401, 'INVALID_TOKEN', 'Your session has expired. Please sign in again.');

/** Accounts: registration, sign-in (password and Google), e-mail verification, password reset, profile. */
export function createAuthService(deps: AuthDeps) {
  const { db, config, log } = deps;
  const pending = new Set<Promise<void>>();

  /** Sends one e-mail; a failure is logged, never thrown (the caller reports it as emailSent false). */
  async function deliver(msg: MailMessage): Promise<boolean> {
    try {
      await deps.mailer.send(msg);
      return true;
    } catch (err) {
      log.error({ err, to: msg.to, subject: msg.subject }, 'could not send e-mail');
      return false;
    }
  }

  /**
   * Work whose outcome must not show in the reply (or its timing): resend and forgot-password
   * answer the same for every address, then do the lookup and the sending here.
   */
  function inBackground(what: string, work: () => Promise<void>): void {
    const p = work()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  async function requireUser(userId: number): Promise<UserRow> {
    const row = await findUserById(db, userId);
    if (!row) throw sessionExpired();
    return row;
  }

  async function sendVerification(user: Pick<UserRow, 'id' | 'email' | 'fullName'>): Promise<boolean> {
    const token = await issueEmailToken(db, user.id, 'verify');
    const link = `${config.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
    return deliver(verificationEmail(user.email, user.fullName, link));
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
    buildSessionPayload,
    startSession,

    /** Waits for background e-mail work (used on shutdown). */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },

    async register(input: { fullName: string; email: string; password: string }) {
      if (await findUserByEmail(db, input.email)) throw new AppError(409, 'EMAIL_TAKEN', AUTH_TEXT.emailTaken);
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        [user] = await db
          .insert(users)
          .values({ email: input.email.trim(), fullName: input.fullName.trim(), passwordHash })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'EMAIL_TAKEN', AUTH_TEXT.emailTaken);
        throw err;
      }
      log.info({ userId: user.id }, 'account registered');
      const emailSent = await sendVerification(user);
      return {
        success: true as const,
        emailSent,
        message: emailSent ? AUTH_TEXT.registered : AUTH_TEXT.registeredMailFailed,
      };
    },

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

    async verifyEmail(token: string): Promise<SessionResponse> {
      const userId = await db.transaction(async (tx) => {
        const result = await consumeEmailToken(tx, token, 'verify');
        if (!result.ok) throw tokenError('verify', result);
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
          .where(eq(users.id, result.userId));
        return result.userId;
      });
      log.info({ userId }, 'e-mail verified');
      return startSession(userId);
    },

    resendVerification(email: string): SuccessResponse {
      inBackground('resend verification', async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.emailVerifiedAt) return;
        await sendVerification(user);
      });
      return { success: true, message: AUTH_TEXT.resendSent };
    },

    forgotPassword(email: string): SuccessResponse {
      inBackground('forgot password', async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
        await pruneEmailTokens(db);
        await discardUnusedEmailTokens(db, user.id, 'reset');
        const token = await issueEmailToken(db, user.id, 'reset');
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deliver(passwordResetEmail(user.email, user.fullName, link));
      });
      return { success: true, message: AUTH_TEXT.forgotSent };
    },

    async resetPassword(input: { token: string; password: string }): Promise<SuccessResponse> {
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const result = await consumeEmailToken(tx, input.token, 'reset');
        if (!result.ok) throw tokenError('reset', result);
        await tx
          .update(users)
          .set({
            passwordHash,
            // Following the e-mailed link proves the address, too.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, result.userId));
        await discardUnusedEmailTokens(tx, result.userId, 'reset');
        await revokeSessions(tx, result.userId);
        return result.userId;
      });
      closeSockets(userId);
      log.info({ userId }, 'password reset');
      return { success: true, message: AUTH_TEXT.passwordReset };
    },

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

    async updateProfile(userId: number, input: { fullName: string }): Promise<MeResponse> {
      const updated = await db
        .update(users)
        .set({ fullName: input.fullName.trim(), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw sessionExpired();
      return buildSessionPayload(userId);
    },

    /** POST /auth/logout and "Sign out everywhere": every token of the account stops working. */
    async logout(userId: number): Promise<SuccessResponse> {
      await revokeSessions(db, userId);
      closeSockets(userId);
      log.info({ userId }, 'signed out everywhere');
      return { success: true, message: AUTH_TEXT.signedOut };
    },

    /** Every earlier session ends; the reply carries a new token for the browser that changed it. */
    async changePassword(userId: number, input: { currentPassword?: string; newPassword: string }): Promise<SuccessResponse & { token: string }> {
      const user = await requireUser(userId);
      if (user.passwordHash) {
        if (!input.currentPassword) throw new AppError(400, 'CURRENT_PASSWORD_REQUIRED', AUTH_TEXT.currentPasswordRequired);
        if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
          throw new AppError(400, 'WRONG_PASSWORD', AUTH_TEXT.wrongCurrentPassword);
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await discardUnusedEmailTokens(db, userId, 'reset');
      const tokenVersion = await revokeSessions(db, userId);
      closeSockets(userId);
      log.info({ userId }, 'password changed');
      return { success: true, message: AUTH_TEXT.passwordChanged, token: await deps.tokens.sign(userId, tokenVersion) };
    },

    async setProfilePicture(userId: number, upload: Buffer): Promise<MeResponse> {
      const user = await requireUser(userId);
      const webp = await renderAvatar(upload);
      const url = await storeAvatar(deps.storage, webp);
      const updated = await db
        .update(users)
        .set({ profilePicture: url, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) {
        await removeAvatar(deps.storage, config.dataDir, url);
        throw sessionExpired();
      }
      await removeAvatar(deps.storage, config.dataDir, user.profilePicture);
      return buildSessionPayload(userId);
    },

    async removeProfilePicture(userId: number): Promise<MeResponse> {
      const user = await requireUser(userId);
      await db.update(users).set({ profilePicture: null, updatedAt: new Date() }).where(eq(users.id, userId));
      await removeAvatar(deps.storage, config.dataDir, user.profilePicture);
      return buildSessionPayload(userId);
    },

    async deleteAccount(userId: number, input: { password?: string }): Promise<SuccessResponse> {
      const user = await requireUser(userId);
      if (user.passwordHash) {
        if (!input.password) throw new AppError(400, 'PASSWORD_REQUIRED', AUTH_TEXT.passwordRequired);
        if (!(await verifyPassword(user.passwordHash, input.password))) {
          throw new AppError(400, 'WRONG_PASSWORD', AUTH_TEXT.wrongPassword);
        }
      }
      const subscriptionCancelled = await cancelPaidSubscription(deps, userId);
      await deleteAccountData(deps, userId);
      closeSockets(userId);
      await removeAvatar(deps.storage, config.dataDir, user.profilePicture);
      log.info({ userId, subscriptionCancelled }, 'account deleted');
      await deliver(accountDeletedEmail(user.email, user.fullName, subscriptionCancelled));
      return { success: true, message: AUTH_TEXT.accountDeleted };
    },
  };
}

function googleDisplayName(profile: GoogleProfile): string {
  const name = profile.name?.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim().slice(0, 100);
  if (name && name.length >= 2) return name;
  const local = (profile.email ?? '').split('@')[0].slice(0, 100);
  return local.length >= 2 ? local : 'Atelier user';
}
