use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use serde::Serialize;

use crate::http::error::{ApiError, ErrorBody};
use crate::http::state::AppState;

/// `{"status": "ok"}` or `{"status": "ready"}`.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Health)]
pub struct HealthBody {
    status: &'static str,
}

/// The process is up.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "health",
    responses((status = 200, description = "`{\"status\": \"ok\"}`", body = HealthBody)),
)]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(HealthBody { status: "ok" })
}

/// The database answers; a load balancer sends traffic only then.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "health",
    responses(
        (status = 200, description = "`{\"status\": \"ready\"}`", body = HealthBody),
        (status = 503, description = "Database unavailable", body = ErrorBody),
    ),
)]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let readiness = state.readiness.clone();
    match web::block(move || readiness.check()).await {
        Ok(Ok(())) => Ok(HttpResponse::Ok().json(HealthBody { status: "ready" })),
        Ok(Err(e)) => {
            tracing::warn!(error = ?e, "not ready");
            Err(ApiError::http(StatusCode::SERVICE_UNAVAILABLE, "Database unavailable"))
        }
        Err(_) => Err(ApiError::http(StatusCode::SERVICE_UNAVAILABLE, "Database unavailable")),
    }
}
