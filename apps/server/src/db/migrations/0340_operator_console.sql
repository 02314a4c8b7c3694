-- The operator's console (issue 33 part 3): the operator role (set only by `npm run admin --
-- make-operator EMAIL`), suspension (a suspended account signs in nowhere and its sessions and
-- API keys stop), the last time an account was seen, and the audit log of operators' actions.
ALTER TABLE users ADD COLUMN IF NOT EXISTS is_operator boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS suspended_at timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS last_active_at timestamptz;
--> statement-breakpoint
-- The console's list of accounts, newest first, and its e-mail search (a prefix of the address).
CREATE INDEX IF NOT EXISTS users_created_id_idx ON users (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_prefix_idx ON users (lower(email) text_pattern_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS operator_audit_log (
  id serial PRIMARY KEY,
  operator_id integer REFERENCES users(id) ON DELETE SET NULL,
  operator_email text NOT NULL,
  action text NOT NULL,
  target_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  target text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS operator_audit_log_created_idx ON operator_audit_log (created_at DESC, id DESC);
--> statement-breakpoint
-- The console's list of failed renders, most recent first.
CREATE INDEX IF NOT EXISTS generated_images_failed_idx ON generated_images (updated_at DESC, id DESC) WHERE status = 'FAILED';
