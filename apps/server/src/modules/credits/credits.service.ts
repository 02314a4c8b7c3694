import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { creditTransactions, users, type CreditReason } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { assertMemberMayDebit } from './member-cap.js';

/**
 * The only place credits change. Every change writes one ledger row and the cached balance
 * on the user in one transaction; a debit is conditional (`balance >= cost`), so concurrent
 * requests can never overspend; every change carries an idempotency key, so a retried
 * webhook, job or request applies once.
 */

type Executor = Db | Tx;

export interface CreditChange {
  userId: number;
  idempotencyKey: string;
  description: string;
  refType?: string;
  refId?: string | number;
  metadata?: Record<string, unknown>;
  /**
   * The person who caused the change when it is not the account itself: a member debiting a
   * team's pool (checked against membership and the member's monthly cap). Refunds take the
   * actor of the debit they give back.
   */
  actorUserId?: number;
}

export interface LedgerEntry {
  id: number;
  amount: number;
  purchasedAmount: number;
  balanceAfter: number;
  reason: CreditReason;
  description: string;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
  actorUserId: number | null;
}

export interface DebitResult {
  ok: boolean;
  balance: number;
  /** The ledger row (also when the same key was applied before). */
  entry?: LedgerEntry;
}

export class InsufficientCreditsError extends AppError {
  constructor(public readonly balance: number, needed: number) {
    super(
      402,
      'INSUFFICIENT_CREDITS',
      `Not enough credits: this needs ${needed} and your balance is ${balance}. Upgrade your plan or buy extra credits.`,
      { balance, required: needed },
    );
  }
}

const entryColumns = {
  id: creditTransactions.id,
  amount: creditTransactions.amount,
  purchasedAmount: creditTransactions.purchasedAmount,
  balanceAfter: creditTransactions.balanceAfter,
  reason: creditTransactions.reason,
  description: creditTransactions.description,
  refType: creditTransactions.refType,
  refId: creditTransactions.refId,
  createdAt: creditTransactions.createdAt,
  actorUserId: creditTransactions.actorUserId,
};

async function findByKey(ex: Executor, userId: number, key: string): Promise<LedgerEntry | undefined> {
  const rows = await ex
    .select(entryColumns)
    .from(creditTransactions)
    .where(and(eq(creditTransactions.idempotencyKey, key), eq(creditTransactions.userId, userId)))
    .limit(1);
  return rows[0];
}

async function lockUser(tx: Executor, userId: number) {
  const rows = await tx
    .select({ balance: users.creditBalance, purchased: users.purchasedCredits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  if (!rows[0]) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
  return rows[0];
}

async function writeEntry(
  tx: Executor,
  change: CreditChange,
  reason: CreditReason,
  amount: number,
  purchasedAmount: number,
  balanceAfter: number,
  refundOf?: string,
): Promise<LedgerEntry> {
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      userId: change.userId,
      amount,
      purchasedAmount,
      balanceAfter,
      reason,
      description: change.description,
      idempotencyKey: change.idempotencyKey,
      refType: change.refType ?? null,
      refId: change.refId === undefined ? null : String(change.refId),
      metadata: change.metadata ?? null,
      refundOf: refundOf ?? null,
      actorUserId: change.actorUserId ?? null,
    })
    .returning(entryColumns);
  return row;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  return e?.code === '23505' || e?.cause?.code === '23505' || /duplicate key|unique constraint/i.test(e?.message ?? '');
}

/** Runs `fn` in a transaction (a savepoint when `ex` already is one); a duplicate key means "already applied". */
async function applyOnce<T>(ex: Executor, userId: number, key: string, fn: (tx: Tx) => Promise<T>, replay: (e: LedgerEntry) => T): Promise<T> {
  const existing = await findByKey(ex, userId, key);
  if (existing) return replay(existing);
  try {
    return await ex.transaction(fn);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await findByKey(ex, userId, key);
      if (again) return replay(again);
    }
    throw err;
  }
}

/**
 * Spends `amount` credits if the balance allows; `{ok:false}` otherwise (nothing written).
 * Plan credits are spent before purchased ones.
 */
