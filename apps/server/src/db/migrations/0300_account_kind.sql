-- An account is a person (who signs in) or a team workspace (issue 32): a team's work, credit
-- pool and subscription belong to its own account row, which nobody signs in as. Every query
-- that filters by owner keeps filtering by one account id; a member working in a team acts on
-- the team's account.
ALTER TABLE users ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'person';
--> statement-breakpoint
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_kind_check;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_kind_check CHECK (kind IN ('person', 'team'));
