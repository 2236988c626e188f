import type { AuditKind } from '@/types/api';

/** What each kind of audit event is called on the page (spec §2 Audit log). */
export const auditKindLabels: Record<AuditKind, string> = {
  sign_in_succeeded: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  signed_out: 'Signed out',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  mfa_enabled: 'Two-factor sign-in enabled',
  mfa_disabled: 'Two-factor sign-in disabled',
  mfa_reset: 'Two-factor sign-in reset',
  recovery_codes_regenerated: 'Recovery codes regenerated',
  session_revoked: 'Session signed out',
  user_created: 'Account created',
  user_updated: 'Account edited',
  user_role_changed: 'Role changed',
  user_status_changed: 'Account activated or deactivated',
  user_deleted: 'Account deleted',
  document_uploaded: 'Document uploaded',
  document_deleted: 'Document deleted',
  document_downloaded: 'Document downloaded',
  document_viewed: 'Document viewed',
  minutes_uploaded: 'Minutes uploaded',
  minutes_deleted: 'Minutes deleted',
  minutes_downloaded: 'Minutes downloaded',
  minutes_viewed: 'Minutes viewed',
  committee_member_added: 'Committee member added',
  committee_member_removed: 'Committee member removed',
  committee_document_uploaded: 'Committee document uploaded',
  committee_document_deleted: 'Committee document deleted',
  committee_document_downloaded: 'Committee document downloaded',
  notice_deleted: 'Notice deleted',
  settings_changed: 'Settings changed',
  invitation_sent: 'Invitation sent',
  invitation_accepted: 'Invitation accepted',
};

export const auditKinds = Object.keys(auditKindLabels) as AuditKind[];
