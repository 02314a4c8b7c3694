-- The gallery's day buckets and date-range pages read completed, not deleted images by owner
-- and creation time (newest first), over all modules (organize) or one module (refine).
CREATE INDEX generated_images_user_completed_idx ON generated_images (user_id, created_at DESC, id DESC) WHERE status = 'COMPLETED' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX generated_images_user_module_completed_idx ON generated_images (user_id, module_type, created_at DESC, id DESC) WHERE status = 'COMPLETED' AND deleted_at IS NULL;
