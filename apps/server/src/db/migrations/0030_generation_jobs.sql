-- Generation jobs: each generated image names the job that makes it (so a recovery sweep can
-- find images whose job is gone) and the credit debit its refund gives back against.
ALTER TABLE generated_images ADD COLUMN job_queue text;
--> statement-breakpoint
ALTER TABLE generated_images ADD COLUMN job_id text;
--> statement-breakpoint
ALTER TABLE generated_images ADD COLUMN debit_key text;
--> statement-breakpoint
CREATE INDEX generated_images_processing_idx ON generated_images (created_at, id) WHERE status = 'PROCESSING';
--> statement-breakpoint
CREATE INDEX batches_processing_idx ON batches (created_at, id) WHERE status = 'PROCESSING';
