use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::notices::{ListedNotice, NoticePriority};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Notice)]
pub struct NoticeBody {
    pub id: i32,
    pub title: String,
    pub content: String,
    #[schema(value_type = crate::schemas::NoticePrioritySchema)]
    pub priority: NoticePriority,
    pub pinned: bool,
    #[serde(serialize_with = "super::time::rfc3339_option")]
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub published_at: DateTime<Utc>,
    pub expired: bool,
}

impl From<ListedNotice> for NoticeBody {
    fn from(listed: ListedNotice) -> Self {
        let notice = listed.notice;
        Self {
            id: notice.id.0,
            title: notice.title,
            content: notice.content,
            priority: notice.priority,
            pinned: notice.pinned,
            expires_at: notice.expires_at,
            published_at: notice.published_at,
            expired: listed.expired,
        }
    }
}
