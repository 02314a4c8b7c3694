import { PLAN_RANK, type BillingCycle, type PaidPlanType, type Subscription } from '@atelier/contract';

/**
 * What a plan card offers, given the current subscription (spec §4, plan card action):
 *   same plan and cycle        CURRENT PLAN badge, Manage Subscription → billing portal
 *   no subscription            Upgrade Plan → checkout
 *   same plan, other cycle     Upgrade Plan → checkout
 *   higher-ranked plan         Upgrade Plan → checkout
 *   lower-ranked plan          Downgrade (via Portal) → billing portal
 *   otherwise                  Not Available, does nothing
 */
export type PlanCardAction =
  | { kind: 'manage'; label: 'Manage Subscription'; isCurrent: true }
  | { kind: 'upgrade'; label: 'Upgrade Plan'; isCurrent: false }
  | { kind: 'downgrade'; label: 'Downgrade (via Portal)'; isCurrent: false }
  | { kind: 'unavailable'; label: 'Not Available'; isCurrent: false };

export const MANAGE: PlanCardAction = { kind: 'manage', label: 'Manage Subscription', isCurrent: true };
export const UPGRADE: PlanCardAction = { kind: 'upgrade', label: 'Upgrade Plan', isCurrent: false };
export const DOWNGRADE: PlanCardAction = { kind: 'downgrade', label: 'Downgrade (via Portal)', isCurrent: false };
export const UNAVAILABLE: PlanCardAction = { kind: 'unavailable', label: 'Not Available', isCurrent: false };

/** A FREE (or missing) subscription is no subscription. */
export function hasSubscription(sub: Pick<Subscription, 'planType'> | null | undefined): sub is Pick<Subscription, 'planType' | 'billingCycle'> {
  return !!sub && sub.planType !== 'FREE';
}

export function planCardAction(
  planType: PaidPlanType | string,
  billingCycle: BillingCycle,
  subscription: Pick<Subscription, 'planType' | 'billingCycle'> | null | undefined,
): PlanCardAction {
  const rank = (PLAN_RANK as Record<string, number | undefined>)[planType];
  if (hasSubscription(subscription) && subscription.planType === planType && subscription.billingCycle === billingCycle) return MANAGE;
  if (rank === undefined || rank === 0) return UNAVAILABLE;
  if (!hasSubscription(subscription)) return UPGRADE;
  if (subscription.planType === planType) return UPGRADE;
  const currentRank = PLAN_RANK[subscription.planType];
  if (rank > currentRank) return UPGRADE;
  if (rank < currentRank) return DOWNGRADE;
  return UNAVAILABLE;
}

/** The label of the button while its checkout starts (spec §4). */
export function busyLabel(isEducational: boolean): 'Loading...' | 'Processing...' {
  return isEducational ? 'Processing...' : 'Loading...';
}
