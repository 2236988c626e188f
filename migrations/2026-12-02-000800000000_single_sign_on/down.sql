-- Not lossless: single sign-on's audit events go (through the pruning switch of the append-only
-- trigger), as do the links and the settings (docs/operations.md, Migrations).
SELECT set_config('trustee.audit_prune', 'on', true);
DELETE FROM audit_events WHERE kind IN ('sso_sign_in_succeeded', 'sso_sign_in_failed', 'sso_linked', 'sso_unlinked');
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
    'record_signed', 'signing_refused', 'minutes_signer_named', 'meeting_chair_recorded'
));
ALTER TABLE security_settings
    DROP COLUMN break_glass_admin_id,
    DROP COLUMN password_sign_in_off,
    DROP COLUMN trust_provider_mfa;
ALTER TABLE sessions DROP COLUMN second_factor_by_provider;
DROP TABLE sso_links;
DROP TABLE sso_handoffs;
DROP TABLE sso_pending_sign_ins;
