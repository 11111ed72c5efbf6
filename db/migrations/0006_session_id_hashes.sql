-- The sessions table keeps only the SHA-256 (hex) of each session id: a copy of the table
-- (a backup, the embedded database's files) no longer holds ids a cookie can carry.
-- Existing rows are hashed in place rather than deleted, so nobody is signed out by the
-- upgrade: the browser's cookie still carries the raw id, whose hash now finds the row.
-- (Raw ids are 43 base64url characters; a 64-hex sid is already a hash.)
UPDATE "sessions" SET "sid" = encode(sha256(convert_to("sid", 'UTF8')), 'hex') WHERE "sid" !~ '^[0-9a-f]{64}$';--> statement-breakpoint
-- A session's total life is capped from its creation time (sess.createdAt). Rows made before
-- the cap get their last renewal (expiry minus the 7 idle days): the latest moment they can
-- have started, and the earliest this migration can know of.
UPDATE "sessions" SET "sess" = ("sess"::jsonb || jsonb_build_object('createdAt', "expire" - interval '7 days'))::json WHERE "sess"->>'createdAt' IS NULL;
