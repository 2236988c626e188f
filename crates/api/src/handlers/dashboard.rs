//! `/api/dashboard/stats`: the dashboard's four figures (spec §2 Dashboard).

use actix_web::{web, HttpResponse};

use crate::blocking::blocking;
use crate::dto::dashboard::DashboardStatsBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

pub async fn stats(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let dashboard = state.dashboard.clone();
    let stats = blocking(move || dashboard.stats(&user.0)).await?;
    Ok(HttpResponse::Ok().json(DashboardStatsBody::from(stats)))
}
