-- Logout ends one session: each bearer token carries a session id (sid), and logging out records it
-- here as "<sid>.<expiry in epoch seconds>" until the token would have expired anyway. "Sign out of
-- all devices" and a password change still raise token_version (0170), which ends every session.
ALTER TABLE users ADD COLUMN revoked_sessions text[] NOT NULL DEFAULT '{}';

-- The one name other people see on Explore and share pages, chosen in profile settings; NULL: the
-- first word of the full name.
ALTER TABLE users ADD COLUMN display_name text;
