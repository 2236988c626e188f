-- Guests (docs/spec.md §6 Guests): people outside the board let in for a while and for named things only.

ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'chair', 'trustee', 'guest'));

-- When a guest's access ends: every session ends and sign-in is refused from then on. NULL for the board.
ALTER TABLE users ADD COLUMN access_ends_at TIMESTAMPTZ;
ALTER TABLE users ADD CONSTRAINT users_guest_access_ends CHECK ((role = 'guest') = (access_ends_at IS NOT NULL));

-- What a guest may open: named meetings, named library documents, and for an auditor a period.
CREATE TABLE guest_passes (
    user_id    INTEGER     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT        NOT NULL,
    audit_from DATE,
    audit_to   DATE,
    invited_by INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    CHECK ((audit_from IS NULL) = (audit_to IS NULL)),
    CHECK (audit_from <= audit_to)
);

CREATE TABLE guest_meetings (
    user_id    INTEGER NOT NULL REFERENCES guest_passes (user_id) ON DELETE CASCADE,
    meeting_id INTEGER NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, meeting_id)
);
CREATE INDEX guest_meetings_meeting_id ON guest_meetings (meeting_id);

CREATE TABLE guest_documents (
    user_id     INTEGER NOT NULL REFERENCES guest_passes (user_id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, document_id)
);
CREATE INDEX guest_documents_document_id ON guest_documents (document_id);

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
    'sso_sign_in_succeeded', 'sso_sign_in_failed', 'sso_linked', 'sso_unlinked',
    'guest_invited', 'guest_access_changed', 'guest_viewed'
));
