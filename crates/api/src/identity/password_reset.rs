//! `POST /api/auth/reset-password`: sets a new password with the single-use link from the reset e-mail.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    /// The `token` parameter of the e-mailed link.
    token: String,
    new_password: String,
}

/// Sets the password of the link's user, ends every session of theirs, and uses up the link.
#[utoipa::path(
    post,
    path = "/api/auth/reset-password",
    tag = "auth",
    responses(
        (status = 200, description = "Password changed; sign in with it", body = MessageBody),
        (status = 400, body = ErrorBody,
            description = "The link is unknown, used or expired (`message`), or `errors.newPassword`"),
    ),
)]
pub async fn reset_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<ResetPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let reset = state.password_reset.clone();
    let ResetPasswordRequest { token, new_password } = body.into_inner();
    let (message, user) = blocking(move || reset.reset_password(&token, &new_password)).await?;
    let event = crate::http::audit::about_self(domain::audit::AuditKind::PasswordReset, user);
    crate::http::audit::record(&state, &req, event.details("reset with an e-mailed link")).await;
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitationRequest {
    /// The `token` parameter of the invitation e-mail's link.
    token: String,
    new_password: String,
}

/// Sets the first password of an invited user and uses up their invitation links; they then sign in.
#[utoipa::path(
    post,
    path = "/api/auth/accept-invitation",
    tag = "auth",
    responses(
        (status = 200, description = "Password set; sign in with it", body = MessageBody),
        (status = 400, body = ErrorBody,
            description = "The link is unknown, used, replaced or expired (`message`), or \
                           `errors.newPassword`"),
    ),
)]
pub async fn accept_invitation(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<AcceptInvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    let invitations = state.invitations.clone();
    let AcceptInvitationRequest { token, new_password } = body.into_inner();
    let (message, user) = blocking(move || invitations.accept(&token, &new_password)).await?;
    let event = crate::http::audit::about_self(domain::audit::AuditKind::InvitationAccepted, user);
    crate::http::audit::record(&state, &req, event.details("first password set with the invitation link"))
        .await;
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}
