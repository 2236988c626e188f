use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::entities::dashboard::DashboardStats;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DashboardStats)]
pub struct DashboardStatsBody {
    pub pending_actions: i64,
    pub documents: i64,
    #[serde(serialize_with = "super::time::rfc3339_option")]
    #[schema(required = true)]
    pub next_meeting: Option<DateTime<Utc>>,
    pub trustees: i64,
}

impl From<DashboardStats> for DashboardStatsBody {
    fn from(stats: DashboardStats) -> Self {
        Self {
            pending_actions: stats.pending_actions,
            documents: stats.documents,
            next_meeting: stats.next_meeting,
            trustees: stats.trustees,
        }
    }
}
