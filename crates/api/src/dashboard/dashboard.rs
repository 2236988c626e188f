//! `/api/dashboard/stats`: the dashboard's four figures (spec §2 Dashboard).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::dashboard::DashboardStats;

use crate::http::blocking::blocking;
use crate::http::body::cached::EncodedJson;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// The dashboard's four figures, read in one snapshot.
#[utoipa::path(
    get,
    path = "/api/dashboard/stats",
    tag = "dashboard",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The figures", body = DashboardStatsBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn stats(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    // Admins and chairs share one answer, each other reader has their own: held in memory until what it
    // counts changes on any process or time alone changes it (spec §9, Dashboard stats).
    let key = state.dashboard.stats_key(&user.0)?;
    if let Some(stats) = state.dashboard.cached_stats(key, &*state.dashboard_cache) {
        return Ok(stats.response());
    }
    let dashboard = state.dashboard.clone();
    let cache = state.dashboard_cache.clone();
    let stats = blocking(move || {
        dashboard.stats_into_cache(key, &*cache, |stats| EncodedJson::of(&DashboardStatsBody::from(stats)))
    })
    .await?;
    Ok(stats.response())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DashboardStats)]
pub struct DashboardStatsBody {
    pub pending_actions: i64,
    pub documents: i64,
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
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
