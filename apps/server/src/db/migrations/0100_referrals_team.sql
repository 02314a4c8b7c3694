-- Referrals: each user's invite code, and who registered through whose code (one referrer per
-- account; rewarded once, when the invited account buys its first plan). Team interest: who
-- asked to hear when teams open.
CREATE TABLE referral_codes (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE referrals (
  id serial PRIMARY KEY,
  referrer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  referred_user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  rewarded_at timestamptz
);
--> statement-breakpoint
CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE team_interest (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
