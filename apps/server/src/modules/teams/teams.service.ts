import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { TEAM_DEFAULT_SEAT_LIMIT, type TeamListItem, type TeamSummary } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { cancelPaidSubscription, deleteAccountData } from '../auth/index.js';
import { requireRole } from './membership.js';
import { seatLimitOf } from './seats.js';

/** Teams one person may own (a guard against scripted sign-ups filling the database). */
const MAX_OWNED_TEAMS = 10;

/** A team account's e-mail: unroutable (RFC 2606 .invalid), never shown, never found by sign-in. */
const placeholderEmail = () => `team-${crypto.randomUUID()}@teams.atelier.invalid`;

/** Creates the team's account (kind 'team', no password), the team and its owner's membership. */
export async function createTeam(ctx: AppContext, personId: number, name: string): Promise<TeamSummary> {
  return ctx.db.transaction(async (tx) => {
    // Serialises one person's creations, so the limit holds.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${personId} FOR UPDATE`);
    const [{ owned }] = await tx
      .select({ owned: count() })
      .from(teamMembers)
      .where(sql`${teamMembers.userId} = ${personId} AND ${teamMembers.role} = 'owner'`);
    if (Number(owned) >= MAX_OWNED_TEAMS) throw new AppError(409, 'TEAM_LIMIT', `You can own at most ${MAX_OWNED_TEAMS} teams`);
    const [account] = await tx
      .insert(users)
      .values({ email: placeholderEmail(), fullName: name, kind: 'team', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const [team] = await tx
      .insert(teams)
      .values({ name, accountUserId: account.id, seatLimit: TEAM_DEFAULT_SEAT_LIMIT })
      .returning();
    await tx.insert(teamMembers).values({ teamId: team.id, userId: personId, role: 'owner', lastActiveAt: new Date() });
    return { id: team.id, name: team.name, role: 'owner' as const };
  });
}

/** The caller's teams with their role, the seats and the pool, oldest membership first. */
export async function listTeams(ctx: AppContext, personId: number): Promise<TeamListItem[]> {
  const rows = await ctx.db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      seatLimit: teams.seatLimit,
      accountUserId: teams.accountUserId,
      creditBalance: users.creditBalance,
      memberCount: sql<number>`(SELECT count(*)::int FROM team_members m WHERE m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teams.accountUserId))
    .where(eq(teamMembers.userId, personId))
    .orderBy(teamMembers.joinedAt, teams.id);
  return Promise.all(
    rows.map(async ({ accountUserId, ...r }) => {
      const { seats, planType, planName } = await seatLimitOf(ctx.db, { seatLimit: r.seatLimit, accountUserId });
      return { ...r, memberCount: Number(r.memberCount), seatLimit: seats, planType, planName };
    }),
  );
}

/**
 * Deletes the team (owner only): its paid subscription is cancelled, then its account with all
 * its work (every table cascades from the account) and its files.
 */
export async function deleteTeam(ctx: AppContext, personId: number, teamId: number): Promise<void> {
  const membership = await requireRole(ctx.db, teamId, personId, 'owner');
  const members = await ctx.db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  await cancelPaidSubscription(ctx, membership.accountUserId);
  await deleteAccountData(ctx, membership.accountUserId);
  // Every member's sockets on the team's workspace close (4004).
  for (const { userId } of members) await ctx.events.publish(membership.accountUserId, { type: 'workspace_access_revoked', teamId, userId });
}
