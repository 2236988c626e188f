-- Account security (spec §13): sign-in throttling shared by every server process, sessions one can see and
-- end, temporary passwords that expire, two-factor sign-in with recovery codes, and the portal's security
-- settings.

-- One row per sign-in (or code, or reset request) attempt still inside its window. An attempt is counted
-- before the secret is checked and removed when it succeeds, so what stays are the failures.
CREATE TABLE sign_in_attempts (
    id           BIGSERIAL PRIMARY KEY,
    scope        TEXT        NOT NULL CHECK (scope IN ('password', 'code', 'reset')),
    account      TEXT        NOT NULL CHECK (length(account) <= 300),
    client       TEXT        NOT NULL CHECK (length(client) <= 100),
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempts_account_idx ON sign_in_attempts (scope, account, attempted_at);
CREATE INDEX sign_in_attempts_client_idx ON sign_in_attempts (scope, client, attempted_at);
CREATE INDEX sign_in_attempts_age_idx ON sign_in_attempts (attempted_at);

-- A signed-in device. Its id travels in the session token; ending the row ends the token.
CREATE TABLE sessions (
    id             SERIAL PRIMARY KEY,
    user_id        INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device         TEXT        NOT NULL CHECK (length(device) <= 200),
    client_address TEXT        NOT NULL CHECK (length(client_address) <= 100),
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_active_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at     TIMESTAMPTZ NOT NULL,
    ended_at       TIMESTAMPTZ
);
CREATE INDEX sessions_open_by_user_idx ON sessions (user_id) WHERE ended_at IS NULL;
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

-- A temporary password works until then, and only to set a new one.
ALTER TABLE users ADD COLUMN temp_password_expires_at TIMESTAMPTZ;
UPDATE users SET temp_password_expires_at = now() + interval '72 hours' WHERE require_password_change;

-- Two-factor sign-in (RFC 6238). The secret waits in mfa_pending_secret until a code confirms it;
-- mfa_last_step is the time step of the last code used, so a code cannot be used twice.
ALTER TABLE users ADD COLUMN mfa_secret TEXT;
ALTER TABLE users ADD COLUMN mfa_pending_secret TEXT;
ALTER TABLE users ADD COLUMN mfa_last_step BIGINT;

-- Single-use recovery codes; only their SHA-256 is kept.
CREATE TABLE mfa_recovery_codes (
    id         SERIAL PRIMARY KEY,
    user_id    INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT        NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (user_id, code_hash)
);

-- One row: settings only admins change.
CREATE TABLE security_settings (
    id                       BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    require_mfa_for_officers BOOLEAN     NOT NULL DEFAULT FALSE,
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO security_settings DEFAULT VALUES;
