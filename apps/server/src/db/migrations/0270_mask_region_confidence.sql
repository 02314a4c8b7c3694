-- The engine's confidence in a generated region's label (0–1), from the region classifier's
-- probabilities; null for regions made before it, from an ID pass, or named by the user.
ALTER TABLE mask_regions ADD COLUMN IF NOT EXISTS confidence real;
