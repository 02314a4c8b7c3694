-- Tweak: the prompt saved per image of the user's (an input or a generated image), with the
-- tweak settings beside it. The tweak results are generated images of module TWEAK, listed per
-- session base by generated_images_base_idx.
CREATE TABLE tweak_prompts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  image_type text NOT NULL,
  image_id integer NOT NULL,
  prompt text NOT NULL,
  settings jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX tweak_prompts_image_idx ON tweak_prompts (user_id, image_type, image_id);
