-- Invitations and polite bulk mail (spec §11 Invitations, Bulk mail is polite).

-- Invitations: an invited account is created with the password hash '!invited', which no password
-- verifies (it is not a bcrypt hash), so it cannot sign in until its holder chooses a password through the
-- link (a `password_tokens` row with purpose 'invitation', valid 7 days). Nothing else changes in `users`.

-- A message whose recipient was deactivated (or switched that notification kind off) before it went out is
-- cancelled, and stays in the delivery log as such.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
    CHECK (status IN ('queued', 'sent', 'failed', 'cancelled'));

-- One-click unsubscribe (List-Unsubscribe, RFC 8058) needs no table of its own: a message's link turns that
-- notification kind off (the weekly digest's link: every kind) in `notification_settings.disabled_kinds`,
-- the same setting the Notification settings page shows. Password resets, invitations and test messages
-- are not notification kinds, so no setting can suppress them.

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
    'invitation_sent', 'invitation_accepted'
));
