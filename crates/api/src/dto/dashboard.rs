use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::dashboard::DashboardStats;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DashboardStats)]
pub struct DashboardStatsBody {
    pub pending_actions: i64,
    pub documents: i64,
    #[serde(serialize_with = "super::time::rfc3339_option")]
    #[schema(required = true)]
    pub next_meeting: Option<DateTime<Utc>>,
    /// The id of that meeting, for a link to its page.
    #[schema(required = true)]
    pub next_meeting_id: Option<i32>,
    pub trustees: i64,
}

impl From<DashboardStats> for DashboardStatsBody {
    fn from(stats: DashboardStats) -> Self {
        Self {
            pending_actions: stats.pending_actions,
            documents: stats.documents,
            next_meeting: stats.next_meeting,
            next_meeting_id: stats.next_meeting_id.map(|id| id.0),
            trustees: stats.trustees,
        }
    }
}
