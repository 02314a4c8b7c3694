import { desc, sql } from 'drizzle-orm';
import type { AdminAuditEntry } from '@atelier/contract';
import type { Db, Tx } from '../../db/client.js';
import { operatorAuditLog } from '../../db/schema/index.js';
import { pageInfo, pageOffset, type PageInfo, type PageRequest } from '../../lib/pagination.js';

export interface Operator {
  id: number;
  email: string;
}

export type AuditAction = 'credits.adjust' | 'user.suspend' | 'user.unsuspend' | 'render.retry' | 'render.refund';

/** Writes one line of the audit log (inside the action's own transaction where it has one). */
export async function recordAction(
  ex: Db | Tx,
  operator: Operator,
  entry: { action: AuditAction; target: string; targetUserId: number | null; details: Record<string, unknown> },
): Promise<void> {
  await ex.insert(operatorAuditLog).values({
    operatorId: operator.id,
    operatorEmail: operator.email,
    action: entry.action,
    target: entry.target,
    targetUserId: entry.targetUserId,
    details: entry.details,
  });
}

/** The audit log, newest first (operator_audit_log_created_idx). */
export async function listAudit(db: Db, page: PageRequest): Promise<{ items: AdminAuditEntry[]; pagination: PageInfo }> {
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id)).limit(page.limit).offset(pageOffset(page)),
    db.select({ n: sql<number>`count(*)::int` }).from(operatorAuditLog),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      operatorEmail: r.operatorEmail,
      action: r.action,
      target: r.target,
      targetUserId: r.targetUserId,
      details: r.details,
      at: r.createdAt.toISOString(),
    })),
    pagination: pageInfo(page, n),
  };
}
