//! `/api/dashboard/stats`: the dashboard's four figures (spec §2 Dashboard).

use actix_web::{web, HttpResponse};

use crate::blocking::blocking;
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
    let dashboard = state.dashboard.clone();
    let stats = blocking(move || dashboard.stats(&user.0)).await?;
    Ok(HttpResponse::Ok().json(DashboardStatsBody::from(stats)))
}
