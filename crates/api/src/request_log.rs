//! One structured line per request. The query string is left out: a view ticket may be in it.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::Error;

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let method = req.method().to_string();
    let path = req.path().to_string();
    let started = Instant::now();
    let response = next.call(req).await;
    let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
    match &response {
        Ok(res) => tracing::info!(
            target: "request",
            method = %method,
            path = %path,
            status = res.status().as_u16(),
            duration_ms = format!("{duration_ms:.1}"),
        ),
        Err(e) => tracing::info!(
            target: "request",
            method = %method,
            path = %path,
            status = e.as_response_error().status_code().as_u16(),
            duration_ms = format!("{duration_ms:.1}"),
        ),
    }
    response
}
