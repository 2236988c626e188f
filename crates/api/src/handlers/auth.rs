//! `/api/auth/...`: sign-in, session, password changes and reset requests.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::entities::role::Role;
use domain::services::{CreateUser, SignedIn};
use domain::{DomainError, UserId};

use crate::blocking::blocking;
use crate::dto::message::MessageBody;
use crate::dto::user::UserBody;
use crate::error::ApiError;
use crate::extractors::{client_address, CurrentUser, SessionUser};
use crate::state::AppState;

#[derive(Deserialize)]
pub struct LoginRequest {
    email: String,
    password: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionBody {
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'static str>,
    token: String,
    user: UserBody,
}

impl SessionBody {
    fn new(signed_in: SignedIn, message: Option<&'static str>) -> Self {
        Self { message, token: signed_in.token, user: signed_in.user.into() }
    }
}

pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let client = client_address(&req, state.trust_proxy);
    let auth = state.auth.clone();
    let LoginRequest { email, password } = body.into_inner();
    let signed_in = blocking(move || auth.login(&email, &password, &client)).await?;
    tracing::info!(user_id = %signed_in.user.id, "signed in");
    Ok(HttpResponse::Ok().json(SessionBody::new(signed_in, None)))
}

#[derive(Deserialize)]
pub struct RegisterRequest {
    name: String,
    email: String,
    password: String,
}

/// Self-registration makes a trustee account, and only where an operator has enabled it.
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    if !state.registration_enabled {
        return Err(DomainError::forbidden("Registration is disabled").into());
    }
    let client = client_address(&req, state.trust_proxy);
    let RegisterRequest { name, email, password } = body.into_inner();
    let users = state.users.clone();
    let auth = state.auth.clone();
    let signed_in = blocking(move || {
        let input = CreateUser {
            name,
            email: email.clone(),
            password: password.clone(),
            role: Role::Trustee,
            phone: None,
            require_password_change: false,
        };
        users.create_unchecked(input)?;
        auth.login(&email, &password, &client)
    })
    .await?;
    Ok(HttpResponse::Created().json(SessionBody::new(signed_in, None)))
}

pub async fn me(user: SessionUser) -> HttpResponse {
    HttpResponse::Ok().json(UserBody::from(user.0))
}

pub async fn logout(state: web::Data<AppState>, user: SessionUser) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let user = user.0;
    blocking(move || auth.logout(&user)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Signed out")))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    new_password: String,
}

pub async fn change_password_temp(
    state: web::Data<AppState>,
    user: SessionUser,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let user = user.0;
    // Without the old password this call is only safe for replacing a temporary one.
    if !user.require_password_change {
        return Err(DomainError::forbidden("Your password is not a temporary one.").into());
    }
    let auth = state.auth.clone();
    let new_password = body.into_inner().new_password;
    let signed_in = blocking(move || auth.change_temporary_password(&user, &new_password)).await?;
    tracing::info!(user_id = %signed_in.user.id, "temporary password replaced");
    Ok(HttpResponse::Ok().json(SessionBody::new(signed_in, Some("Password changed"))))
}

#[derive(Deserialize)]
pub struct ForgotPasswordRequest {
    email: String,
}

pub async fn forgot_password(
    state: web::Data<AppState>,
    body: web::Json<ForgotPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let email = body.into_inner().email;
    let logged_email = email.trim().to_lowercase();
    let message = blocking(move || auth.forgot_password(&email)).await?;
    tracing::info!(email = %logged_email, "password reset requested; waiting for an admin or chair");
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResetRequestBody {
    id: i32,
    email: String,
    user_id: Option<i32>,
    user_name: Option<String>,
    #[serde(serialize_with = "crate::dto::time::rfc3339")]
    requested_at: DateTime<Utc>,
}

pub async fn reset_requests(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let requests = blocking(move || auth.pending_reset_requests(&user.0)).await?;
    let body: Vec<ResetRequestBody> = requests
        .into_iter()
        .map(|r| ResetRequestBody {
            id: r.id.0,
            email: r.email,
            user_id: r.user_id.map(|id| id.0),
            user_name: r.user_name,
            requested_at: r.requested_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(body))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminResetRequest {
    user_id: i32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AdminResetBody {
    user_name: String,
    temp_password: String,
}

pub async fn admin_reset_password(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AdminResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let actor = user.0;
    let actor_id = actor.id;
    let target = UserId(body.user_id);
    let (updated, temp_password) = blocking(move || auth.admin_reset_password(&actor, target)).await?;
    tracing::info!(actor = %actor_id, target = %updated.id, "password reset by an officer");
    Ok(HttpResponse::Ok().json(AdminResetBody { user_name: updated.name, temp_password }))
}
