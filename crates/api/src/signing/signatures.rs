//! Signing with the password or a code in the request, the signature and the signed PDF of every kind of
//! record, and the portal's signing certificate (docs/spec.md §16 Signatures and checking). The handlers
//! of each record's routes are thin: `sign`, `show` and `download` here do the work for all of them.

use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::two_factor::service::AcceptedCode;
use domain::identity::{Confirmation, ReauthenticateRequest};
use domain::signing::{SignTarget, Signature, SignedKind, SigningMethod, SigningRefusal};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{client_address, CurrentUser};
use crate::http::state::AppState;
use crate::identity::two_factor::{confirm_code, confirm_password};

/// A signature of a record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Signature)]
pub struct SignatureBody {
    /// What was signed: `minutes`, `resolution` or `declaration`.
    kind: SignedKind,
    signer_name: String,
    /// The role signed in, in words.
    role: String,
    method: SigningMethod,
    signed_at: DateTime<Utc>,
    /// The minutes' version; 1 for a resolution or a declaration.
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
            kind: s.record.kind(),
            signer_name: s.signer_name,
            role: s.role,
            method: s.method,
            signed_at: s.signed_at,
            record_version: s.record.version(),
            document_sha256: s.document_sha256,
            signed_sha256: s.signed_sha256,
            verification_code: s.verification_code,
        }
    }
}

/// The audit log's object for a signed (or refused) record.
fn audit_object(target: SignTarget) -> AuditObject {
    match target {
        SignTarget::Minutes(meeting) => {
            AuditObject::new("minutes", meeting, format!("written minutes of meeting {meeting}"))
        }
        SignTarget::Resolution(id) => AuditObject::new("resolution", id, format!("written resolution {id}")),
        SignTarget::Declaration { round, trustee } => AuditObject::new(
            "declaration",
            format!("{round}/{trustee}"),
            format!("declaration of user {trustee} in round {round}"),
        ),
    }
}

/// Signs the target with the password or code the request carries: who may sign is checked first (no
/// attempt is spent on a refusal), then the password or code (throttled like sign-in, a wrong one
/// audited), then the record is signed and the signature audited.
pub(crate) async fn sign(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    caller: CurrentUser,
    target: SignTarget,
    body: ReauthenticateRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = caller.into_caller();
    let actor = caller.user.id;
    let confirmation = body.confirmation()?;
    let service = state.signing.clone();
    let user = caller.user.clone();
    blocking(move || service.check_may_sign(&user, target)).await?;
    let client = client_address(req, state.trust_proxy);
    let user = caller.user.clone();
    let confirmed = match confirmation {
        Confirmation::Password(password) => {
            confirm_password(state, caller, password, client).await.map(|()| SigningMethod::Password)
        }
        Confirmation::Code(code) => {
            // A recovery code is accepted (a trustee who lost their phone still signs) and recorded as
            // what it is, never as an authenticator's code (spec §16 Signing).
            confirm_code(state, caller, code, client).await.map(|accepted| match accepted {
                AcceptedCode::Totp => SigningMethod::Totp,
                AcceptedCode::RecoveryCode => SigningMethod::RecoveryCode,
            })
        }
    };
    let method = match confirmed {
        Ok(method) => method,
        Err(error) => {
            let status = error.status_code().as_u16();
            let event = NewAuditEvent::new(AuditKind::SigningRefused, Some(actor))
                .object(audit_object(target))
                .details(format!("password or code refused with {status}"));
            crate::http::audit::record(state, req, event).await;
            return Err(error);
        }
    };
    let service = state.signing.clone();
    let signature = blocking(move || service.sign(&user, target, method)).await?;
    let event = NewAuditEvent::new(AuditKind::RecordSigned, Some(actor))
        .object(audit_object(target))
        .details(format!(
            "{}, version {}, confirmed with {}, code {}",
            signature.role,
            signature.record.version(),
            signature.method,
            signature.verification_code
        ));
    crate::http::audit::record(state, req, event).await;
    Ok(HttpResponse::Created().json(SignatureBody::from(signature)))
}

