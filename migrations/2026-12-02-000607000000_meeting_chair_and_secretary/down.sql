-- Not lossless: who chaired each meeting, the secretary and their audit events go (docs/operations.md,
-- Migrations).
DELETE FROM audit_events WHERE kind = 'meeting_chair_recorded';
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
ALTER TABLE governance_settings DROP COLUMN secretary_id;
ALTER TABLE meetings DROP COLUMN chaired_by;
