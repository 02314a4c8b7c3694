import crypto from 'node:crypto';
import type { AdminCreditAdjustment, AdminLedgerResponse, AdminSuspension, AdminSystem, AdminUser, AdminUsersResponse } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/pagination.js';
import { findUserById, listAccounts, setSuspended, type UserRow } from '../auth/index.js';
import { adjustCredits, listTransactions } from '../credits/index.js';
import { engineInfo } from '../engine/index.js';
import { recordAction, type Operator } from './audit.service.js';

/** The operator's console on accounts, credits and the system. Every change is written to the audit log. */
export function createAdminConsole(ctx: AppContext) {
  async function present(row: UserRow): Promise<AdminUser> {
    const sub = await ctx.subscriptionOf(row.id);
    return {
      id: row.id,
      email: row.email,
      fullName: row.fullName,
      kind: row.kind,
      plan: sub.planType,
      planStatus: sub.planType === 'FREE' ? null : sub.status,
      credits: row.creditBalance,
      lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      isOperator: row.isOperator,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function requireAccount(userId: number): Promise<UserRow> {
    const row = await findUserById(ctx.db, userId);
    if (!row) throw notFound('Account not found', 'USER_NOT_FOUND');
    return row;
  }

  return {
    async operator(userId: number): Promise<Operator> {
      const row = await requireAccount(userId);
      return { id: row.id, email: row.email };
    },

    async users(q: string | undefined, page: PageRequest): Promise<AdminUsersResponse> {
      const { rows, pagination } = await listAccounts(ctx.db, q, page);
      return { items: await Promise.all(rows.map(present)), pagination };
    },

    async user(userId: number): Promise<AdminUser> {
      return present(await requireAccount(userId));
    },

    async ledger(userId: number, page: PageRequest): Promise<AdminLedgerResponse> {
      await requireAccount(userId);
      const { items, total } = await listTransactions(ctx.db, userId, page);
      return {
        items: items.map((e) => ({ id: e.id, amount: e.amount, balanceAfter: e.balanceAfter, reason: e.reason, description: e.description, createdAt: e.createdAt.toISOString() })),
        pagination: { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) },
      };
    },

    /** An adjustment through the credits ledger (ADJUSTMENT, with the reason), and its audit line, in one transaction. */
    async adjustCredits(operator: Operator, userId: number, input: AdminCreditAdjustment): Promise<{ balance: number; applied: number }> {
      const account = await requireAccount(userId);
      return ctx.db.transaction(async (tx) => {
        const before = account.creditBalance;
        const { balance } = await adjustCredits(tx, {
          userId,
          amount: input.amount,
          idempotencyKey: `operator:${operator.id}:${crypto.randomUUID()}`,
          description: `Operator adjustment: ${input.reason}`,
          refType: 'operator',
          refId: operator.id,
          metadata: { operatorId: operator.id, operatorEmail: operator.email, reason: input.reason },
        });
        const applied = balance - before;
        await recordAction(tx, operator, {
          action: 'credits.adjust',
          target: account.email,
          targetUserId: userId,
          details: { requested: input.amount, applied, balance, reason: input.reason },
        });
        return { balance, applied };
      });
    },

    async setSuspension(operator: Operator, userId: number, input: AdminSuspension): Promise<AdminUser> {
      if (input.suspended && userId === operator.id) throw new AppError(409, 'CANNOT_SUSPEND_SELF', 'An operator cannot suspend their own account.');
      const row = await setSuspended(ctx, userId, input.suspended, (tx, account) =>
        recordAction(tx, operator, {
          action: input.suspended ? 'user.suspend' : 'user.unsuspend',
          target: account.email,
          targetUserId: userId,
          details: { reason: input.reason },
        }),
      );
      if (!row) throw notFound('Account not found', 'USER_NOT_FOUND');
      return present(row);
    },

    async system(): Promise<AdminSystem> {
      return { queues: await ctx.jobs.depths(), engine: engineInfo(ctx.engine) };
    },
  };
}
