import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  BILLING_CYCLES,
  CHECKOUT_KINDS,
  CHECKOUT_STATUSES,
  CREDIT_PACK_IDS,
  PAID_PLAN_TYPES,
  PLAN_TYPES,
  SUBSCRIPTION_STATUSES,
} from '@atelier/contract';
import { users } from './auth.js';

/** One row per user that has ever had a paid plan; no row means FREE. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    billingCycle: text('billing_cycle', { enum: BILLING_CYCLES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    isEducational: boolean('is_educational').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** 'local' (test mode) or 'stripe'. */
    provider: text('provider').notNull().default('local'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Start of the last month whose allowance was granted (yearly plans grant monthly). */
    lastGrantAt: timestamp('last_grant_at', { withTimezone: true }),
    /** The allowance granted for that month (an upgrade within the month tops it up to the new plan's). */
    grantedAllowance: integer('granted_allowance').notNull().default(0),
    /** When the scheduler next has work here: a yearly plan's next month, a local plan's renewal. */
    nextGrantAt: timestamp('next_grant_at', { withTimezone: true }),
    /** A studio plan's paid seats (migration 0350); null for a personal plan. */
    seats: integer('seats'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_sub_idx').on(t.providerSubscriptionId),
    index('subscriptions_customer_idx').on(t.providerCustomerId),
    index('subscriptions_next_grant_idx').on(t.nextGrantAt).where(sql`${t.nextGrantAt} IS NOT NULL`),
  ],
);

/** The payment provider's customer of a user (one per provider). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('billing_customers_customer_idx').on(t.provider, t.customerId)],
);

/**
 * Every checkout we start, with the price the server set. The local provider's test-mode page
 * reads and completes these; Stripe sessions are matched back by id when their webhook arrives.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id'),
    kind: text('kind', { enum: CHECKOUT_KINDS }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('OPEN'),
    planType: text('plan_type', { enum: PAID_PLAN_TYPES }),
    billingCycle: text('billing_cycle', { enum: BILLING_CYCLES }),
    isEducational: boolean('is_educational').notNull().default(false),
    /** The checkout changes the plan of an existing subscription. */
    isChange: boolean('is_change').notNull().default(false),
    /** A studio plan's seats (migration 0350); null for a personal plan or a pack. */
    seats: integer('seats'),
    packId: text('pack_id', { enum: CREDIT_PACK_IDS }),
    credits: integer('credits').notNull().default(0),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_session_idx').on(t.providerSessionId),
    index('checkout_sessions_user_created_idx').on(t.userId, sql`${t.createdAt} DESC`),
  ],
);

/** Stripe webhook events seen, for dedup; processing is convergent anyway. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(1),
  lastError: text('last_error'),
});
