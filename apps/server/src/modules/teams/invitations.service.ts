import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  TEAM_ERROR_CODES,
  TEAM_INVITATION_DAYS,
  TEAM_MESSAGES,
  type CreateInvitationRequest,
  type JoinTeamResponse,
  type TeamInvitation,
  type TeamInvitationList,
} from '@atelier/contract';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { findUserById, teamInvitationEmail } from '../auth/index.js';
import { requireRole } from './membership.js';
import { seatLimitOf } from './seats.js';

/**
 * Invitations by e-mail: a random token (only its SHA-256 is stored) valid TEAM_INVITATION_DAYS,
 * usable once, by the signed-in person whose verified e-mail is the invited one.
 */

type InvitationRow = typeof teamInvitations.$inferSelect;
type Executor = Db | Tx;

const INVITATION_TTL_MS = TEAM_INVITATION_DAYS * 24 * 60 * 60 * 1000;
const hashToken = (raw: string) => crypto.createHash('sha256').update(raw, 'utf8').digest('hex');

const present = (row: InvitationRow): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/** Unused, unrevoked and unexpired. */
const pending = (now: Date) => and(isNull(teamInvitations.usedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/** Members plus pending invitations: each holds a seat. */
async function seatsTaken(ex: Executor, teamId: number, now: Date): Promise<number> {
  const [[m], [i]] = await Promise.all([
    ex.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId)),
    ex.select({ n: count() }).from(teamInvitations).where(and(eq(teamInvitations.teamId, teamId), pending(now))),
  ]);
  return Number(m.n) + Number(i.n);
}

async function lockTeam(tx: Tx, teamId: number) {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update').limit(1);
  if (!team) throw notFound(TEAM_MESSAGES.notFound);
  return team;
}

async function sendInvitation(ctx: AppContext, row: InvitationRow, raw: string, inviterId: number, teamName: string): Promise<void> {
  const inviter = await findUserById(ctx.db, inviterId);
  const link = `${ctx.config.publicUrl}/team/join?token=${encodeURIComponent(raw)}`;
  await ctx.mailer.send(teamInvitationEmail(row.email, inviter?.fullName ?? 'A colleague', teamName, link, TEAM_INVITATION_DAYS));
}

export async function createInvitation(
  ctx: AppContext,
  actorId: number,
  teamId: number,
  body: Required<CreateInvitationRequest>,
): Promise<TeamInvitation> {
  await requireRole(ctx.db, teamId, actorId, 'admin');
  const email = body.email.trim().toLowerCase();
  const raw = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const { row, teamName } = await ctx.db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    const [member] = await tx
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw conflict(TEAM_MESSAGES.alreadyMember, TEAM_ERROR_CODES.alreadyMember);
    const [open] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), pending(now)))
      .limit(1);
    if (open) throw conflict(TEAM_MESSAGES.invitationPending, TEAM_ERROR_CODES.invitationPending);
    if ((await seatsTaken(tx, teamId, now)) >= (await seatLimitOf(tx, team)).seats) throw conflict(TEAM_MESSAGES.seatLimit, TEAM_ERROR_CODES.seatLimit);
    const [inserted] = await tx
      .insert(teamInvitations)
      .values({ teamId, email, role: body.role, tokenHash: hashToken(raw), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), invitedBy: actorId })
      .returning();
    return { row: inserted, teamName: team.name };
  });
  await sendInvitation(ctx, row, raw, actorId, teamName);
  return present(row);
}

export async function listInvitations(ctx: AppContext, actorId: number, teamId: number): Promise<TeamInvitationList> {
  await requireRole(ctx.db, teamId, actorId, 'admin');
  const rows = await ctx.db
    .select({ invitation: teamInvitations, invitedBy: users.fullName })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), pending(new Date())))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map((r) => ({ ...present(r.invitation), createdAt: r.invitation.createdAt.toISOString(), invitedBy: r.invitedBy ?? '' }));
}

/** The link stops working at once; its seat is free again. */
export async function revokeInvitation(ctx: AppContext, actorId: number, teamId: number, invitationId: number): Promise<void> {
  await requireRole(ctx.db, teamId, actorId, 'admin');
  const revoked = await ctx.db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), pending(new Date())))
    .returning({ id: teamInvitations.id });
  if (revoked.length === 0) throw notFound(TEAM_MESSAGES.invitationNotFound, 'INVITATION_NOT_FOUND');
}

/** A new link (the old one stops working) valid another TEAM_INVITATION_DAYS; an expired invitation can be resent too. */
export async function resendInvitation(ctx: AppContext, actorId: number, teamId: number, invitationId: number): Promise<TeamInvitation> {
  const membership = await requireRole(ctx.db, teamId, actorId, 'admin');
  const raw = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const [row] = await ctx.db
    .update(teamInvitations)
    .set({ tokenHash: hashToken(raw), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), invitedBy: actorId })
    .where(
      and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.usedAt), isNull(teamInvitations.revokedAt)),
    )
    .returning();
  if (!row) throw notFound(TEAM_MESSAGES.invitationNotFound, 'INVITATION_NOT_FOUND');
  await sendInvitation(ctx, row, raw, actorId, membership.name);
  return present(row);
}

function refusal(status: number, key: keyof typeof TEAM_MESSAGES & keyof typeof TEAM_ERROR_CODES): AppError {
  return new AppError(status, TEAM_ERROR_CODES[key], TEAM_MESSAGES[key]);
}

/** Joins the team of the invitation: once, before it expires, as the invited (verified) address. */
export async function joinTeam(ctx: AppContext, personId: number, token: string): Promise<JoinTeamResponse> {
  const person = await findUserById(ctx.db, personId);
  if (!person) throw refusal(404, 'invitationInvalid');
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, hashToken(token))).limit(1);
    if (!found) throw refusal(404, 'invitationInvalid');
    const team = await lockTeam(tx, found.teamId);
    // Re-read under the team's lock: two joins with one token, or two tokens for the last seat, queue here.
    const [inv] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, found.id)).limit(1);
    if (inv.usedAt) throw refusal(409, 'invitationUsed');
    if (inv.revokedAt) throw refusal(410, 'invitationRevoked');
    if (inv.expiresAt.getTime() <= now.getTime()) throw refusal(410, 'invitationExpired');
    if (person.email.trim().toLowerCase() !== inv.email) throw refusal(403, 'invitationOtherEmail');
    if (!person.emailVerifiedAt) throw refusal(403, 'emailNotVerified');
    const [existing] = await tx
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, personId)))
      .limit(1);
    if (existing) throw refusal(409, 'alreadyMember');
    // This invitation's own seat was counted while pending: the members alone must leave one free.
    const [{ n }] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    if (Number(n) >= (await seatLimitOf(tx, team)).seats) throw refusal(409, 'seatLimit');
    await tx.update(teamInvitations).set({ usedAt: now }).where(eq(teamInvitations.id, inv.id));
    await tx.insert(teamMembers).values({ teamId: team.id, userId: personId, role: inv.role, joinedAt: now, lastActiveAt: now });
    return { teamId: team.id, role: inv.role, name: team.name };
  });
}
