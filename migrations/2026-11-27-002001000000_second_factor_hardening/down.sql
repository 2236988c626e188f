COMMENT ON COLUMN mfa_recovery_codes.code_hash IS NULL;
COMMENT ON COLUMN users.mfa_pending_secret IS NULL;
COMMENT ON COLUMN users.mfa_secret IS NULL;
DROP TABLE used_mfa_challenges;
ALTER TABLE sessions DROP COLUMN reauthenticated_at;
