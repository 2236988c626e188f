use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::library::minutes::{Minutes, MinutesSource};

/// Minutes as the API shows them: exactly one of `fileName` and `externalLink` is set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Minutes)]
pub struct MinutesBody {
    pub id: i32,
    pub title: String,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub meeting_date: DateTime<Utc>,
    #[schema(required = true)]
    pub meeting_id: Option<i32>,
    #[schema(required = true)]
    pub file_name: Option<String>,
    #[schema(required = true)]
    pub file_size: Option<i64>,
    #[schema(required = true)]
    pub external_link: Option<String>,
    #[serde(serialize_with = "super::time::rfc3339")]
    pub created_at: DateTime<Utc>,
}

impl From<Minutes> for MinutesBody {
    fn from(minutes: Minutes) -> Self {
        let (file_name, file_size, external_link) = match minutes.source {
            MinutesSource::File { file_name, file_size, .. } => (Some(file_name), Some(file_size), None),
            MinutesSource::Link(link) => (None, None, Some(link)),
        };
        Self {
            id: minutes.id.0,
            title: minutes.title,
            meeting_date: minutes.meeting_date,
            meeting_id: minutes.meeting_id.map(|id| id.0),
            file_name,
            file_size,
            external_link,
            created_at: minutes.created_at,
        }
    }
}
