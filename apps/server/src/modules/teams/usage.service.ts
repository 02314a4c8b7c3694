import { sql } from 'drizzle-orm';
import type { TeamUsageResponse, TeamUsageRow } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { requireMembership } from './membership.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest period one report covers. */
const MAX_DAYS = 366;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function period(from: string | undefined, to: string | undefined): { start: Date; end: Date } {
  const now = new Date();
  const end = to ? new Date(`${to}T00:00:00Z`) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1));
  if (Number.isNaN(start.getTime())) throw badRequest('from: use a date like 2026-01-31');
  if (Number.isNaN(end.getTime())) throw badRequest('to: use a date like 2026-01-31');
  if (start > end) throw badRequest('from must not be after to');
  if ((end.getTime() - start.getTime()) / DAY_MS >= MAX_DAYS) throw badRequest(`from..to may cover at most ${MAX_DAYS} days`);
  return { start, end };
}

/**
 * Credits spent in the team (debits minus refunds) per day, member and module, from..to
 * inclusive (UTC). Admins and the owner see every member; a member sees their own rows.
 * A debit names its batch (ref batch:<id>); a refund names its image: both give the module.
 */
export async function teamUsage(ctx: AppContext, actorId: number, teamId: number, q: { from?: string; to?: string }): Promise<TeamUsageResponse> {
  const membership = await requireMembership(ctx.db, teamId, actorId);
  const { start, end } = period(q.from, q.to);
  const onlyActor = membership.role === 'member' ? sql`AND t.actor_user_id = ${actorId}` : sql``;
  const { rows } = (await ctx.db.execute(sql`
    SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           t.actor_user_id AS "userId",
           coalesce(u.full_name, 'Former member') AS "fullName",
           lower(coalesce(b.module_type, gi.module_type, 'other')) AS module,
           (-sum(t.amount))::int AS credits
      FROM credit_transactions t
      LEFT JOIN users u ON u.id = t.actor_user_id
      LEFT JOIN batches b ON t.ref_type = 'batch' AND b.id::text = t.ref_id AND b.user_id = t.user_id
      LEFT JOIN generated_images gi ON t.ref_type = 'image' AND gi.id::text = t.ref_id AND gi.user_id = t.user_id
     WHERE t.user_id = ${membership.accountUserId}
       AND t.actor_user_id IS NOT NULL
       AND t.reason IN ('GENERATION', 'REFUND')
       AND t.created_at >= ${start.toISOString()}::timestamptz
       AND t.created_at < ${new Date(end.getTime() + DAY_MS).toISOString()}::timestamptz
       ${onlyActor}
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 3, 4`)) as unknown as { rows: Array<TeamUsageRow> };
  const usage = rows.map((r) => ({ ...r, userId: Number(r.userId), credits: Number(r.credits) }));
  const members = new Map<number, { userId: number; fullName: string; credits: number }>();
  const modules = new Map<string, number>();
  for (const r of usage) {
    const m = members.get(r.userId) ?? { userId: r.userId, fullName: r.fullName, credits: 0 };
    m.credits += r.credits;
    members.set(r.userId, m);
    modules.set(r.module, (modules.get(r.module) ?? 0) + r.credits);
  }
  return {
    from: isoDay(start),
    to: isoDay(end),
    rows: usage,
    members: [...members.values()].sort((a, b) => b.credits - a.credits),
    modules: [...modules.entries()].map(([module, credits]) => ({ module, credits })).sort((a, b) => b.credits - a.credits),
    total: usage.reduce((s, r) => s + r.credits, 0),
  };
}

const csvCell = (v: string | number) => {
  if (typeof v === 'number') return String(v);
  const s = v;
  // Quotes a cell with separators, and defuses formulas when the file is opened in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function usageCsv(usage: TeamUsageResponse): string {
  const lines = ['day,userId,member,module,credits', ...usage.rows.map((r) => [r.day, r.userId, r.fullName, r.module, r.credits].map(csvCell).join(','))];
  return `${lines.join('\n')}\n`;
}
