//! E-mail as the portal queues and reports it (spec §11).

pub mod mailer;
pub mod renderer;
pub mod repository;
pub mod service;
pub mod templates;

use chrono::{DateTime, Utc};

use crate::UserId;

string_enum!(
    /// Why a message was sent; the delivery log and the per-address limits group by it.
    MailKind {
        PasswordReset => "password-reset",
        Invitation => "invitation",
        Test => "test",
        ActionAssigned => "action-assigned",
        ActionDueSoon => "action-due-soon",
        ActionOverdue => "action-overdue",
        MeetingScheduled => "meeting-scheduled",
        MeetingReminder => "meeting-reminder",
        NoticeHigh => "notice-high",
        DocumentNew => "document-new",
        CommitteeUnread => "committee-unread",
        NotificationDigest => "notification-digest",
        DeclarationReminder => "declaration-reminder",
        EvaluationReminder => "evaluation-reminder",
    }
);

string_enum!(
    /// `Queued` includes messages waiting for a retry (their `last_error` says why). `Cancelled`: not
    /// sent because the recipient was deactivated, or turned that kind of mail off, before it went out.
    MailStatus {
        Queued => "queued",
        Sent => "sent",
        Failed => "failed",
        Cancelled => "cancelled",
    }
);

/// A rendered message, ready for the outbox. Each message has one recipient, so no trustee ever sees
/// another's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub kind: MailKind,
    pub to: String,
    pub user_id: Option<UserId>,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Bulk mail (notifications) only: the one-click unsubscribe URL (`MailTemplates::unsubscribe_link`).
    /// The mailer sends it as `List-Unsubscribe: <url>` with `List-Unsubscribe-Post:
    /// List-Unsubscribe=One-Click` (RFC 8058), so the URL must accept a POST without signing in.
    /// `None` for transactional mail (invitations, resets, test mail).
    pub list_unsubscribe: Option<String>,
    /// Files sent with the message (a meeting's `.ics`); stored with the outbox row.
    pub attachments: Vec<Attachment>,
}

/// A file attached to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    /// A MIME type, for example `text/calendar; method=REQUEST`.
    pub content_type: String,
    pub content: Vec<u8>,
}

/// An outbox row: the message and what happened to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub mail: OutgoingMail,
    pub status: MailStatus,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}