export async function debitCredits(ex: Executor, change: CreditChange & { amount: number }): Promise<DebitResult> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error('debit amount must be a positive integer');
  return applyOnce<DebitResult>(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      const before = await lockUser(tx, change.userId);
      if (change.actorUserId !== undefined && change.actorUserId !== change.userId) {
        await assertMemberMayDebit(tx, change.userId, change.actorUserId, change.amount);
      }
      const updated = await tx
        .update(users)
        .set({
          creditBalance: sql`${users.creditBalance} - ${change.amount}`,
          purchasedCredits: sql`LEAST(${users.purchasedCredits}, ${users.creditBalance} - ${change.amount})`,
        })
        .where(and(eq(users.id, change.userId), gte(users.creditBalance, change.amount)))
        .returning({ balance: users.creditBalance, purchased: users.purchasedCredits });
      if (!updated[0]) return { ok: false, balance: before.balance };
      const { balance, purchased } = updated[0];
      const entry = await writeEntry(tx, change, 'GENERATION', -change.amount, purchased - before.purchased, balance);
      return { ok: true, balance, entry };
    },
    (entry) => ({ ok: true, balance: entry.balanceAfter, entry }),
  );
}

/** Like debitCredits, but throws the 402 error the API answers with. */
export async function requireDebit(ex: Executor, change: CreditChange & { amount: number }): Promise<DebitResult> {
  const result = await debitCredits(ex, change);
  if (!result.ok) throw new InsufficientCreditsError(result.balance, change.amount);
  return result;
}

/**
 * Gives back what the debit `debitKey` took (or `amount` of it, for one failed variation of
 * several), restoring the same split between plan and purchased credits. Applies once per key,
 * and all refunds of one debit together never give back more than it took.
 */
