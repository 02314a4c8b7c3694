import { TEAM_PLAN_SEATS, type PlanType } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { getSubscription } from '../billing/index.js';

/** The team's plan while it is live (ACTIVE or PAST_DUE), FREE otherwise. */
export async function teamPlanOf(ex: Db | Tx, accountUserId: number): Promise<PlanType> {
  const sub = await getSubscription(ex, accountUserId);
  return sub.status === 'ACTIVE' || sub.status === 'PAST_DUE' ? sub.planType : 'FREE';
}

/**
 * Seats of a team: those of its plan (TEAM_PLAN_SEATS; 3 without a plan), or the team's own
 * seat_limit when an operator set it higher.
 */
export async function seatLimitOf(ex: Db | Tx, team: { seatLimit: number; accountUserId: number }): Promise<{ seats: number; planType: PlanType }> {
  const planType = await teamPlanOf(ex, team.accountUserId);
  return { seats: Math.max(team.seatLimit, TEAM_PLAN_SEATS[planType]), planType };
}
