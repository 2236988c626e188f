-- When the session's holder last proved who they are (password or second-factor code); changing how one
-- signs in needs it within the last few minutes (spec: Account security > Confirming it is you).
-- Sessions opened before this migration have none and must confirm first.
ALTER TABLE sessions ADD COLUMN reauthenticated_at TIMESTAMPTZ;

-- Second-factor challenge tokens already exchanged for a session: each works once. Rows are kept until
-- the token would have expired anyway.
CREATE TABLE used_mfa_challenges (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX used_mfa_challenges_expires_at ON used_mfa_challenges (expires_at);

-- TOTP secrets are sealed by the server at start (it holds SECRETS_KEY, SQL does not); recovery code
-- hashes made before this migration are unsalted SHA-256 and keep working until used or regenerated.
COMMENT ON COLUMN users.mfa_secret IS 'sealed:v1:<hex> (XChaCha20-Poly1305 under SECRETS_KEY), or a legacy plaintext base32 secret sealed at the next start';
COMMENT ON COLUMN users.mfa_pending_secret IS 'as mfa_secret';
COMMENT ON COLUMN mfa_recovery_codes.code_hash IS 'bcrypt ($2...), or a legacy unsalted SHA-256 hex digest';
