-- Single sign-on with OpenID Connect (docs/spec.md §13 Single sign-on).

-- A sign-in started at the portal, until the provider sends the browser back: single use, so a forged or
-- replayed callback finds nothing, and in the database so any server process can take the callback.
CREATE TABLE sso_pending_sign_ins (
    state         TEXT        PRIMARY KEY,
    nonce         TEXT        NOT NULL,
    pkce_verifier TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL
);

-- The one-time code (only its SHA-256) the sign-in page exchanges for a session: no token in a URL.
CREATE TABLE sso_handoffs (
    code_hash              TEXT        PRIMARY KEY,
    user_id                INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider_second_factor BOOLEAN     NOT NULL,
    created_at             TIMESTAMPTZ NOT NULL,
    expires_at             TIMESTAMPTZ NOT NULL
);

-- An account's link to an identity at a provider, shown (and removable) on Account security.
CREATE TABLE sso_links (
    id        SERIAL      PRIMARY KEY,
    user_id   INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    issuer    TEXT        NOT NULL,
    subject   TEXT        NOT NULL,
    email     TEXT        NOT NULL,
    linked_at TIMESTAMPTZ NOT NULL,
    UNIQUE (issuer, subject)
);
CREATE INDEX sso_links_user_id ON sso_links (user_id);

ALTER TABLE sessions ADD COLUMN second_factor_by_provider BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE security_settings
    ADD COLUMN trust_provider_mfa   BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN password_sign_in_off BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN break_glass_admin_id INTEGER REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE audit_events DROP CONSTRAINT audit_events_kind_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_kind_check CHECK (kind IN (
    'sign_in_succeeded', 'sign_in_failed', 'signed_out',
    'password_changed', 'password_reset',
    'mfa_enabled', 'mfa_disabled', 'mfa_reset', 'recovery_codes_regenerated', 'session_revoked',
    'user_created', 'user_updated', 'user_role_changed', 'user_status_changed', 'user_deleted',
    'document_uploaded', 'document_deleted', 'document_downloaded', 'document_viewed',
    'minutes_uploaded', 'minutes_deleted', 'minutes_downloaded', 'minutes_viewed',
    'committee_member_added', 'committee_member_removed',
    'committee_document_uploaded', 'committee_document_deleted', 'committee_document_downloaded',
    'notice_deleted', 'settings_changed',
    'invitation_sent', 'invitation_accepted',
    'record_signed', 'signing_refused', 'minutes_signer_named', 'meeting_chair_recorded',
    'sso_sign_in_succeeded', 'sso_sign_in_failed', 'sso_linked', 'sso_unlinked'
));
