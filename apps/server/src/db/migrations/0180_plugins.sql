-- The plugin bridge: API keys (stored as SHA-256 hashes; the key is shown once), webhook
-- endpoints (the signing secret is needed to sign, so it is kept) and their delivery log.
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE webhook_deliveries (
  id serial PRIMARY KEY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  event text NOT NULL,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  status_code integer,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
