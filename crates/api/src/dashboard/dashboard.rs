//! `/api/dashboard/stats`: the dashboard's four figures (spec §2 Dashboard).

use actix_web::{web, HttpResponse};

use crate::blocking::blocking;
use crate::cached::EncodedJson;
use crate::dto::dashboard::DashboardStatsBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::state::AppState;

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
    // counts changes on any process or time alone changes it (issue 15).
    let key = state.dashboard.stats_key(&user.0)?;
    if let Some(stats) = state.dashboard.cached_stats(key, &state.dashboard_cache) {
        return Ok(stats.response());
    }
    let dashboard = state.dashboard.clone();
    let cache = state.dashboard_cache.clone();
    let stats = blocking(move || {
        dashboard.stats_into_cache(key, &cache, |stats| EncodedJson::of(&DashboardStatsBody::from(stats)))
    })
    .await?;
    Ok(stats.response())
}
