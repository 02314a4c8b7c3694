import { z } from 'zod';

/** Credits each side gets when an invited account buys its first plan (once, through the ledger). */
export const REFERRAL_REWARD_CREDITS = 25;
/** An invite can be claimed only by an account this young (registered through the link). */
export const REFERRAL_CLAIM_WINDOW_DAYS = 7;

export const REFERRAL_MESSAGES = {
  invalidCode: 'This invite link is not valid',
  ownCode: 'You cannot use your own invite link',
  alreadyReferred: 'This account already joined through an invite',
  tooLate: 'Invite links count only for new accounts',
  alreadySubscribed: 'Invite links count only before the first plan',
} as const;

export const referralCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{6,32}$/, REFERRAL_MESSAGES.invalidCode);
export const claimReferralRequestSchema = z.object({ code: referralCodeSchema });

export const referralInviteSchema = z.object({
  /** Only the invited person's first name is shown. */
  firstName: z.string(),
  joinedAt: z.string(),
  /** joined: registered, no plan yet; rewarded: bought a plan, both got the credits. */
  state: z.enum(['joined', 'rewarded']),
});
export type ReferralInvite = z.infer<typeof referralInviteSchema>;

export const referralSummarySchema = z.object({
  code: z.string(),
  /** The personal invite link: /register?ref={code}. */
  link: z.string(),
  rewardCredits: z.number().int(),
  creditsEarned: z.number().int(),
  invites: z.array(referralInviteSchema),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const claimReferralResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /team/interest: "notify me when teams open". */
export const teamInterestResponseSchema = z.object({ interested: z.boolean() });
export type TeamInterestResponse = z.infer<typeof teamInterestResponseSchema>;
