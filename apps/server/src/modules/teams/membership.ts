import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { TEAM_ERROR_CODES, TEAM_MESSAGES, type TeamRole } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { teamMembers, teams } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';

/** A person's place in one team, read fresh on every call (a removed member is refused at once). */
export interface Membership {
  teamId: number;
  name: string;
  accountUserId: number;
  role: TeamRole;
}

export async function findMembership(ex: Db | Tx, teamId: number, userId: number): Promise<Membership | null> {
  const [row] = await ex
    .select({ teamId: teams.id, name: teams.name, accountUserId: teams.accountUserId, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** 403 for a team the caller is not in (whether or not it exists: ids of other teams stay opaque). */
export async function requireMembership(ex: Db | Tx, teamId: number, userId: number): Promise<Membership> {
  const membership = await findMembership(ex, teamId, userId);
  if (!membership) throw forbidden(TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
  return membership;
}

const RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

/** The caller's membership if their role is at least `least`; 403 otherwise. */
export async function requireRole(ex: Db | Tx, teamId: number, userId: number, least: TeamRole): Promise<Membership> {
  const membership = await requireMembership(ex, teamId, userId);
  if (RANK[membership.role] < RANK[least]) {
    const message = least === 'owner' ? TEAM_MESSAGES.ownerOnly : TEAM_MESSAGES.adminOnly;
    throw new AppError(403, TEAM_ERROR_CODES.forbidden, message);
  }
  return membership;
}

/** Marks the member active (at most once every five minutes, so a busy member writes little). */
export async function touchMember(ex: Db | Tx, teamId: number, userId: number): Promise<void> {
  await ex
    .update(teamMembers)
    .set({ lastActiveAt: new Date() })
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
        or(isNull(teamMembers.lastActiveAt), lt(teamMembers.lastActiveAt, sql`now() - interval '5 minutes'`)),
      ),
    );
}
