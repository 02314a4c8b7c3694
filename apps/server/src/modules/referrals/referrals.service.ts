import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { REFERRAL_CLAIM_WINDOW_DAYS, REFERRAL_MESSAGES, REFERRAL_REWARD_CREDITS, type ReferralSummary } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { referralCodes, referrals, subscriptions, teamInterest, users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { adjustCredits } from '../credits/index.js';

type Executor = Db | Tx;

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'Someone';

/** The user's invite code, made on first use. */
export async function referralCodeOf(db: Executor, userId: number): Promise<string> {
  const [found] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)).limit(1);
  if (found) return found.code;
  await db.insert(referralCodes).values({ userId, code: crypto.randomBytes(9).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)).limit(1);
  return row.code;
}

/** GET /referrals: the invite link, the invites and their state, the credits earned. */
export async function referralSummary(db: Db, userId: number, publicUrl: string): Promise<ReferralSummary> {
  const code = await referralCodeOf(db, userId);
  const rows = await db
    .select({ fullName: users.fullName, createdAt: referrals.createdAt, rewardedAt: referrals.rewardedAt })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt));
  const invites = rows.map((r) => ({ firstName: firstName(r.fullName), joinedAt: r.createdAt.toISOString(), state: r.rewardedAt ? ('rewarded' as const) : ('joined' as const) }));
  return {
    code,
    link: `${publicUrl}/register?ref=${encodeURIComponent(code)}`,
    rewardCredits: REFERRAL_REWARD_CREDITS,
    creditsEarned: invites.filter((i) => i.state === 'rewarded').length * REFERRAL_REWARD_CREDITS,
    invites,
  };
}

/**
 * POST /referrals/claim: the signed-in account registered through `code`. Only a new account
 * (under REFERRAL_CLAIM_WINDOW_DAYS old) without a plan yet, once, and never its own code.
 */
export async function claimReferral(db: Db, userId: number, code: string, now = new Date()): Promise<void> {
  const [owner] = await db.select({ userId: referralCodes.userId }).from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
  if (!owner) throw new AppError(404, 'REFERRAL_NOT_FOUND', REFERRAL_MESSAGES.invalidCode);
  if (owner.userId === userId) throw badRequest(REFERRAL_MESSAGES.ownCode, 'REFERRAL_OWN_CODE');
  const [me] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!me || now.getTime() - me.createdAt.getTime() > REFERRAL_CLAIM_WINDOW_DAYS * 86_400_000) throw badRequest(REFERRAL_MESSAGES.tooLate, 'REFERRAL_TOO_LATE');
  const [sub] = await db.select({ lastGrantAt: subscriptions.lastGrantAt }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (sub?.lastGrantAt) throw badRequest(REFERRAL_MESSAGES.alreadySubscribed, 'REFERRAL_HAS_PLAN');
  const inserted = await db.insert(referrals).values({ referrerId: owner.userId, referredUserId: userId }).onConflictDoNothing().returning({ id: referrals.id });
  if (!inserted.length) {
    const [existing] = await db.select({ referrerId: referrals.referrerId }).from(referrals).where(eq(referrals.referredUserId, userId)).limit(1);
    // Claiming the same invite again (a second tab, a retry) is fine; another invite is not.
    if (existing?.referrerId !== owner.userId) throw conflict(REFERRAL_MESSAGES.alreadyReferred, 'REFERRAL_EXISTS');
  }
}

/**
 * Called by billing when a plan becomes active: an account that joined through an invite and
 * has not been rewarded gives both accounts REFERRAL_REWARD_CREDITS, once (the referral row is
 * marked in the same transaction, and the ledger keys make a retry a no-op).
 */
export async function rewardReferralOnFirstPlan(tx: Tx, userId: number): Promise<void> {
  const [referral] = await tx
    .update(referrals)
    .set({ rewardedAt: new Date() })
    .where(and(eq(referrals.referredUserId, userId), isNull(referrals.rewardedAt)))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!referral) return;
  const ref = { refType: 'referral', refId: referral.id };
  await adjustCredits(tx, {
    userId: referral.referrerId,
    amount: REFERRAL_REWARD_CREDITS,
    idempotencyKey: `referral:${referral.id}:referrer`,
    description: `Referral bonus: a colleague you invited chose a plan`,
    ...ref,
  });
  await adjustCredits(tx, {
    userId,
    amount: REFERRAL_REWARD_CREDITS,
    idempotencyKey: `referral:${referral.id}:invited`,
    description: `Welcome bonus: you joined through an invite`,
    ...ref,
  });
}

/** POST /team/interest and GET: the "notify me when teams open" flag. */
export async function recordTeamInterest(db: Db, userId: number): Promise<void> {
  await db.insert(teamInterest).values({ userId }).onConflictDoNothing();
}
export async function hasTeamInterest(db: Db, userId: number): Promise<boolean> {
  return (await db.select({ userId: teamInterest.userId }).from(teamInterest).where(eq(teamInterest.userId, userId)).limit(1)).length > 0;
}
