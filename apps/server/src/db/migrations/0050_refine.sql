-- Refine and Upscale: the settings last saved per image (an input image or a generated image of
-- the user's), and an index for listing the refine results of an input image, newest first.
-- (The results of a generated image are found by generated_images_base_idx.)
CREATE TABLE refine_settings (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  image_type text NOT NULL,
  image_id integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  scale_factor double precision NOT NULL,
  ai_strength integer NOT NULL,
  resemblance integer NOT NULL,
  clarity integer NOT NULL,
  sharpness integer NOT NULL,
  match_color boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX refine_settings_image_idx ON refine_settings (user_id, image_type, image_id);
--> statement-breakpoint
CREATE INDEX generated_images_refine_input_idx ON generated_images (user_id, input_image_id, created_at DESC, id DESC) WHERE module_type = 'REFINE' AND base_image_id IS NULL AND deleted_at IS NULL;
