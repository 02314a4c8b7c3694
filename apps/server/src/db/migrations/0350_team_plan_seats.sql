-- Studio (team) plans are priced per seat (issue 32, billing): a subscription and a checkout
-- know their seats. NULL is a personal plan; a team plan's allowance is credits per seat × seats
-- and its seats are the team's seat limit.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS seats integer;
--> statement-breakpoint
ALTER TABLE checkout_sessions ADD COLUMN IF NOT EXISTS seats integer;
--> statement-breakpoint
ALTER TABLE subscriptions DROP CONSTRAINT IF EXISTS subscriptions_seats_positive;
--> statement-breakpoint
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_seats_positive CHECK (seats IS NULL OR seats > 0);
