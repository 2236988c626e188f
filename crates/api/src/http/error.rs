//! The one place where errors become HTTP answers.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::collections::BTreeMap;

use domain::DomainError;

pub const INTERNAL_ERROR: &str = "Something went wrong on our side. Please try again.";

/// A domain error, or a problem the framework found before any use case ran.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// Malformed JSON, a wrong path id, an unknown route: a status and a message for the user.
    #[error("{1}")]
    Http(StatusCode, String),
}

impl ApiError {
    pub fn http(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError::Http(status, message.into())
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        ApiError::Domain(DomainError::Unauthorized(message.into()))
    }
}

/// Every error: a message for the user and, for a 400 on form fields, one message per field keyed by the
/// field's JSON name.
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub errors: Option<BTreeMap<String, String>>,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Http(status, _) => *status,
            ApiError::Domain(error) => match error {
                DomainError::Invalid(_) | DomainError::BadRequest(_) => StatusCode::BAD_REQUEST,
                DomainError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
                DomainError::Forbidden(_) => StatusCode::FORBIDDEN,
                DomainError::NotFound(_) => StatusCode::NOT_FOUND,
                DomainError::Conflict(_) => StatusCode::CONFLICT,
                DomainError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
                DomainError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
                DomainError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        let body = match self {
            ApiError::Domain(DomainError::Unexpected(cause)) => {
                tracing::error!(error = ?cause, "unexpected error");
                ErrorBody { message: INTERNAL_ERROR.into(), errors: None }
            }
            ApiError::Domain(DomainError::Invalid(fields)) => {
                ErrorBody { message: fields.to_string(), errors: Some(fields.fields().clone()) }
            }
            other => ErrorBody { message: other.to_string(), errors: None },
        };
        let mut response = HttpResponse::build(status);
        if let ApiError::Domain(DomainError::RateLimited { retry_after_secs }) = self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        if status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.json(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;
    use domain::shared::validation::FieldErrors;

    async fn render(error: ApiError) -> (StatusCode, serde_json::Value) {
        let response = error.error_response();
        let status = response.status();
        let bytes = to_bytes(response.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[actix_web::test]
    async fn validation_errors_carry_fields() {
        let mut fields = FieldErrors::new();
        fields.add("email", "Please enter a valid email address");
        let (status, body) = render(DomainError::Invalid(fields).into()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body,
            serde_json::json!({
                "message": "Please enter a valid email address",
                "errors": {"email": "Please enter a valid email address"}
            })
        );
    }

    #[actix_web::test]
    async fn unexpected_errors_hide_their_cause() {
        let (status, body) =
            render(DomainError::Unexpected(anyhow::anyhow!("password=hunter2 leaked")).into()).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body, serde_json::json!({ "message": INTERNAL_ERROR }));
    }

    #[actix_web::test]
    async fn statuses_follow_the_domain() {
        let cases: Vec<(DomainError, u16)> = vec![
            (DomainError::Unauthorized("x".into()), 401),
            (DomainError::Forbidden("x".into()), 403),
            (DomainError::NotFound("User"), 404),
            (DomainError::Conflict("x".into()), 409),
            (DomainError::TooLarge("x".into()), 413),
            (DomainError::RateLimited { retry_after_secs: 9 }, 429),
        ];
        for (error, code) in cases {
            let (status, body) = render(error.into()).await;
            assert_eq!(status.as_u16(), code);
            assert!(body["message"].is_string());
        }
        let response = ApiError::from(DomainError::RateLimited { retry_after_secs: 9 }).error_response();
        assert_eq!(response.headers().get(header::RETRY_AFTER).unwrap(), "9");
    }
}
