//! The audit trail (spec §12 Audit log): who did what, when, to which object.
//!
//! Its refusals (`AuditRefusal`): a reader who is not an admin, and filters that break a field's rule
//! (the shared `DomainError::Invalid`).

pub mod refusal;
pub mod repository;
pub mod service;

pub use refusal::AuditRefusal;
pub use repository::AuditTrail;
pub use service::{AuditKindFilter, AuditQuery, AuditService};

use chrono::{DateTime, NaiveDate, Utc};

use crate::identity::user::User;
use crate::UserId;

string_enum!(
    /// What happened. The database's CHECK on `audit_events.kind` lists the same spellings.
    AuditKind {
        SignInSucceeded => "sign_in_succeeded",
        SignInFailed => "sign_in_failed",
        SignedOut => "signed_out",
        PasswordChanged => "password_changed",
        PasswordReset => "password_reset",
        MfaEnabled => "mfa_enabled",
        MfaDisabled => "mfa_disabled",
        MfaReset => "mfa_reset",
        RecoveryCodesRegenerated => "recovery_codes_regenerated",
        SessionRevoked => "session_revoked",
        UserCreated => "user_created",
        UserUpdated => "user_updated",
        UserRoleChanged => "user_role_changed",
        UserStatusChanged => "user_status_changed",
        UserDeleted => "user_deleted",
        DocumentUploaded => "document_uploaded",
        DocumentDeleted => "document_deleted",
        DocumentDownloaded => "document_downloaded",
        DocumentViewed => "document_viewed",
        MinutesUploaded => "minutes_uploaded",
        MinutesDeleted => "minutes_deleted",
        MinutesDownloaded => "minutes_downloaded",
        MinutesViewed => "minutes_viewed",
        CommitteeMemberAdded => "committee_member_added",
        CommitteeMemberRemoved => "committee_member_removed",
        CommitteeDocumentUploaded => "committee_document_uploaded",
        CommitteeDocumentDeleted => "committee_document_deleted",
        CommitteeDocumentDownloaded => "committee_document_downloaded",
        NoticeDeleted => "notice_deleted",
        SettingsChanged => "settings_changed",
        InvitationSent => "invitation_sent",
        InvitationAccepted => "invitation_accepted",
        RecordSigned => "record_signed",
        SigningRefused => "signing_refused",
        MinutesSignerNamed => "minutes_signer_named",
        MeetingChairRecorded => "meeting_chair_recorded",
        SsoSignInSucceeded => "sso_sign_in_succeeded",
        SsoSignInFailed => "sso_sign_in_failed",
        SsoLinked => "sso_linked",
        SsoUnlinked => "sso_unlinked",
        GuestInvited => "guest_invited",
        GuestAccessChanged => "guest_access_changed",
        GuestViewed => "guest_viewed",
    }
);

/// The thing an event is about: a type (`user`, `document`, ...), its id and a label as it read then.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AuditObject {
    pub object_type: String,
    pub id: Option<String>,
    pub label: Option<String>,
}

impl AuditObject {
    pub fn new(object_type: &str, id: impl ToString, label: impl Into<String>) -> Self {
        Self { object_type: object_type.to_string(), id: Some(id.to_string()), label: Some(label.into()) }
    }

    /// A user account, labelled with the name and e-mail it had at the time.
    pub fn user(user: &User) -> Self {
        Self::new("user", user.id, format!("{} <{}>", user.name, user.email))
    }
}

/// An event to append. The actor's name and e-mail are copied from the users table when it is stored,
/// so the entry still reads after the account is deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuditEvent {
    pub kind: AuditKind,
    pub actor: Option<UserId>,
    pub object: Option<AuditObject>,
    /// What changed, in a few words (for example `role: trustee -> chair`).
    pub details: Option<String>,
    /// The client's address (`api::extractors::client_address`), when the event came from a request.
    pub client_address: Option<String>,
}

impl NewAuditEvent {
    pub fn new(kind: AuditKind, actor: Option<UserId>) -> Self {
        Self { kind, actor, object: None, details: None, client_address: None }
    }

    pub fn object(mut self, object: AuditObject) -> Self {
        self.object = Some(object);
        self
    }

    pub fn details(mut self, details: impl Into<String>) -> Self {
        self.details = Some(details.into());
        self
    }