export async function refundCredits(
  ex: Executor,
  change: CreditChange & { debitKey: string; amount: number },
): Promise<{ refunded: number; balance: number }> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error('refund amount must be a positive integer');
  return applyOnce(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      // The user's row lock serialises every change of this user, refunds of one debit included.
      const before = await lockUser(tx, change.userId);
      const debit = await findByKey(tx, change.userId, change.debitKey);
      if (!debit || debit.amount >= 0) throw new Error(`no debit ${change.debitKey} to refund`);
      const [prior] = await tx
        .select({
          amount: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`,
          purchased: sql<number>`coalesce(sum(${creditTransactions.purchasedAmount}), 0)::int`,
        })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, change.userId), eq(creditTransactions.refundOf, change.debitKey)));
      const taken = -debit.amount;
      const refunded = Math.min(change.amount, taken - prior.amount);
      if (refunded <= 0) return { refunded: 0, balance: before.balance };
      // Purchased credits come back in proportion to what the debit took from them.
      const purchasedTaken = -debit.purchasedAmount;
      const purchasedBack = Math.max(
        0,
        Math.min(purchasedTaken - prior.purchased, Math.round((refunded * purchasedTaken) / taken)),
      );
      const [u] = await tx
        .update(users)
        .set({
          creditBalance: sql`${users.creditBalance} + ${refunded}`,
          purchasedCredits: sql`${users.purchasedCredits} + ${purchasedBack}`,
        })
        .where(eq(users.id, change.userId))
        .returning({ balance: users.creditBalance });
      const actor = change.actorUserId ?? debit.actorUserId ?? undefined;
      await writeEntry(tx, { ...change, actorUserId: actor }, 'REFUND', refunded, purchasedBack, u.balance, change.debitKey);
      return { refunded, balance: u.balance };
    },
    (entry) => ({ refunded: entry.amount, balance: entry.balanceAfter }),
  );
}

/** A plan period's allowance: replaces what is left of the previous allowance; purchased credits stay. */
export async function grantPlanAllowance(
  ex: Executor,
  change: CreditChange & { allowance: number },
): Promise<{ balance: number; applied: boolean }> {
  return applyOnce<{ balance: number; applied: boolean }>(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      const before = await lockUser(tx, change.userId);
      const balance = change.allowance + before.purchased;
      await tx.update(users).set({ creditBalance: balance }).where(eq(users.id, change.userId));
      await writeEntry(tx, change, 'PLAN_GRANT', balance - before.balance, 0, balance);
      return { balance, applied: true };
    },
    (entry) => ({ balance: entry.balanceAfter, applied: false }),
  );
}

/** Ends the plan allowance (subscription over): only purchased credits remain. */
export async function expirePlanAllowance(ex: Executor, change: CreditChange): Promise<{ balance: number }> {
  return applyOnce(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      const before = await lockUser(tx, change.userId);
      const balance = before.purchased;
      await tx.update(users).set({ creditBalance: balance }).where(eq(users.id, change.userId));
      await writeEntry(tx, change, 'PLAN_GRANT', balance - before.balance, 0, balance);
      return { balance };
    },
    (entry) => ({ balance: entry.balanceAfter }),
  );
}

/**
 * Adds plan credits within a period (an upgrade tops the month's allowance up to the new
 * plan's); purchased credits are untouched.
 */
export async function addPlanCredits(
  ex: Executor,
  change: CreditChange & { amount: number },
): Promise<{ balance: number; applied: boolean }> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error('plan credit amount must be a positive integer');
  return applyOnce<{ balance: number; applied: boolean }>(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      await lockUser(tx, change.userId);
      const [u] = await tx
        .update(users)
        .set({ creditBalance: sql`${users.creditBalance} + ${change.amount}` })
        .where(eq(users.id, change.userId))
        .returning({ balance: users.creditBalance });
      await writeEntry(tx, change, 'PLAN_GRANT', change.amount, 0, u.balance);
      return { balance: u.balance, applied: true };
    },
    (entry) => ({ balance: entry.balanceAfter, applied: false }),
  );
}

/**
 * An operator's correction (admin CLI): adds, or removes at most what there is, from the plan
 * credits first when removing, like a debit.
 */
export async function adjustCredits(
  ex: Executor,
  change: CreditChange & { amount: number },
): Promise<{ balance: number; applied: boolean }> {
  if (!Number.isInteger(change.amount) || change.amount === 0) throw new Error('adjustment must be a non-zero integer');
  return applyOnce<{ balance: number; applied: boolean }>(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      const before = await lockUser(tx, change.userId);
      const amount = Math.max(change.amount, -before.balance);
      const balance = before.balance + amount;
      const purchased = Math.min(before.purchased, balance);
      await tx.update(users).set({ creditBalance: balance, purchasedCredits: purchased }).where(eq(users.id, change.userId));
      await writeEntry(tx, change, 'ADJUSTMENT', amount, purchased - before.purchased, balance);
      return { balance, applied: true };
    },
    (entry) => ({ balance: entry.balanceAfter, applied: false }),
  );
}

/** The balance and its split into plan and purchased credits. */
export async function getCreditBreakdown(
  ex: Executor,
  userId: number,
): Promise<{ balance: number; purchased: number; plan: number }> {
  const rows = await ex
    .select({ balance: users.creditBalance, purchased: users.purchasedCredits })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const r = rows[0] ?? { balance: 0, purchased: 0 };
  return { balance: r.balance, purchased: r.purchased, plan: r.balance - r.purchased };
}

/** Adds purchased (top-up) credits. */
export async function addPurchasedCredits(
  ex: Executor,
  change: CreditChange & { amount: number },
): Promise<{ balance: number; applied: boolean }> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error('purchase amount must be a positive integer');
  return applyOnce<{ balance: number; applied: boolean }>(
    ex,
    change.userId,
    change.idempotencyKey,
    async (tx) => {
      await lockUser(tx, change.userId);
      const [u] = await tx
        .update(users)
        .set({
          creditBalance: sql`${users.creditBalance} + ${change.amount}`,
          purchasedCredits: sql`${users.purchasedCredits} + ${change.amount}`,
        })
        .where(eq(users.id, change.userId))
        .returning({ balance: users.creditBalance });
      await writeEntry(tx, change, 'PURCHASE', change.amount, change.amount, u.balance);
      return { balance: u.balance, applied: true };
    },
    (entry) => ({ balance: entry.balanceAfter, applied: false }),
  );
}

export async function getBalance(ex: Executor, userId: number): Promise<number> {
  const rows = await ex.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.balance ?? 0;
}

/** The caller's ledger, newest first (by createdAt, id: the index), one page at a time. */
export async function listTransactions(
  ex: Executor,
  userId: number,
  opts: { limit: number; page: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  const [items, totalRows] = await Promise.all([
    ex
      .select(entryColumns)
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    ex.select({ n: sql<number>`count(*)::int` }).from(creditTransactions).where(eq(creditTransactions.userId, userId)),
  ]);
  return { items, total: totalRows[0]?.n ?? 0 };
}

