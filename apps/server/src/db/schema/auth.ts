import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** The name others see (Explore, share pages); null: the first name (publicNameOf; migration 0230). */
    displayName: text('display_name'),
    passwordHash: text('password_hash'),
    profilePicture: text('profile_picture'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    isStudent: boolean('is_student').notNull().default(false),
    /** 'person' signs in; 'team' is a team workspace's account (issue 32; migration 0300). */
    kind: text('kind', { enum: ['person', 'team'] }).notNull().default('person'),
    /** Cached credit balance; the credits module alone writes it, with its ledger, in one transaction. */
    creditBalance: integer('credit_balance').notNull().default(0),
    /** The part of creditBalance that was bought as top-ups; it survives plan renewals. */
    purchasedCredits: integer('purchased_credits').notNull().default(0),
    /** Tokens signed with an older version are refused (logout, password change or reset; migration 0170). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Sessions signed out one by one, as "<sid>.<token expiry, epoch seconds>" (logout; migration 0230). */
    revokedSessions: text('revoked_sessions').array().notNull().default(sql`'{}'::text[]`),
    /** May open the operator's console (/admin); set only by `npm run admin -- make-operator` (migration 0340). */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Set while an operator has suspended the account: no sign-in, no session, no API key (migration 0340). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When the account last made an authenticated request (to within a few minutes; migration 0340). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_created_id_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    check('users_credit_balance_nonnegative', sql`${t.creditBalance} >= 0`),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** PKCE verifier and nonce of a Google redirect flow, keyed by its state. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every action an operator took in the console (issue 33; migration 0340): who, what, on whom, with what. */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_audit_log_created_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`)],
);
