//! What the API answers when no handler does: an unknown path or method, or input the framework cannot
//! read (malformed input is a 4xx, never a 500).

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};

use crate::http::error::ApiError;

pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::http(StatusCode::NOT_FOUND, "Not found"))
}

pub(crate) async fn method_not_allowed(allowed: &'static [&'static str]) -> HttpResponse {
    use actix_web::ResponseError;
    let mut response = ApiError::http(StatusCode::METHOD_NOT_ALLOWED, "Method not allowed").error_response();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allowed.join(", ")) {
        response.headers_mut().insert(actix_web::http::header::ALLOW, value);
    }
    response
}

pub(crate) fn json_error(error: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let api_error = match &error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::http(StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large")
        }
        JsonPayloadError::ContentType => {
            ApiError::http(StatusCode::BAD_REQUEST, "Expected a JSON body (Content-Type: application/json)")
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::http(StatusCode::BAD_REQUEST, format!("Invalid request body: {e}"))
        }
        _ => ApiError::http(StatusCode::BAD_REQUEST, "Invalid request body"),
    };
    api_error.into()
}

pub(crate) fn path_error(_error: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::http(StatusCode::BAD_REQUEST, "Invalid id in the path").into()
}

pub(crate) fn query_error(error: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::http(StatusCode::BAD_REQUEST, format!("Invalid query: {error}")).into()
}
