import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_REASONS } from '@atelier/contract';
import { users } from './auth.js';

/**
 * PLAN_GRANT a plan's allowance for a period (replaces the previous allowance); PURCHASE a
 * top-up pack; GENERATION create, tweak or refine work; REFUND failed work given back;
 * ADJUSTMENT an operator's correction.
 */
export { CREDIT_REASONS };
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** The credit ledger: users.credit_balance always equals the sum of a user's amounts. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed: positive adds credits, negative spends them. */
    amount: integer('amount').notNull(),
    /** The part of `amount` that moved the purchased (top-up) bucket. */
    purchasedAmount: integer('purchased_amount').notNull().default(0),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the transaction is about, e.g. ('batch', 12) or ('image', 40). */
    refType: text('ref_type'),
    refId: text('ref_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** For a REFUND: the idempotency key of the debit it gives back. */
    refundOf: text('refund_of'),
    /** The person who caused the change in a team account (a member's debit or its refund; migration 0320). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_transactions_idempotency_idx').on(t.idempotencyKey),
    index('credit_transactions_user_created_idx').on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('credit_transactions_refund_of_idx').on(t.userId, t.refundOf).where(sql`${t.refundOf} IS NOT NULL`),
  ],
);
