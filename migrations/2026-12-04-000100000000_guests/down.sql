-- Removing guests removes their accounts and the audit rows of their kinds (docs/operations.md, Migrations).
SELECT set_config('trustee.audit_prune', 'on', true);
DELETE FROM audit_events WHERE kind IN ('guest_invited', 'guest_access_changed', 'guest_viewed');
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
DROP TABLE guest_documents;
DROP TABLE guest_meetings;
DROP TABLE guest_passes;
DELETE FROM users WHERE role = 'guest';
ALTER TABLE users DROP CONSTRAINT users_guest_access_ends;
ALTER TABLE users DROP COLUMN access_ends_at;
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'chair', 'trustee'));
