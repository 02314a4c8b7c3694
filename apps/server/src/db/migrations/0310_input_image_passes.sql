-- Depth and normal passes sent with a view (issue 31 part 1): at most one of each per input
-- image, owned by the input image's account; the files live beside the input image's.
CREATE TABLE IF NOT EXISTS input_image_passes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  input_image_id integer NOT NULL REFERENCES input_images(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('depth', 'normal')),
  source_format text NOT NULL CHECK (source_format IN ('png8', 'png16', 'exr')),
  width integer NOT NULL,
  height integer NOT NULL,
  depth_near double precision,
  depth_far double precision,
  data_key text NOT NULL,
  preview_key text NOT NULL,
  thumbnail_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS input_image_passes_image_kind_idx ON input_image_passes (input_image_id, kind);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS input_image_passes_user_image_idx ON input_image_passes (user_id, input_image_id);
