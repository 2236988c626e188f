-- Who signs the board's records (docs/spec.md §16 Signing): the person who chaired a meeting signs its
-- minutes, and the board's secretary certifies passed written resolutions with the chair. Both name a
-- user; deleting that user leaves nobody recorded (the board's chair signs, §16), never a dangling id.
ALTER TABLE meetings ADD COLUMN chaired_by INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE governance_settings ADD COLUMN secretary_id INTEGER REFERENCES users (id) ON DELETE SET NULL;

-- Recording who chaired a meeting is audited (spec §12).
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
    'record_signed', 'signing_refused', 'minutes_signer_named',
    'meeting_chair_recorded'
));
