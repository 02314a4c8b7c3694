-- Billing: provider customers, checkout sessions (local test mode and Stripe), Stripe event
-- dedup, the granted-allowance bookkeeping of subscriptions, and refund links in the ledger.
CREATE TABLE billing_customers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);
--> statement-breakpoint
CREATE UNIQUE INDEX billing_customers_customer_idx ON billing_customers (provider, customer_id);
--> statement-breakpoint
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_session_id text,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'OPEN',
  plan_type text,
  billing_cycle text,
  is_educational boolean NOT NULL DEFAULT false,
  is_change boolean NOT NULL DEFAULT false,
  pack_id text,
  credits integer NOT NULL DEFAULT 0,
  amount integer NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  CONSTRAINT checkout_sessions_amount_nonnegative CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX checkout_sessions_provider_session_idx ON checkout_sessions (provider_session_id);
--> statement-breakpoint
CREATE INDEX checkout_sessions_user_created_idx ON checkout_sessions (user_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 1,
  last_error text
);
--> statement-breakpoint
ALTER TABLE subscriptions ADD COLUMN granted_allowance integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE subscriptions ADD COLUMN next_grant_at timestamptz;
--> statement-breakpoint
CREATE INDEX subscriptions_next_grant_idx ON subscriptions (next_grant_at) WHERE next_grant_at IS NOT NULL;
--> statement-breakpoint
ALTER TABLE credit_transactions ADD COLUMN refund_of text;
--> statement-breakpoint
CREATE INDEX credit_transactions_refund_of_idx ON credit_transactions (user_id, refund_of) WHERE refund_of IS NOT NULL;
