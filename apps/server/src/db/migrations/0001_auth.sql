CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  full_name text NOT NULL,
  password_hash text,
  profile_picture text,
  email_verified_at timestamptz,
  google_sub text,
  is_student boolean NOT NULL DEFAULT false,
  credit_balance integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_credit_balance_nonnegative CHECK (credit_balance >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));
--> statement-breakpoint
CREATE UNIQUE INDEX users_google_sub_idx ON users (google_sub);
--> statement-breakpoint
CREATE TABLE email_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX email_tokens_hash_idx ON email_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);
--> statement-breakpoint
CREATE TABLE oauth_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text,
  expires_at timestamptz NOT NULL
);
