//! Certifying a passed written resolution and signing one's own annual declaration, with their signatures
//! and signed PDFs (docs/spec.md §16 Signing); the work is `signatures::{sign, show, download}`'s.

use actix_web::{web, HttpRequest, HttpResponse};

use domain::identity::ReauthenticateRequest;
use domain::signing::SignTarget;
use domain::{DeclarationRoundId, ResolutionId, UserId};

use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;
use crate::signing::signatures::{download, show, sign, SignatureBody};

/// The chair certifies a passed written resolution. The request itself carries the password, or a
/// current two-factor code: a session alone never signs.
#[utoipa::path(post, path = "/api/resolutions/{id}/certify", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")), request_body = ReauthenticateRequest,
    responses((status = 201, description = "Certified", body = SignatureBody),
        (status = 400, description = "`errors.password` or `errors.code`: missing or not right", body = ErrorBody),
        (status = 403, description = "Only the chair certifies", body = ErrorBody),
        (status = 404, description = "No such resolution", body = ErrorBody),
        (status = 409, description = "Still open, not passed, already certified, or a code without two-factor sign-in", body = ErrorBody),
        (status = 429, description = "Too many wrong attempts", body = ErrorBody)))]
pub async fn certify_resolution(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<ResolutionId>,
    body: Json<ReauthenticateRequest>,
) -> Result<HttpResponse, ApiError> {
    sign(&req, &state, caller, SignTarget::Resolution(path.into_inner()), body.into_inner()).await
}

/// The certificate of a resolution, for every member.
#[utoipa::path(get, path = "/api/resolutions/{id}/signature", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")),
    responses((status = 200, description = "The signature", body = SignatureBody),
        (status = 404, description = "No such resolution, or not certified", body = ErrorBody)))]
pub async fn resolution_signature(
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<ResolutionId>,
) -> Result<HttpResponse, ApiError> {
    show(&state, caller, SignTarget::Resolution(path.into_inner())).await
}

/// The certified resolution's PDF, exactly as signed.
#[utoipa::path(get, path = "/api/resolutions/{id}/signed-pdf", tag = "signing", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The resolution's id")),
    responses((status = 200, description = "The certified resolution", content_type = "application/pdf", body = crate::http::schemas::FileBytes),
        (status = 404, description = "No such resolution, or not certified", body = ErrorBody)))]
pub async fn signed_resolution_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<ResolutionId>,
) -> Result<HttpResponse, ApiError> {
    download(&req, &state, caller, SignTarget::Resolution(path.into_inner())).await
}

fn declaration(path: web::Path<(DeclarationRoundId, UserId)>) -> SignTarget {
    let (round, trustee) = path.into_inner();
    SignTarget::Declaration { round, trustee }
}

/// A trustee signs their own declaration in a round, with the password or a code in the request.
#[utoipa::path(post, path = "/api/declaration-rounds/{id}/declarations/{userId}/sign", tag = "signing",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id"),
        ("userId" = i32, Path, description = "The trustee whose declaration it is: the caller")),
    request_body = ReauthenticateRequest,
    responses((status = 201, description = "Signed", body = SignatureBody),
        (status = 400, description = "`errors.password` or `errors.code`: missing or not right", body = ErrorBody),
        (status = 403, description = "Someone else's declaration, or not asked to declare", body = ErrorBody),
        (status = 404, description = "No such round", body = ErrorBody),
        (status = 409, description = "Not declared yet, already signed, or a code without two-factor sign-in", body = ErrorBody),
        (status = 429, description = "Too many wrong attempts", body = ErrorBody)))]
pub async fn sign_declaration(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<(DeclarationRoundId, UserId)>,
    body: Json<ReauthenticateRequest>,
) -> Result<HttpResponse, ApiError> {
    sign(&req, &state, caller, declaration(path), body.into_inner()).await
}

/// The signature of a trustee's declaration, for that trustee and the officers.
#[utoipa::path(get, path = "/api/declaration-rounds/{id}/declarations/{userId}/signature", tag = "signing",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id"),
        ("userId" = i32, Path, description = "The trustee whose declaration it is")),
    responses((status = 200, description = "The signature", body = SignatureBody),
        (status = 403, description = "Neither the trustee nor an officer", body = ErrorBody),
        (status = 404, description = "No such round, or not signed", body = ErrorBody)))]
pub async fn declaration_signature(
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<(DeclarationRoundId, UserId)>,
) -> Result<HttpResponse, ApiError> {
    show(&state, caller, declaration(path)).await
}

/// The signed declaration's PDF, exactly as signed, for that trustee and the officers.
#[utoipa::path(get, path = "/api/declaration-rounds/{id}/declarations/{userId}/signed-pdf", tag = "signing",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The round's id"),
        ("userId" = i32, Path, description = "The trustee whose declaration it is")),
    responses((status = 200, description = "The signed declaration", content_type = "application/pdf", body = crate::http::schemas::FileBytes),
        (status = 403, description = "Neither the trustee nor an officer", body = ErrorBody),
        (status = 404, description = "No such round, or not signed", body = ErrorBody)))]
pub async fn signed_declaration_pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentUser,
    path: web::Path<(DeclarationRoundId, UserId)>,
) -> Result<HttpResponse, ApiError> {
    download(&req, &state, caller, declaration(path)).await
}