    pub fn from_address(mut self, address: impl Into<String>) -> Self {
        self.client_address = Some(address.into());
        self
    }
}

/// A stored event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEvent {
    pub id: i64,
    pub occurred_at: DateTime<Utc>,
    /// `None` for anonymous events (a failed sign-in) and once the actor's account is deleted.
    pub actor_id: Option<UserId>,
    pub actor_name: Option<String>,
    pub actor_email: Option<String>,
    pub kind: AuditKind,
    pub object_type: Option<String>,
    pub object_id: Option<String>,
    pub object_label: Option<String>,
    pub details: Option<String>,
    pub client_address: Option<String>,
}

/// Which events to list: every filter is optional; dates are whole UTC days, both ends included.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub actor: Option<UserId>,
    pub kind: Option<AuditKind>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

impl AuditFilter {
    /// The first instant included (`from` at 00:00 UTC).
    pub fn starts_at(&self) -> Option<DateTime<Utc>> {
        self.from.and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc())
    }

    /// The first instant no longer included (the day after `to`, 00:00 UTC).
    pub fn ends_before(&self) -> Option<DateTime<Utc>> {
        self.to.and_then(|d| d.succ_opt()).and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc())
    }
}

/// One page of events, newest first, and how many match the filter in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditPage {
    pub items: Vec<AuditEvent>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// The events an edit of an account records: a role change and an activation change each get their
/// own kind; a change of name, e-mail or phone (or a save that changed nothing) is `user_updated`.
pub fn user_changes(actor: UserId, before: &User, after: &User) -> Vec<NewAuditEvent> {
    let event = |kind: AuditKind, details: String| {
        NewAuditEvent::new(kind, Some(actor)).object(AuditObject::user(after)).details(details)
    };
    let mut events = Vec::new();
    if before.role != after.role {
        events.push(event(AuditKind::UserRoleChanged, format!("role: {} -> {}", before.role, after.role)));
    }
    if before.active != after.active {
        let state = |active: bool| if active { "active" } else { "inactive" };
        events.push(event(
            AuditKind::UserStatusChanged,
            format!("status: {} -> {}", state(before.active), state(after.active)),
        ));
    }
    let mut fields = Vec::new();
    if before.name != after.name {
        fields.push(format!("name: {} -> {}", before.name, after.name));
    }
    if before.email != after.email {
        fields.push(format!("email: {} -> {}", before.email, after.email));
    }
    if before.phone != after.phone {
        fields.push("phone changed".to_string());
    }
    if !fields.is_empty() || events.is_empty() {
        let details = if fields.is_empty() { "no change".to_string() } else { fields.join("; ") };
        events.push(event(AuditKind::UserUpdated, details));
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::role::Role;

    fn someone() -> User {
        User {
            id: UserId(4),
            name: "Tina".into(),
            email: "tina@example.org".into(),
            role: Role::Trustee,
            active: true,
            phone: None,
            created_at: chrono::DateTime::UNIX_EPOCH,
            require_password_change: false,
            token_version: 0,
            temp_password_expires_at: None,
            mfa_enabled: false,
            access_ends_at: None,
        }
    }

    #[test]
    fn an_edit_records_role_status_and_field_changes_apart() {
        let before = someone();
        let after = User { role: Role::Chair, active: false, name: "Tina B".into(), ..someone() };
        let events = user_changes(UserId(1), &before, &after);
        let kinds: Vec<_> = events.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [AuditKind::UserRoleChanged, AuditKind::UserStatusChanged, AuditKind::UserUpdated]);
        assert_eq!(events[0].details.as_deref(), Some("role: trustee -> chair"));
        assert_eq!(events[1].details.as_deref(), Some("status: active -> inactive"));
        assert_eq!(events[2].details.as_deref(), Some("name: Tina -> Tina B"));
        assert_eq!(events[0].object.as_ref().unwrap().label.as_deref(), Some("Tina B <tina@example.org>"));
        let unchanged = user_changes(UserId(1), &before, &before);
        assert_eq!(unchanged.len(), 1);
        assert_eq!(unchanged[0].details.as_deref(), Some("no change"));
    }

    #[test]
    fn every_kind_round_trips_through_its_text() {
        for kind in AuditKind::ALL {
            assert_eq!(kind.as_str().parse::<AuditKind>(), Ok(*kind));
        }
        assert_eq!(AuditKind::ALL.len(), 43);
    }
}
