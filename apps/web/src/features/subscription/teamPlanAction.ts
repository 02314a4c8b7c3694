import { PLAN_RANK, TEAM_PLAN_MAX_SEATS, TEAM_PLAN_MIN_SEATS, type BillingCycle, type PaidPlanType, type Subscription } from '@atelier/contract';

/**
 * What a studio plan card offers the owner, given the team's subscription and the seats picked:
 *   no plan                          Choose → checkout
 *   same plan and cycle, same seats  Current plan · Manage in portal
 *   same plan and cycle, new seats   Change to N seats → checkout
 *   lower-ranked plan                Downgrade (via Portal)
 *   otherwise                        Switch to this plan → checkout (with the picked seats)
 */
export type TeamPlanAction =
  | { kind: 'checkout'; label: string; isCurrent: boolean }
  | { kind: 'portal'; label: string; isCurrent: boolean };

type TeamSubscription = Pick<Subscription, 'planType' | 'billingCycle' | 'status' | 'seats'>;

const live = (sub: TeamSubscription | null | undefined): sub is TeamSubscription =>
  !!sub && sub.planType !== 'FREE' && (sub.status === 'ACTIVE' || sub.status === 'PAST_DUE');

export function teamPlanAction(planType: PaidPlanType, cycle: BillingCycle, seats: number, sub: TeamSubscription | null | undefined): TeamPlanAction {
  if (!live(sub)) return { kind: 'checkout', label: `Choose for ${seats} seats`, isCurrent: false };
  const samePlan = sub.planType === planType && sub.billingCycle === cycle;
  if (samePlan && sub.seats === seats) return { kind: 'portal', label: 'Manage Subscription', isCurrent: true };
  if (samePlan) return { kind: 'checkout', label: `Change to ${seats} seats`, isCurrent: true };
  if (PLAN_RANK[planType] < PLAN_RANK[sub.planType]) return { kind: 'portal', label: 'Downgrade (via Portal)', isCurrent: false };
  return { kind: 'checkout', label: `Switch to this plan, ${seats} seats`, isCurrent: false };
}

/** The fewest seats the owner may pick: the plan minimum, or the members already in the team. */
export function minimumSeats(memberCount: number): number {
  return Math.min(TEAM_PLAN_MAX_SEATS, Math.max(TEAM_PLAN_MIN_SEATS, memberCount));
}

/** A typed or stepped value kept within the picker's bounds (whole seats). */
export function clampSeats(value: number, min: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(TEAM_PLAN_MAX_SEATS, Math.max(min, Math.round(value)));
}

/** The total of a cycle for the seats: per-seat cents × seats. */
export function teamTotal(pricesPerSeat: { monthly: number; yearly: number }, cycle: BillingCycle, seats: number): number {
  return (cycle === 'YEARLY' ? pricesPerSeat.yearly : pricesPerSeat.monthly) * seats;
}
