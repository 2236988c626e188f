pub mod refusal;
pub mod repository;
pub mod service;

pub use refusal::NoticesRefusal;
pub use repository::NoticeRepository;
pub use service::{CreateNoticeRequest, NoticeService};

use chrono::{DateTime, Utc};

use crate::{NoticeId, UserId};

string_enum!(
    /// A notice's priority.
    NoticePriority {
        Low => "low",
        Normal => "normal",
        High => "high",
    }
);

/// A post on the board's noticeboard (spec §3 Notice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub id: NoticeId,
    pub title: String,
    pub content: String,
    pub priority: NoticePriority,
    pub pinned: bool,
    /// `None`: the notice is permanent.
    pub expires_at: Option<DateTime<Utc>>,
    pub published_at: DateTime<Utc>,
}

impl Notice {
    /// Expired once its expiry is not in the future any more (spec §4 Notice expiry).
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|expires_at| expires_at <= now)
    }
}

/// A notice as listed at one moment: whether it has expired depends on the clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedNotice {
    pub notice: Notice,
    pub expired: bool,
}

impl ListedNotice {
    pub fn at(notice: Notice, now: DateTime<Utc>) -> Self {
        let expired = notice.is_expired(now);
        Self { notice, expired }
    }
}

/// A validated notice to insert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewNotice {
    pub title: String,
    pub content: String,
    pub priority: NoticePriority,
    pub pinned: bool,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_by: UserId,
    pub published_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn notice(expires_at: Option<DateTime<Utc>>) -> Notice {
        Notice {
            id: NoticeId(1),
            title: "t".into(),
            content: "c".into(),
            priority: NoticePriority::Normal,
            pinned: false,
            expires_at,
            published_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        }
    }

    #[test]
    fn a_notice_expires_when_its_expiry_is_reached() {
        let now = Utc.with_ymd_and_hms(2026, 3, 10, 12, 0, 0).unwrap();
        assert!(!notice(None).is_expired(now));
        assert!(!notice(Some(now + chrono::Duration::seconds(1))).is_expired(now));
        assert!(notice(Some(now)).is_expired(now));
        assert!(notice(Some(now - chrono::Duration::days(1))).is_expired(now));
        assert!(ListedNotice::at(notice(Some(now)), now).expired);
    }
}
