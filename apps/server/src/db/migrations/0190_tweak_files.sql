-- Tweak files: one row per uploaded mask and per picture placed with Add image (stored under
-- u/<userId>/tweak/), so the daily cleanup can find those no tweak uses: last used over a day ago
-- and named by no generated image's settings snapshot (maskKey, overlayKey).
CREATE TABLE tweak_files (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('mask', 'overlay')),
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX tweak_files_key_idx ON tweak_files (storage_key);
--> statement-breakpoint
CREATE INDEX tweak_files_last_used_idx ON tweak_files (last_used_at);
