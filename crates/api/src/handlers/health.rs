use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::error::ApiError;
use crate::state::AppState;

/// The process is up.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// The database answers; a load balancer sends traffic only then.
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let readiness = state.readiness.clone();
    match web::block(move || readiness.check()).await {
        Ok(Ok(())) => Ok(HttpResponse::Ok().json(json!({ "status": "ready" }))),
        Ok(Err(e)) => {
            tracing::warn!(error = ?e, "not ready");
            Err(ApiError::http(StatusCode::SERVICE_UNAVAILABLE, "Database unavailable"))
        }
        Err(_) => Err(ApiError::http(StatusCode::SERVICE_UNAVAILABLE, "Database unavailable")),
    }
}
