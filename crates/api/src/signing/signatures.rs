//! Signing approved minutes with the password or a code in the request, the signed PDF, and the portal's
//! signing certificate (docs/spec.md §16 Signatures and checking).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::{Confirmation, ReauthenticateRequest};
use domain::signing::{Signature, SigningMethod};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{client_address, SessionUser};
use crate::http::state::AppState;
use crate::identity::two_factor::{confirm_code, confirm_password};

/// A signature of a record's version.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Signature)]
pub struct SignatureBody {
    signer_name: String,
    /// The role signed in, in words.
    role: String,
    method: SigningMethod,
    signed_at: DateTime<Utc>,
    record_version: i32,
    /// SHA-256 of the document before signing (lowercase hexadecimal).
    document_sha256: String,
    /// SHA-256 of the exact bytes of the signed PDF.
    signed_sha256: String,
    /// The code printed on the signature page, for `/verify`.
    verification_code: String,
}

impl From<Signature> for SignatureBody {
    fn from(s: Signature) -> Self {
        Self {
            signer_name: s.signer_name,
            role: s.role,
            method: s.method,
            signed_at: s.signed_at,
            record_version: s.record_version,
            document_sha256: s.document_sha256,
            signed_sha256: s.signed_sha256,
            verification_code: s.verification_code,
        }
    }
}

/// Signs the current version of approved minutes. The request itself carries the signer's password, or
/// a current two-factor code: a session alone never signs.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/sign", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = ReauthenticateRequest,
    responses((status = 201, description = "Signed", body = SignatureBody),
        (status = 400, description = "`errors.password` or `errors.code`: missing or not right", body = ErrorBody),
        (status = 403, description = "Only the chair of the meeting signs its minutes", body = ErrorBody),
        (status = 404, description = "No such meeting or minutes", body = ErrorBody),
        (status = 409, description = "Not approved, already signed, or a code without two-factor sign-in", body = ErrorBody),
        (status = 429, description = "Too many wrong attempts", body = ErrorBody)))]
pub async fn sign_minutes(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    path: web::Path<MeetingId>,
    body: Json<ReauthenticateRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = caller.0;
    let id = path.into_inner();
    let confirmation = body.into_inner().confirmation()?;
    // Who may sign, and whether there is anything to sign, before a password is spent on it.
    let service = state.signing.clone();
    let user = caller.user.clone();
    blocking(move || service.check_may_sign_minutes(&user, id)).await?;
    let client = client_address(&req, state.trust_proxy);
    let user = caller.user.clone();
    let method = match confirmation {
        Confirmation::Password(password) => {
            confirm_password(&state, caller, password, client).await?;
            SigningMethod::Password
        }
        Confirmation::Code(code) => {
            confirm_code(&state, caller, code, client).await?;
            SigningMethod::Totp
        }
    };
    let service = state.signing.clone();
    let signature = blocking(move || service.sign_minutes(&user, id, method)).await?;
    Ok(HttpResponse::Created().json(SignatureBody::from(signature)))
}

/// The signature of the current minutes version, for whoever may read the minutes.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signature", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The signature", body = SignatureBody),
        (status = 404, description = "No such meeting or minutes, or not signed", body = ErrorBody)))]
pub async fn minutes_signature(
    state: web::Data<AppState>,
    caller: SessionUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let id = path.into_inner();
    let found = blocking(move || service.minutes_signature(&caller.0.user, id)).await?;
    let signature = found.ok_or(domain::signing::SigningRefusal::NotSigned)?;
    Ok(HttpResponse::Ok().json(SignatureBody::from(signature)))
}

/// The signed PDF of the current minutes version, exactly as signed.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signed-pdf", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The signed minutes", content_type = "application/pdf", body = crate::http::schemas::FileBytes),
        (status = 404, description = "No such meeting or minutes, or not signed", body = ErrorBody)))]
pub async fn signed_minutes_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let id = path.into_inner();
    let (file_name, bytes) = blocking(move || service.signed_minutes_pdf(&caller.0.user, id)).await?;
    Ok(file_response(&req, bytes, &file_name, "application/pdf", Disposition::Attachment))
}

/// The portal's signing certificate (PEM), public, for checking signed files offline.
#[utoipa::path(get, path = "/api/signing/certificate", tag = "signing",
    responses((status = 200, description = "The certificate", content_type = "application/x-pem-file", body = String)))]
pub async fn certificate(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/x-pem-file")
        .insert_header(("Content-Disposition", "inline; filename=\"portal-signing-certificate.pem\""))
        .body(state.signing.certificate_pem())
}
