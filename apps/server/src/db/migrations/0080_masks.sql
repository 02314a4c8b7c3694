-- Masks and AI prompts: the regions of an input image (one stored PNG each, with the style the
-- user gave it), the mask status per input image with the job making the current set, and the
-- materials chosen for an input image's AI prompt (unique by subcategory, options and name).
CREATE TABLE mask_regions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  input_image_id integer NOT NULL REFERENCES input_images(id) ON DELETE CASCADE,
  position integer NOT NULL,
  mask_key text NOT NULL,
  label text NOT NULL,
  area real NOT NULL,
  average_color text NOT NULL,
  is_visible boolean NOT NULL DEFAULT true,
  custom_text text,
  material_option_id text,
  customization_option_id text,
  sub_category_id text,
  alias_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX mask_regions_input_idx ON mask_regions (user_id, input_image_id, position);
--> statement-breakpoint
CREATE TABLE mask_generations (
  input_image_id integer PRIMARY KEY REFERENCES input_images(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL,
  job_id uuid,
  error text,
  region_count integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX mask_generations_user_idx ON mask_generations (user_id);
--> statement-breakpoint
CREATE INDEX mask_generations_processing_idx ON mask_generations (started_at) WHERE status = 'processing';
--> statement-breakpoint
CREATE TABLE ai_prompt_materials (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  input_image_id integer NOT NULL REFERENCES input_images(id) ON DELETE CASCADE,
  material_option_id text,
  customization_option_id text,
  sub_category_id text,
  display_name text NOT NULL,
  dedupe_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX ai_prompt_materials_dedupe_idx ON ai_prompt_materials (user_id, input_image_id, dedupe_key);
