-- Every e-mail the portal sends, written in the same transaction as the event that causes it. The worker
-- claims due rows (FOR UPDATE SKIP LOCKED), sends them and records the outcome; rows are kept as the log.
CREATE TABLE mail_outbox (
    id              BIGSERIAL PRIMARY KEY,
    kind            TEXT        NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
    recipient       TEXT        NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
    user_id         INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    subject         TEXT        NOT NULL,
    text_body       TEXT        NOT NULL,
    html_body       TEXT        NOT NULL,
    list_unsubscribe TEXT,
    status          TEXT        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts        INTEGER     NOT NULL DEFAULT 0,
    last_error      TEXT,
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at         TIMESTAMPTZ
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued';
-- The per-address limit of reset mails counts recent rows by recipient and kind.
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), kind, created_at);

-- Single-use links (password reset, later invitations): only a SHA-256 of the token is stored.
CREATE TABLE password_tokens (
    id          SERIAL PRIMARY KEY,
    user_id     INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT        NOT NULL CHECK (purpose IN ('reset', 'invitation')),
    token_hash  TEXT        NOT NULL UNIQUE,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX password_tokens_user_idx ON password_tokens (user_id) WHERE used_at IS NULL;

-- How a reset request was settled: by an admin's temporary password, or by the user through an e-mailed link.
ALTER TABLE password_reset_requests
    ADD COLUMN resolved_by TEXT CHECK (resolved_by IS NULL OR resolved_by IN ('admin', 'link'));
