import { eq } from 'drizzle-orm';
import type { MeResponse, SuccessResponse } from '@atelier/contract';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthDeps } from './auth.deps.js';
import { accountDeletedEmail } from './auth.emails.js';
import { AUTH_TEXT } from './auth.text.js';
import { cancelPaidSubscription, deleteAccountData, releaseOwnedTeams } from './account-deletion.js';
import { removeAvatar, renderAvatar, storeAvatar } from './avatars.js';
import { discardUnusedEmailTokens } from './email-tokens.js';
import type { MailOutbox } from './mail-outbox.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sessionExpired, type Sessions } from './sessions.js';

/** The signed-in account: name, picture, password, and deleting it. */
export function createProfileAndPassword(deps: AuthDeps, outbox: MailOutbox, sessions: Sessions) {
  const { db, config, log } = deps;
  const { deliver } = outbox;
  const { requireUser, buildSessionPayload, revokeSessions, closeSockets } = sessions;

  return {
    /** The full name, and the display name when sent ('' goes back to the default, the first name). */
    async updateProfile(userId: number, input: { fullName: string; displayName?: string }): Promise<MeResponse> {
      const displayName = input.displayName === undefined ? {} : { displayName: input.displayName.trim() || null };
      const updated = await db
        .update(users)
        .set({ fullName: input.fullName.trim(), ...displayName, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw sessionExpired();
      return buildSessionPayload(userId);
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
        .returning({ id: users.id })
        .catch(async (err: unknown) => {
          // The picture is kept only if the account points at it.
          await removeAvatar(deps.storage, config.dataDir, url).catch(() => undefined);
          throw err;
        });
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
      await releaseOwnedTeams(deps, userId);
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
