-- Soft-deleted images keep their files until the cleanup removes them; it records when.
ALTER TABLE input_images ADD COLUMN files_deleted_at timestamptz;
--> statement-breakpoint
ALTER TABLE generated_images ADD COLUMN files_deleted_at timestamptz;
--> statement-breakpoint
CREATE INDEX input_images_deleted_pending_idx ON input_images (deleted_at, id) WHERE deleted_at IS NOT NULL AND files_deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX generated_images_deleted_pending_idx ON generated_images (deleted_at, id) WHERE deleted_at IS NOT NULL AND files_deleted_at IS NULL;
