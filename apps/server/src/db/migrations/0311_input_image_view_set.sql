-- A pushed view may name the set it belongs to (issue 31 part 5: "Riverside – scheme B"), so the
-- views of one set can be listed and rendered together.
ALTER TABLE input_images ADD COLUMN IF NOT EXISTS view_set text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS input_images_user_view_set_idx ON input_images (user_id, view_set, id) WHERE view_set IS NOT NULL AND deleted_at IS NULL;
