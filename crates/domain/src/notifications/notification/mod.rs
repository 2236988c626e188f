//! Notifications and reminders by e-mail (spec §11 Notifications and reminders): the kinds a user can switch
//! off, their settings, and what one notification is about.

pub mod repository;
pub mod service;

use chrono::{DateTime, NaiveDate, Utc};

use crate::library::document::DocumentCategory;
/// A meeting as its notification mails describe it is the calendar's view of it.
pub use crate::meetings::calendar::MeetingItem;
use crate::notifications::mail::{MailKind, OutgoingMail};
use crate::{ActionId, CommitteeId, DocumentId, NoticeId, UserId};

string_enum!(
    /// What a notification is about; each can be switched off on the Notification settings page.
    NotificationKind {
        ActionAssigned => "action-assigned",
        ActionDueSoon => "action-due-soon",
        ActionOverdue => "action-overdue",
        MeetingScheduled => "meeting-scheduled",
        MeetingReminder => "meeting-reminder",
        NoticeHigh => "notice-high",
        DocumentNew => "document-new",
        CommitteeUnread => "committee-unread",
    }
);

impl NotificationKind {
    pub fn mail_kind(self) -> MailKind {
        match self {
            Self::ActionAssigned => MailKind::ActionAssigned,
            Self::ActionDueSoon => MailKind::ActionDueSoon,
            Self::ActionOverdue => MailKind::ActionOverdue,
            Self::MeetingScheduled => MailKind::MeetingScheduled,
            Self::MeetingReminder => MailKind::MeetingReminder,
            Self::NoticeHigh => MailKind::NoticeHigh,
            Self::DocumentNew => MailKind::DocumentNew,
            Self::CommitteeUnread => MailKind::CommitteeUnread,
        }
    }

    /// The kinds the unsubscribe link of a message of kind `mail` switches off: its own kind, every kind
    /// for the weekly digest, and none for mail nobody can turn off (password resets, invitations, test
    /// messages).
    pub fn switched_off_by(mail: MailKind) -> Vec<NotificationKind> {
        if mail == MailKind::NotificationDigest {
            return Self::ALL.to_vec();
        }
        Self::ALL.iter().copied().filter(|kind| kind.mail_kind() == mail).collect()
    }
}

/// One user's choices. The defaults (no stored row): every kind on, single mails, every category followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationSettings {
    pub disabled_kinds: Vec<NotificationKind>,
    /// One mail a week listing everything instead of single mails.
    pub weekly_digest: bool,
    /// The library categories whose new documents are notified.
    pub followed_categories: Vec<DocumentCategory>,
}

impl Default for NotificationSettings {
    fn default() -> Self {
        Self {
            disabled_kinds: Vec::new(),
            weekly_digest: false,
            followed_categories: DocumentCategory::ALL.to_vec(),
        }
    }
}

