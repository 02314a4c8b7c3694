import { and, count, eq } from 'drizzle-orm';
import type { PlanType } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { getCatalog, getSubscription } from '../billing/index.js';

export interface TeamSeats {
  /** The seat limit: the studio plan's paid seats while it is live, else the team's own seat_limit. */
  seats: number;
  /** The team's plan while it is live (ACTIVE or PAST_DUE), FREE otherwise. */
  planType: PlanType;
  /** 'Studio Explorer' for a live studio plan, else null. */
  planName: string | null;
}

/**
 * Seats of a team come from its plan: a studio plan is bought per seat (issue 32, billing), and
 * those seats are the limit. Without one (or on a plan bought before studio plans, which has no
 * seats) the team's seat_limit holds (TEAM_DEFAULT_SEAT_LIMIT, or what an operator set).
 */
export async function seatLimitOf(ex: Db | Tx, team: { seatLimit: number; accountUserId: number }): Promise<TeamSeats> {
  const sub = await getSubscription(ex, team.accountUserId);
  const live = sub.status === 'ACTIVE' || sub.status === 'PAST_DUE';
  const planType = live ? sub.planType : 'FREE';
  if (live && planType !== 'FREE' && sub.seats) {
    return { seats: sub.seats, planType, planName: getCatalog().planName(planType, sub.seats) };
  }
  return { seats: team.seatLimit, planType, planName: null };
}

/** The e-mail of the owner of the team whose account is `accountUserId`, or null for an account that is not a team's. */
export async function ownerEmailOfAccount(ex: Db | Tx, accountUserId: number): Promise<string | null> {
  const [row] = await ex
    .select({ email: users.email })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teams.accountUserId, accountUserId))
    .limit(1);
  return row?.email ?? null;
}

/** Members of the team whose account is `accountUserId` (0 for an account that is not a team's). */
export async function memberCountOfAccount(ex: Db | Tx, accountUserId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teams.accountUserId, accountUserId));
  return Number(row?.n ?? 0);
}
