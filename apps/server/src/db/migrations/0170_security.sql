-- Revocable sessions: every bearer token carries the token version it was signed with; logout,
-- a password change or reset raise the version, and every earlier token stops working.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