/// The target's signature, for whoever may read it; 404 when unsigned.
pub(crate) async fn show(
    state: &web::Data<AppState>,
    caller: CurrentUser,
    target: SignTarget,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let found = blocking(move || service.signature(&caller.0, target)).await?;
    let signature = found.ok_or(SigningRefusal::NotSigned(target.kind()))?;
    Ok(HttpResponse::Ok().json(SignatureBody::from(signature)))
}

/// The target's signed PDF, exactly as signed.
pub(crate) async fn download(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    caller: CurrentUser,
    target: SignTarget,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let (file_name, bytes) = blocking(move || service.signed_pdf(&caller.0, target)).await?;
    Ok(file_response(req, bytes, &file_name, "application/pdf", Disposition::Attachment))
}

/// Signs the current version of approved minutes (the chair, or the trustee the board named). The
/// request itself carries the signer's password, or a current two-factor code: a session alone never
/// signs.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/sign", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = ReauthenticateRequest,
    responses((status = 201, description = "Signed", body = SignatureBody),
        (status = 400, description = "`errors.password` or `errors.code`: missing or not right", body = ErrorBody),
        (status = 403, description = "Only the chair of the meeting, or the trustee named, signs its minutes", body = ErrorBody),
        (status = 404, description = "No such meeting or minutes", body = ErrorBody),
        (status = 409, description = "Not approved, already signed, or a code without two-factor sign-in", body = ErrorBody),
        (status = 429, description = "Too many wrong attempts", body = ErrorBody)))]
pub async fn sign_minutes(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<ReauthenticateRequest>,
) -> Result<HttpResponse, ApiError> {
    sign(&req, &state, caller, SignTarget::Minutes(path.into_inner()), body.into_inner()).await
}

/// The signature of the current minutes version, for whoever may read the minutes.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signature", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The signature", body = SignatureBody),
        (status = 404, description = "No such meeting or minutes, or not signed", body = ErrorBody)))]
pub async fn minutes_signature(
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    show(&state, caller, SignTarget::Minutes(path.into_inner())).await
}

/// The signed PDF of the current minutes version, exactly as signed.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signed-pdf", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The signed minutes", content_type = "application/pdf", body = crate::http::schemas::FileBytes),
        (status = 404, description = "No such meeting or minutes, or not signed", body = ErrorBody)))]
pub async fn signed_minutes_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    download(&req, &state, caller, SignTarget::Minutes(path.into_inner())).await
}

/// Every signed version of the meeting's minutes, newest first, for whoever may read the minutes: a
/// correction is a new version to sign, and the old signed one stays downloadable.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/signatures", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The signatures, newest version first (empty when none is signed)", body = Vec<SignatureBody>),
        (status = 404, description = "No such meeting or minutes", body = ErrorBody)))]
pub async fn minutes_signatures(
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let meeting = path.into_inner();
    let found = blocking(move || service.minutes_signatures(&caller.0, meeting)).await?;
    Ok(HttpResponse::Ok().json(found.into_iter().map(SignatureBody::from).collect::<Vec<_>>()))
}

/// The signed PDF of one version of the minutes (current or earlier), exactly as signed.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/versions/{version}/signed-pdf", tag = "signing",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id"),
        ("version" = i32, Path, description = "The minutes' version")),
    responses((status = 200, description = "The signed minutes of that version", content_type = "application/pdf", body = crate::http::schemas::FileBytes),
        (status = 404, description = "No such meeting or minutes, or that version is not signed", body = ErrorBody)))]
pub async fn signed_minutes_version_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<(MeetingId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let service = state.signing.clone();
    let (meeting, version) = path.into_inner();
    let (file_name, bytes) =
        blocking(move || service.signed_minutes_version_pdf(&caller.0, meeting, version)).await?;
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
