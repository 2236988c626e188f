//! One structured line per request, without secrets (spec: §14 Security > What the logs never contain): the
//! query string is left out (view tickets, reset, invitation and unsubscribe tokens travel there), and
//! the token of a private calendar feed, which is in its path, is replaced by `[redacted]`.

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
    let path = loggable_path(req.path());
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

/// Paths whose last segment is a secret: the private calendar feed (`/api/calendar/feed/{token}.ics`).
const TOKEN_PATHS: &[&str] = &["/api/calendar/feed/"];

/// The path as logged: a token in it is replaced by `[redacted]` (its `.ics` ending is kept).
pub fn loggable_path(path: &str) -> String {
    for prefix in TOKEN_PATHS {
        if let Some(rest) = path.strip_prefix(prefix) {
            let ending = if rest.ends_with(".ics") { ".ics" } else { "" };
            return format!("{prefix}[redacted]{ending}");
        }
    }
    path.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feed_tokens_are_redacted_and_other_paths_kept() {
        let token = "0123456789abcdef".repeat(4);
        assert_eq!(
            loggable_path(&format!("/api/calendar/feed/{token}.ics")),
            "/api/calendar/feed/[redacted].ics"
        );
        assert_eq!(loggable_path(&format!("/api/calendar/feed/{token}")), "/api/calendar/feed/[redacted]");
        assert_eq!(loggable_path("/api/calendar/feed-url"), "/api/calendar/feed-url");
        assert_eq!(loggable_path("/api/meetings/7/ics"), "/api/meetings/7/ics");
    }
}