impl NotificationSettings {
    pub fn wants(&self, kind: NotificationKind) -> bool {
        !self.disabled_kinds.contains(&kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsubscribe_link_switches_off_its_kind_the_digest_all_and_transactional_mail_nothing() {
        assert_eq!(
            NotificationKind::switched_off_by(MailKind::NoticeHigh),
            vec![NotificationKind::NoticeHigh]
        );
        assert_eq!(
            NotificationKind::switched_off_by(MailKind::MeetingScheduled),
            vec![NotificationKind::MeetingScheduled]
        );
        assert_eq!(NotificationKind::switched_off_by(MailKind::NotificationDigest), NotificationKind::ALL);
        for mail in [MailKind::PasswordReset, MailKind::Invitation, MailKind::Test] {
            assert!(NotificationKind::switched_off_by(mail).is_empty(), "{mail}");
        }
        // Every notification kind has its own mail kind.
        for kind in NotificationKind::ALL {
            assert_eq!(NotificationKind::switched_off_by(kind.mail_kind()), vec![*kind]);
        }
    }
}

/// An active user who may be notified, with their settings. Deactivated users are never one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notified {
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub settings: NotificationSettings,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionItem {
    pub id: ActionId,
    pub title: String,
    pub due_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeItem {
    pub id: NoticeId,
    pub title: String,
    pub content: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentItem {
    pub id: DocumentId,
    pub title: String,
    pub category: DocumentCategory,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitteeItem {
    pub id: CommitteeId,
    pub name: String,
    /// Messages from others the member has not fetched.
    pub unread: i64,
    /// The newest of them: the mail covers messages up to it.
    pub up_to_message: i64,
}

/// A meeting's papers announced by one publication of its agenda (spec §11 Notifications and reminders).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingPapers {
    pub meeting: MeetingItem,
    /// The titles of the papers this publication added, in agenda order.
    pub papers: Vec<String>,
    /// The agenda's first publication (later ones add papers to a published agenda), as the publication
    /// recorded it.
    pub first: bool,
}

/// What one notification is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notification {
    ActionAssigned(ActionItem),
    ActionDueSoon(ActionItem),
    ActionOverdue(ActionItem),
    MeetingScheduled(MeetingItem),
    MeetingChanged(MeetingItem),
    MeetingReminder {
        meeting: MeetingItem,
        days_before: i64,
    },
    NoticeHigh(NoticeItem),
    DocumentNew(DocumentItem),
    /// The papers an agenda's publication added: one mail per member instead of one per paper.
    MeetingPapers(MeetingPapers),
    /// New library documents gathered into one person's hourly mail.
    DocumentsGathered(Vec<DocumentItem>),
    CommitteeUnread(CommitteeItem),
}

impl Notification {
    pub fn kind(&self) -> NotificationKind {
        match self {
            Self::ActionAssigned(_) => NotificationKind::ActionAssigned,
            Self::ActionDueSoon(_) => NotificationKind::ActionDueSoon,
            Self::ActionOverdue(_) => NotificationKind::ActionOverdue,
            Self::MeetingScheduled(_) | Self::MeetingChanged(_) => NotificationKind::MeetingScheduled,
            Self::MeetingReminder { .. } => NotificationKind::MeetingReminder,
            Self::NoticeHigh(_) => NotificationKind::NoticeHigh,
            // Papers and gathered documents are new documents: the same switch turns them off.
            Self::DocumentNew(_) | Self::MeetingPapers(_) | Self::DocumentsGathered(_) => {
                NotificationKind::DocumentNew
            }
            Self::CommitteeUnread(_) => NotificationKind::CommitteeUnread,
        }
    }

    /// The ledger key of a scheduled notification: its subject and occasion, sent once per recipient.
    pub fn ledger_key(&self) -> (i64, String) {
        match self {
            Self::ActionAssigned(a) | Self::ActionDueSoon(a) | Self::ActionOverdue(a) => {
                (i64::from(a.id.0), a.due_date.map_or_else(String::new, |d| d.to_string()))
            }
            Self::MeetingScheduled(m) | Self::MeetingChanged(m) => {
                (i64::from(m.id.0), m.starts_at.to_rfc3339())
            }
            Self::MeetingReminder { meeting, days_before } => {
                (i64::from(meeting.id.0), format!("{days_before}d:{}", meeting.starts_at.to_rfc3339()))
            }
            Self::NoticeHigh(n) => (i64::from(n.id.0), String::new()),
            Self::DocumentNew(d) => (i64::from(d.id.0), String::new()),
            Self::MeetingPapers(p) => (i64::from(p.meeting.id.0), format!("papers:{}", p.papers.len())),
            Self::DocumentsGathered(documents) => {
                (documents.first().map_or(0, |d| i64::from(d.id.0)), format!("gathered:{}", documents.len()))
            }
            Self::CommitteeUnread(c) => (i64::from(c.id.0), format!("up-to:{}", c.up_to_message)),
        }
    }
}

/// A line of a weekly digest: what would have been sent singly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestEntry {
    pub kind: NotificationKind,
    pub summary: String,
    pub link: String,
}

/// What a notification becomes for one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    Mail(OutgoingMail),
    Digest {
        user_id: UserId,
        entry: DigestEntry,
    },
    /// A new document kept for the user's next hourly mail (spec §11 Notifications and reminders).
    Gathered {
        user_id: UserId,
        document: DocumentId,
    },
}

/// An event (written by the database in the transaction of the change) with the users it concerns:
/// active users other than whoever caused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingEvent {
    pub notification: Notification,
    pub audience: Vec<Notified>,
}

/// A scheduled notification that is due for one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub notification: Notification,
    pub recipient: Notified,
}

/// What the scheduler looks for in one run, computed in the board's time zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleWindow {
    pub now: DateTime<Utc>,
    /// Open actions due on this day get "due in 3 days" (none before the daily send hour).
    pub due_soon_on: Option<NaiveDate>,
    /// Open actions due on this day (yesterday) get "overdue".
    pub overdue_on: Option<NaiveDate>,
    /// Meetings starting in `[from, until)` get a reminder `days_before` days ahead.
    pub meeting_reminders: Vec<ReminderRange>,
    /// Committee messages sent before this and still unread are mailed about.
    pub unread_before: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReminderRange {
    pub days_before: i64,
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
}
