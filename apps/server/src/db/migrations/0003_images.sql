CREATE TABLE input_images (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  upload_source text NOT NULL,
  status text NOT NULL DEFAULT 'COMPLETED',
  original_key text NOT NULL,
  processed_key text,
  thumbnail_key text,
  width integer NOT NULL,
  height integer NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  source_generated_image_id integer,
  source_input_image_id integer,
  ai_prompt text,
  generated_prompt text,
  settings jsonb,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX input_images_user_source_created_idx ON input_images (user_id, upload_source, created_at DESC, id DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX input_images_user_created_idx ON input_images (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE TABLE batches (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  input_image_id integer,
  base_generated_image_id integer,
  module_type text NOT NULL,
  operation_type text,
  status text NOT NULL DEFAULT 'PROCESSING',
  prompt text,
  settings jsonb,
  total_variations integer NOT NULL,
  runpod_id text,
  debit_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX batches_user_module_created_idx ON batches (user_id, module_type, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE generated_images (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  batch_id integer NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  input_image_id integer,
  base_image_id integer,
  variation_number integer NOT NULL,
  status text NOT NULL DEFAULT 'PROCESSING',
  runpod_status text NOT NULL DEFAULT 'SUBMITTED',
  module_type text NOT NULL,
  operation_type text,
  image_key text,
  processed_key text,
  thumbnail_key text,
  width integer,
  height integer,
  prompt text,
  seed bigint,
  settings_snapshot jsonb,
  mask_material_mappings jsonb,
  context_selection jsonb,
  ai_materials jsonb,
  error_message text,
  refunded_at timestamptz,
  is_public boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX generated_images_user_created_idx ON generated_images (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX generated_images_user_module_status_idx ON generated_images (user_id, module_type, status, created_at DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX generated_images_batch_idx ON generated_images (batch_id, variation_number);
--> statement-breakpoint
CREATE INDEX generated_images_base_idx ON generated_images (user_id, base_image_id);
--> statement-breakpoint
CREATE INDEX generated_images_public_idx ON generated_images (published_at DESC, id DESC) WHERE is_public AND deleted_at IS NULL;
