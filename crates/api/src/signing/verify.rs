//! `POST /api/verify`, public: is this file exactly one the portal signed, or this code one it printed?
//! The answer names the signer, their role and the time, and nothing else (docs/spec.md §16).

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use domain::signing::service::CheckRequest;
use domain::signing::SigningRefusal;
use domain::DomainError;

use crate::http::blocking::blocking;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::client_address;
use crate::http::state::AppState;

/// Files checked are at most 10 MB, like uploads.
const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// A code field is short.
const MAX_CODE_CHARS: usize = 40;

/// A code to check, as JSON (a file is sent as multipart: a part `file`, or a part `code`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyCodeBody {
    /// The verification code printed on the signature page, `ABCDE-FGHIJ`.
    code: String,
}

/// The answer of a check.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = VerifyResult)]
pub struct VerifyResultBody {
    /// Whether the file is exactly a signed one (or the code is one the portal printed).
    signed: bool,
    signer_name: Option<String>,
    role: Option<String>,
    signed_at: Option<DateTime<Utc>>,
}

/// Checks a PDF (multipart, part `file`) or a verification code (multipart part `code`, or JSON
/// `{"code"}`). No sign-in; every check counts against the caller's address like sign-in attempts.
#[utoipa::path(post, path = "/api/verify", tag = "signing", request_body = VerifyCodeBody,
    responses((status = 200, description = "Whether it is signed, and by whom", body = VerifyResultBody),
        (status = 400, description = "Neither a file nor a code", body = ErrorBody),
        (status = 413, description = "The file is over 10 MB", body = ErrorBody),
        (status = 429, description = "Too many checks from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait")))))]
pub async fn verify(
    req: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    let request = if is_multipart {
        read_multipart(Multipart::new(req.headers(), payload)).await?
    } else {
        let bytes = read_all(payload, 4096).await?;
        let body: VerifyCodeBody =
            serde_json::from_slice(&bytes).map_err(|_| SigningRefusal::CheckOneThing)?;
        CheckRequest::Code(body.code)
    };
    let client = client_address(&req, state.trust_proxy);
    let service = state.signing.clone();
    let found = blocking(move || service.check(&request, &client)).await?;
    let body = match found {
        Some(v) => VerifyResultBody {
            signed: true,
            signer_name: Some(v.signer_name),
            role: Some(v.role),
            signed_at: Some(v.signed_at),
        },
        None => VerifyResultBody { signed: false, signer_name: None, role: None, signed_at: None },
    };
    Ok(HttpResponse::Ok().json(body))
}

fn too_large() -> ApiError {
    domain::library::LibraryRefusal::FileTooLarge.into()
}

async fn read_all(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| DomainError::BadRequest("The request could not be read.".into()))?;
        if bytes.len() + chunk.len() > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// The one `file` or `code` part of the form.
async fn read_multipart(mut form: Multipart) -> Result<CheckRequest, ApiError> {
    let mut file: Option<Vec<u8>> = None;
    let mut code: Option<String> = None;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|_| SigningRefusal::CheckOneThing)?;
        let name = field.name().unwrap_or_default().to_string();
        let limit = if name == "file" { MAX_FILE_BYTES } else { MAX_CODE_CHARS * 4 };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| SigningRefusal::CheckOneThing)?;
            if bytes.len() + chunk.len() > limit {
                return Err(if name == "file" { too_large() } else { SigningRefusal::CheckOneThing.into() });
            }
            bytes.extend_from_slice(&chunk);
        }
        match name.as_str() {
            "file" if !bytes.is_empty() => file = Some(bytes),
            "code" => {
                code = Some(String::from_utf8_lossy(&bytes).trim().to_string()).filter(|c| !c.is_empty())
            }
            _ => {}
        }
    }
    match (file, code) {
        (Some(bytes), None) => Ok(CheckRequest::File(bytes)),
        (None, Some(code)) => Ok(CheckRequest::Code(code)),
        _ => Err(SigningRefusal::CheckOneThing.into()),
    }
}
