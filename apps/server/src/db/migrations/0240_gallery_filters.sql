-- The gallery's filters (issue 28): completed images of an owner by render type (the settings
-- snapshot's renderType; renders made before render types count as exterior) and by whether they
-- are shared on Explore, newest first. Module filters use generated_images_user_module_completed_idx.
CREATE INDEX generated_images_user_render_type_idx ON generated_images (user_id, (coalesce(settings_snapshot->>'renderType', 'exterior')), created_at DESC, id DESC) WHERE status = 'COMPLETED' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX generated_images_user_public_idx ON generated_images (user_id, is_public, created_at DESC, id DESC) WHERE status = 'COMPLETED' AND deleted_at IS NULL;
