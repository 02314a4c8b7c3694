ALTER TABLE users ADD COLUMN purchased_credits integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_purchased_credits_range CHECK (purchased_credits >= 0 AND purchased_credits <= credit_balance);
--> statement-breakpoint
CREATE TABLE credit_transactions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount integer NOT NULL,
  purchased_amount integer NOT NULL DEFAULT 0,
  balance_after integer NOT NULL,
  reason text NOT NULL,
  description text NOT NULL,
  idempotency_key text NOT NULL,
  ref_type text,
  ref_id text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX credit_transactions_idempotency_idx ON credit_transactions (idempotency_key);
--> statement-breakpoint
CREATE INDEX credit_transactions_user_created_idx ON credit_transactions (user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_type text NOT NULL,
  billing_cycle text NOT NULL,
  status text NOT NULL,
  is_educational boolean NOT NULL DEFAULT false,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  provider text NOT NULL DEFAULT 'local',
  provider_customer_id text,
  provider_subscription_id text,
  last_grant_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX subscriptions_user_idx ON subscriptions (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX subscriptions_provider_sub_idx ON subscriptions (provider_subscription_id);
--> statement-breakpoint
CREATE INDEX subscriptions_customer_idx ON subscriptions (provider_customer_id);
