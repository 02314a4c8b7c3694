import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { TEAM_ERROR_CODES, TEAM_MESSAGES } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { creditTransactions, teamMembers, teams } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** The first instant of `now`'s calendar month (UTC): member caps and "used this month" count from it. */
export function monthStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Credits `actorId` spent in `accountId` since `since` (debits minus their refunds). */
export async function creditsUsedBy(ex: Db | Tx, accountId: number, actorId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ used: sql<number>`coalesce(-sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, accountId),
        eq(creditTransactions.actorUserId, actorId),
        inArray(creditTransactions.reason, ['GENERATION', 'REFUND']),
        gte(creditTransactions.createdAt, since),
      ),
    );
  return Math.max(0, row?.used ?? 0);
}

/**
 * Before a debit of `amount` in a team account by one of its members: refuses a removed member
 * (403) and a debit past the member's monthly cap (402). Runs under the account's row lock
 * (debitCredits), so concurrent debits of one member see each other.
 */
export async function assertMemberMayDebit(tx: Tx, accountId: number, actorId: number, amount: number): Promise<void> {
  const [member] = await tx
    .select({ cap: teamMembers.monthlyCreditCap })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.accountUserId, accountId), eq(teamMembers.userId, actorId)))
    .limit(1);
  if (!member) throw new AppError(403, TEAM_ERROR_CODES.notMember, TEAM_MESSAGES.notMember);
  if (member.cap === null) return;
  const used = await creditsUsedBy(tx, accountId, actorId, monthStart());
  if (used + amount > member.cap) {
    throw new AppError(402, TEAM_ERROR_CODES.capReached, TEAM_MESSAGES.capReached, { cap: member.cap, used, required: amount });
  }
}
