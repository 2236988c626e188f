-- Signatures beyond minutes (docs/spec.md §16): passed written resolutions certified by the chair, each
-- trustee's own annual declaration, and the trustee a board names to sign a meeting's minutes.

-- A declaration belongs to one trustee of a round: its signature is keyed by the round (record_id) and
-- that trustee (record_user_id, who is also the signer); other kinds have no such part.
ALTER TABLE signatures DROP CONSTRAINT signatures_kind_check;
ALTER TABLE signatures ADD CONSTRAINT signatures_kind_check
    CHECK (kind IN ('minutes', 'resolution', 'declaration'));
ALTER TABLE signatures ADD COLUMN record_user_id INTEGER;
ALTER TABLE signatures ADD CONSTRAINT signatures_record_user_check
    CHECK ((kind = 'declaration') = (record_user_id IS NOT NULL));
-- One signature per version of a record (per trustee, for a declaration).
ALTER TABLE signatures DROP CONSTRAINT signatures_kind_record_id_record_version_key;
ALTER TABLE signatures ADD CONSTRAINT signatures_one_per_record
    UNIQUE NULLS NOT DISTINCT (kind, record_id, record_version, record_user_id);

-- Besides the chair, the trustee the board names signs a meeting's minutes (one per meeting, replaced
-- when the board names another).
CREATE TABLE minutes_signers (
    meeting_id INTEGER     PRIMARY KEY REFERENCES meetings (id) ON DELETE CASCADE,
    user_id    INTEGER     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    named_by   INTEGER     REFERENCES users (id) ON DELETE SET NULL,
    named_at   TIMESTAMPTZ NOT NULL
);

-- Every signature, every refused signing attempt (a wrong password or code) and every naming of a signer
-- is audited (spec §12).
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
    'record_signed', 'signing_refused', 'minutes_signer_named'
));
