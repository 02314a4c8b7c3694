import { eq, sql } from 'drizzle-orm';
import type { SessionResponse, SuccessResponse } from '@atelier/contract';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthDeps } from './auth.deps.js';
import { passwordResetEmail, verificationEmail } from './auth.emails.js';
import { AUTH_TEXT } from './auth.text.js';
import {
  consumeEmailToken,
  discardUnusedEmailTokens,
  issueEmailToken,
  pruneEmailTokens,
  type ConsumeResult,
  type EmailTokenPurpose,
} from './email-tokens.js';
import type { MailOutbox } from './mail-outbox.js';
import { hashPassword } from './passwords.js';
import type { Sessions } from './sessions.js';
import { findUserByEmail, isUniqueViolation, type UserRow } from './users.js';

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

function tokenError(purpose: EmailTokenPurpose, result: Exclude<ConsumeResult, { ok: true }>): AppError {
  return new AppError(400, TOKEN_CODE[result.reason], TOKEN_TEXT[purpose][result.reason]);
}

/** Registration and the e-mailed links: address verification and password reset. */
export function createRegistrationAndEmailLinks(deps: AuthDeps, outbox: MailOutbox, sessions: Sessions) {
  const { db, config, log } = deps;
  const { deliver, inBackground } = outbox;
  const { startSession, revokeSessions, closeSockets } = sessions;

  async function sendVerification(user: Pick<UserRow, 'id' | 'email' | 'fullName'>): Promise<boolean> {
    const token = await issueEmailToken(db, user.id, 'verify');
    const link = `${config.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
    return deliver(verificationEmail(user.email, user.fullName, link));
  }

  return {
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
  };
}
