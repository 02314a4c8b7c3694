import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createVerifiedUser } from '../../../test/helpers/factories.js';
import {
  addPlanCredits,
  addPurchasedCredits,
  adjustCredits,
  debitCredits,
  expirePlanAllowance,
  getBalance,
  getCreditBreakdown,
  grantPlanAllowance,
  listTransactions,
  refundCredits,
  requireDebit,
} from './credits.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
let keySeq = 0;
const key = (what: string) => `${what}:${++keySeq}:${Math.random().toString(36).slice(2)}`;

async function userWithCredits(plan: number, purchased = 0): Promise<number> {
  const u = await createVerifiedUser(t.app);
  if (plan > 0) await grantPlanAllowance(db(), { userId: u.id, allowance: plan, idempotencyKey: key('grant'), description: 'grant' });
  if (purchased > 0) await addPurchasedCredits(db(), { userId: u.id, amount: purchased, idempotencyKey: key('buy'), description: 'buy' });
  return u.id;
}

async function ledgerSum(userId: number): Promise<{ amount: number; purchased: number }> {
  const [r] = await db()
    .select({
      amount: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`,
      purchased: sql<number>`coalesce(sum(${creditTransactions.purchasedAmount}), 0)::int`,
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return r;
}

describe('credits ledger', () => {
  it('lets exactly 5 of 20 parallel debits of 1 through on a balance of 5, ending at 0', async () => {
    const userId = await userWithCredits(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        debitCredits(db(), { userId, amount: 1, idempotencyKey: `race:${userId}:${i}`, description: 'render' }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await getBalance(db(), userId)).toBe(0);
    expect((await ledgerSum(userId)).amount).toBe(0);
  });

  it('applies a debit once per idempotency key, also when retried in parallel', async () => {
    const userId = await userWithCredits(10);
    const k = key('debit');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => debitCredits(db(), { userId, amount: 3, idempotencyKey: k, description: 'render' })),
    );
    expect(results.every((r) => r.ok && r.balance === 7)).toBe(true);
    expect(await getBalance(db(), userId)).toBe(7);
  });

  it('refuses a debit larger than the balance with a 402 and writes nothing', async () => {
    const userId = await userWithCredits(2);
    await expect(requireDebit(db(), { userId, amount: 3, idempotencyKey: key('d'), description: 'x' })).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await getBalance(db(), userId)).toBe(2);
    const { total } = await listTransactions(db(), userId, { page: 1, limit: 10 });
    expect(total).toBe(1);
  });

  it('spends plan credits before purchased ones', async () => {
    const userId = await userWithCredits(5, 10);
    await debitCredits(db(), { userId, amount: 7, idempotencyKey: key('d'), description: 'x' });
    expect(await getCreditBreakdown(db(), userId)).toEqual({ balance: 8, purchased: 8, plan: 0 });
  });

  it('refunds each failed part once and never more than the debit took', async () => {
    const userId = await userWithCredits(4, 4);
    const debitKey = key('batch');
    await debitCredits(db(), { userId, amount: 6, idempotencyKey: debitKey, description: 'batch of 6' });
    expect(await getCreditBreakdown(db(), userId)).toEqual({ balance: 2, purchased: 2, plan: 0 });
    const r1 = await refundCredits(db(), { userId, debitKey, amount: 4, idempotencyKey: `${debitKey}:r1`, description: 'failed' });
    const again = await refundCredits(db(), { userId, debitKey, amount: 4, idempotencyKey: `${debitKey}:r1`, description: 'failed' });
    const r2 = await refundCredits(db(), { userId, debitKey, amount: 4, idempotencyKey: `${debitKey}:r2`, description: 'failed' });
    const r3 = await refundCredits(db(), { userId, debitKey, amount: 1, idempotencyKey: `${debitKey}:r3`, description: 'failed' });
    expect([r1.refunded, again.refunded, r2.refunded, r3.refunded]).toEqual([4, 4, 2, 0]);
    const b = await getCreditBreakdown(db(), userId);
    expect(b).toEqual({ balance: 8, purchased: 4, plan: 4 });
  });

  it('replaces the plan allowance on a grant and keeps purchased credits', async () => {
    const userId = await userWithCredits(50, 30);
    await debitCredits(db(), { userId, amount: 20, idempotencyKey: key('d'), description: 'x' });
    const g = await grantPlanAllowance(db(), { userId, allowance: 50, idempotencyKey: key('g'), description: 'renewal' });
    expect(g.balance).toBe(80);
    expect(await getCreditBreakdown(db(), userId)).toEqual({ balance: 80, purchased: 30, plan: 50 });
    await expirePlanAllowance(db(), { userId, idempotencyKey: key('e'), description: 'ended' });
    expect(await getCreditBreakdown(db(), userId)).toEqual({ balance: 30, purchased: 30, plan: 0 });
  });

  it('tops plan credits up and lets an operator adjust, never below zero', async () => {
    const userId = await userWithCredits(10, 5);
    await addPlanCredits(db(), { userId, amount: 90, idempotencyKey: key('up'), description: 'upgrade' });
    expect(await getBalance(db(), userId)).toBe(105);
    await adjustCredits(db(), { userId, amount: -500, idempotencyKey: key('adj'), description: 'correction' });
    expect(await getCreditBreakdown(db(), userId)).toEqual({ balance: 0, purchased: 0, plan: 0 });
  });

  it('lists the ledger newest first, one page at a time', async () => {
    const userId = await userWithCredits(10);
    for (let i = 0; i < 5; i++) await debitCredits(db(), { userId, amount: 1, idempotencyKey: key('d'), description: `render ${i}` });
    const p1 = await listTransactions(db(), userId, { page: 1, limit: 4 });
    const p2 = await listTransactions(db(), userId, { page: 2, limit: 4 });
    expect(p1.total).toBe(6);
    expect(p1.items.map((e) => e.description)).toEqual(['render 4', 'render 3', 'render 2', 'render 1']);
    expect(p2.items.map((e) => e.description)).toEqual(['render 0', 'grant']);
  });
});

type Op =
  | { op: 'grant'; allowance: number }
  | { op: 'buy'; amount: number }
  | { op: 'debit'; amount: number }
  | { op: 'refund'; which: number; amount: number }
  | { op: 'expire' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), allowance: fc.constantFrom(50, 150, 1000, 3) }),
  fc.record({ op: fc.constant('buy' as const), amount: fc.constantFrom(50, 100, 300, 1) }),
  fc.record({ op: fc.constant('debit' as const), amount: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ op: fc.constant('refund' as const), which: fc.nat(), amount: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ op: fc.constant('expire' as const) }),
);

describe('credits ledger properties', () => {
  it('never goes negative and always equals the sum of its ledger, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const u = await createVerifiedUser(t.app);
        const userId = u.id;
        const debits: string[] = [];
        for (const o of ops) {
          const k = key(o.op);
          if (o.op === 'grant') await grantPlanAllowance(db(), { userId, allowance: o.allowance, idempotencyKey: k, description: 'g' });
          else if (o.op === 'buy') await addPurchasedCredits(db(), { userId, amount: o.amount, idempotencyKey: k, description: 'b' });
          else if (o.op === 'expire') await expirePlanAllowance(db(), { userId, idempotencyKey: k, description: 'e' });
          else if (o.op === 'debit') {
            const r = await debitCredits(db(), { userId, amount: o.amount, idempotencyKey: k, description: 'd' });
            if (r.ok) debits.push(k);
          } else if (debits.length > 0) {
            const debitKey = debits[o.which % debits.length];
            await refundCredits(db(), { userId, debitKey, amount: o.amount, idempotencyKey: k, description: 'r' });
          }
          const [row] = await db()
            .select({ balance: users.creditBalance, purchased: users.purchasedCredits })
            .from(users)
            .where(eq(users.id, userId));
          const sum = await ledgerSum(userId);
          expect(row.balance).toBeGreaterThanOrEqual(0);
          expect(row.purchased).toBeGreaterThanOrEqual(0);
          expect(row.purchased).toBeLessThanOrEqual(row.balance);
          expect(row.balance).toBe(sum.amount);
          expect(row.purchased).toBe(sum.purchased);
        }
      }),
      { numRuns: 40 },
    );
  });
});
