-- The camera's horizontal field of view a view's passes were rendered with (issue 31 part 3),
-- when the sender gives it: the preview places each region's plane from depth with it.
ALTER TABLE input_image_passes ADD COLUMN IF NOT EXISTS fov_deg double precision;
