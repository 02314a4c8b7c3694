-- Studios (issue 32). A team is a users row of kind 'team' (its pool, work and subscription)
-- plus this row; members act on the team's account, and the ledger records the member (actor)
-- who caused each debit and refund. The owner is the one team_members row of role 'owner'.
CREATE TABLE teams (
  id serial PRIMARY KEY,
  name text NOT NULL,
  account_user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  seat_limit integer NOT NULL DEFAULT 3 CHECK (seat_limit > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE team_members (
  team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  monthly_credit_cap integer CHECK (monthly_credit_cap IS NULL OR monthly_credit_cap >= 0),
  joined_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz,
  PRIMARY KEY (team_id, user_id)
);
--> statement-breakpoint
CREATE INDEX team_members_user_idx ON team_members (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX team_members_one_owner_idx ON team_members (team_id) WHERE role = 'owner';
--> statement-breakpoint
CREATE TABLE team_invitations (
  id serial PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX team_invitations_team_idx ON team_invitations (team_id, created_at DESC);
--> statement-breakpoint
ALTER TABLE credit_transactions ADD COLUMN IF NOT EXISTS actor_user_id integer REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS credit_transactions_actor_idx ON credit_transactions (user_id, actor_user_id, created_at) WHERE actor_user_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS created_by integer REFERENCES users(id) ON DELETE SET NULL;
