-- A set render (issue 31 part 5): every view of a view set rendered with one look, one batch per
-- view. Its views are listed with their batch; set.completed goes out once, when none is PROCESSING
-- (status moves PROCESSING → COMPLETED exactly once; STARTING while its batches are being opened).
CREATE TABLE IF NOT EXISTS set_renders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  view_set text NOT NULL,
  status text NOT NULL DEFAULT 'STARTING',
  seeds jsonb NOT NULL,
  variations integer NOT NULL,
  cost integer NOT NULL,
  look jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS set_renders_user_created_idx ON set_renders (user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS set_render_views (
  set_render_id integer NOT NULL REFERENCES set_renders(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position integer NOT NULL,
  input_image_id integer NOT NULL,
  batch_id integer NOT NULL,
  status text NOT NULL DEFAULT 'PROCESSING',
  PRIMARY KEY (set_render_id, position)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS set_render_views_batch_idx ON set_render_views (batch_id);
