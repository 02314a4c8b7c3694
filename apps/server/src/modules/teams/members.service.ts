import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { TEAM_ERROR_CODES, TEAM_MESSAGES, type TeamMember, type UpdateMemberRequest } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { apiKeys, creditTransactions, teamMembers, users } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { monthStart } from '../credits/index.js';
import { requireMembership, requireRole, type Membership } from './membership.js';

const memberNotFound = () => notFound(TEAM_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');

/** Everyone in the team, with what they spent in it this month (debits minus refunds). */
export async function listMembers(ctx: AppContext, actorId: number, teamId: number): Promise<TeamMember[]> {
  const membership = await requireMembership(ctx.db, teamId, actorId);
  const [rows, spent] = await Promise.all([
    ctx.db
      .select({
        userId: teamMembers.userId,
        fullName: users.fullName,
        email: users.email,
        role: teamMembers.role,
        monthlyCreditCap: teamMembers.monthlyCreditCap,
        joinedAt: teamMembers.joinedAt,
        lastActiveAt: teamMembers.lastActiveAt,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(sql`CASE ${teamMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`, teamMembers.joinedAt),
    ctx.db
      .select({ actor: creditTransactions.actorUserId, used: sql<number>`(-sum(${creditTransactions.amount}))::int` })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, membership.accountUserId),
          isNotNull(creditTransactions.actorUserId),
          inArray(creditTransactions.reason, ['GENERATION', 'REFUND']),
          gte(creditTransactions.createdAt, monthStart()),
        ),
      )
      .groupBy(creditTransactions.actorUserId),
  ]);
  const usedBy = new Map(spent.map((s) => [s.actor, Math.max(0, Number(s.used))]));
  return rows.map((r) => ({
    ...r,
    creditsUsedThisMonth: usedBy.get(r.userId) ?? 0,
    joinedAt: r.joinedAt.toISOString(),
    lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
  }));
}

async function findMember(ctx: AppContext, teamId: number, userId: number) {
  const [row] = await ctx.db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!row) throw memberNotFound();
  return row;
}

/**
 * Changes a member's role or monthly cap (admin/owner). Role 'owner' hands ownership over
 * (the owner only; the old owner becomes an admin): there is always exactly one owner.
 */
export async function updateMember(ctx: AppContext, actorId: number, teamId: number, userId: number, body: UpdateMemberRequest): Promise<TeamMember> {
  const me = await requireRole(ctx.db, teamId, actorId, 'admin');
  const target = await findMember(ctx, teamId, userId);
  if (body.role !== undefined && body.role !== target.role) {
    if (body.role === 'owner') {
      if (me.role !== 'owner') throw new AppError(403, TEAM_ERROR_CODES.forbidden, TEAM_MESSAGES.ownerRoleOnlyByOwner);
      await ctx.db.transaction(async (tx) => {
        await tx.update(teamMembers).set({ role: 'admin' }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actorId)));
        await tx.update(teamMembers).set({ role: 'owner' }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      });
    } else {
      if (target.role === 'owner') throw badRequest(TEAM_MESSAGES.cannotChangeOwner, TEAM_ERROR_CODES.forbidden);
      await ctx.db.update(teamMembers).set({ role: body.role }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    }
  }
  if (body.monthlyCreditCap !== undefined) {
    await ctx.db
      .update(teamMembers)
      .set({ monthlyCreditCap: body.monthlyCreditCap })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  }
  const all = await listMembers(ctx, actorId, teamId);
  const updated = all.find((m) => m.userId === userId);
  if (!updated) throw memberNotFound();
  return updated;
}

/**
 * Removes a member (admin/owner), or the caller leaves (any member but the owner). At once: the
 * membership row goes (every workspace check reads it fresh), the team API keys they made are
 * revoked and their team sockets are closed. What they made stays with the team.
 */
export async function removeMember(ctx: AppContext, actorId: number, teamId: number, userId: number): Promise<void> {
  let membership: Membership;
  if (userId === actorId) {
    membership = await requireMembership(ctx.db, teamId, actorId);
    if (membership.role === 'owner') throw new AppError(409, TEAM_ERROR_CODES.ownerCannotLeave, TEAM_MESSAGES.ownerCannotLeave);
  } else {
    membership = await requireRole(ctx.db, teamId, actorId, 'admin');
    const target = await findMember(ctx, teamId, userId);
    if (target.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerCannotLeave, TEAM_ERROR_CODES.forbidden);
    if (target.role === 'admin' && membership.role !== 'owner') throw forbidden(TEAM_MESSAGES.ownerOnly, TEAM_ERROR_CODES.forbidden);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await tx.delete(apiKeys).where(and(eq(apiKeys.userId, membership.accountUserId), eq(apiKeys.createdBy, userId)));
  });
  await ctx.events.publish(membership.accountUserId, { type: 'workspace_access_revoked', teamId, userId });
}
