//! `/api/auth/...`: sign-in, session, password changes and reset requests.

use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::session::ClientInfo;
use domain::identity::sign_in_throttle::service::ThrottledAttempt;
use domain::identity::{
    Authenticated, IdentityRefusal, RegisterRequest, SignInRequest, SignInStep, SignedIn,
};
use domain::{DomainError, UserId};

use super::users::UserBody;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{client_address, client_info, CurrentUser, Reader, SessionUser};
use crate::http::state::AppState;

/// Holds a password or code check back while the account is under attack from many addresses: 1, 2,
/// 4 ... seconds, at most a minute (spec: Account security > Throttling), a second being
/// `AppState::throttle_delay_step`. The wait is asynchronous, so no worker thread is held.
pub(crate) async fn wait_out(state: &AppState, attempt: &ThrottledAttempt) {
    if !attempt.delay.is_zero() {
        tracing::warn!(delay_secs = attempt.delay.as_secs(), "check slowed: many failures for the account");
        actix_web::rt::time::sleep(attempt.delay.mul_f64(state.throttle_delay_step.as_secs_f64())).await;
    }
}

/// A new session: store `token` and send it as `Authorization: Bearer <token>`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Session)]
pub(crate) struct SessionBody {
    /// Present after a password change.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'static str>,
    token: String,
    user: CallerBody,
    /// The session ends after this many minutes without a request.
    idle_minutes: i64,
}

impl SessionBody {
    pub(crate) fn new(state: &AppState, signed_in: SignedIn, message: Option<&'static str>) -> Self {
        Self {
            message,
            token: signed_in.token,
            user: CallerBody {
                user: signed_in.user.into(),
                mfa_enrolment_required: signed_in.mfa_enrolment_required,
            },
            idle_minutes: state.auth.policy.idle.num_minutes(),
        }
    }
}

/// The password was right; send a code with `mfaToken` to `POST /api/auth/mfa/verify` within 5 minutes.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MfaChallenge)]
pub(crate) struct ChallengeBody {
    /// Always true.
    pub(crate) mfa_required: bool,
    pub(crate) mfa_token: String,
}

/// What the password step answers: a session, or the second step of two-factor sign-in.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = SignIn)]
pub(crate) enum SignInBody {
    Session(SessionBody),
    Challenge(ChallengeBody),
}

/// Counts the attempt, waits while the account is under attack (at most a minute, without holding a
/// thread), then checks the password.
pub(crate) async fn sign_in(
    state: &AppState,
    request: SignInRequest,
    client: ClientInfo,
) -> Result<SignInStep, ApiError> {
    let SignInRequest { email, password } = request;
    let auth = state.auth.clone();
    let (account, address) = (email.clone(), client.address.clone());
    let attempt = blocking(move || auth.begin_sign_in(&account, &address)).await?;
    wait_out(state, &attempt).await;
    let auth = state.auth.clone();
    blocking(move || auth.sign_in(&attempt, &email, &password, &client)).await
}

/// Signs in. The same 401 answers an unknown e-mail, a wrong password and an inactive account. With
/// two-factor sign-in on, the answer is a challenge for the second step instead of a session.
#[utoipa::path(
    post,
    path = "/api/auth/login",
    tag = "auth",
    responses(
        (status = 200, description = "Signed in, or a code must follow", body = SignInBody),
        (status = 400, body = ErrorBody,
            description = "Malformed body, or `errors.email` / `errors.password` missing or invalid"),
        (status = 401, body = ErrorBody,
            description = "Invalid email or password, or a temporary password that has expired"),
        (status = 429,
            description = "Too many failed attempts from this address (for this account or any); retry later",
            body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<SignInRequest>,
) -> Result<HttpResponse, ApiError> {
    let client = client_info(&req, state.trust_proxy);
    let request = body.into_inner();
    let attempted = request.email.clone();
    let result = sign_in(&state, request, client).await;
    let answer = match result {
        Ok(SignInStep::SignedIn(signed_in)) => {
            crate::http::audit::record(&state, &req, crate::http::audit::signed_in(&signed_in)).await;
            tracing::info!(user_id = %signed_in.user.id, "signed in");
            SignInBody::Session(SessionBody::new(&state, signed_in, None))
        }
        // The password was right; the sign-in is recorded once the code is.
        Ok(SignInStep::CodeRequired { challenge }) => {
            SignInBody::Challenge(ChallengeBody { mfa_required: true, mfa_token: challenge })
        }
        Err(error) => {
            // Wrong credentials are recorded; refusals before any check (429, malformed input) are not, so
            // a flood of throttled requests cannot fill the append-only log.
            if error.status_code() == actix_web::http::StatusCode::UNAUTHORIZED {
                crate::http::audit::record(
                    &state,
                    &req,
                    crate::http::audit::sign_in_refused(&error, &attempted),
                )
                .await;
            }
            return Err(error);
        }
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// Self-registration makes a trustee account, and only where an operator has enabled it.
#[utoipa::path(
    post,
    path = "/api/auth/register",
    tag = "auth",
    responses(
        (status = 201, description = "Registered as a trustee and signed in", body = SessionBody),
        (status = 400, description = "Invalid name, e-mail or password (`errors`)", body = ErrorBody),
        (status = 403, description = "Registration is disabled (the default)", body = ErrorBody),
        (status = 409, description = "An account with this e-mail already exists", body = ErrorBody),
        (status = 429, description = "Too many failed sign-ins from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    if !state.registration_enabled {
        return Err(IdentityRefusal::RegistrationDisabled.into());
    }
    let client = client_info(&req, state.trust_proxy);
    let request = body.into_inner();
    let sign_in_as = SignInRequest { email: request.email.clone(), password: request.password.clone() };
    let users = state.users.clone();
    let created = blocking(move || users.register(request)).await?;
    let event = crate::http::audit::about_self(AuditKind::UserCreated, created.id).details("self-registered");
    crate::http::audit::record(&state, &req, event).await;
    match sign_in(&state, sign_in_as, client).await? {
        SignInStep::SignedIn(signed_in) => {
            Ok(HttpResponse::Created().json(SessionBody::new(&state, signed_in, None)))
        }
        // A new account has no second factor.
        SignInStep::CodeRequired { .. } => {
            Err(DomainError::Unexpected(anyhow::anyhow!("a new account asked for a second factor")).into())
        }
    }
}

/// The signed-in user (also while a temporary password must still be replaced or two-factor sign-in set
/// up). Calling it counts as activity: the front end's "Stay signed in" uses it.
#[utoipa::path(
    get,
    path = "/api/auth/me",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The signed-in user", body = CallerBody)),
)]
pub async fn me(caller: SessionUser) -> HttpResponse {
    let Authenticated { user, mfa_enrolment_required, .. } = caller.0;
    HttpResponse::Ok().json(CallerBody { user: user.into(), mfa_enrolment_required })
}

/// Ends this session; the user's other devices stay signed in.
#[utoipa::path(
    post,
    path = "/api/auth/logout",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "Signed out", body = MessageBody)),
)]
pub async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let caller = caller.0;
    let actor = caller.user.id;
    blocking(move || auth.logout(&caller)).await?;
    crate::http::audit::record(&state, &req, crate::http::audit::about_self(AuditKind::SignedOut, actor))
        .await;
    Ok(HttpResponse::Ok().json(MessageBody::new("Signed out")))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    new_password: String,
}

/// Replaces a temporary password (which must differ from the new one). The other sessions end; this one
/// continues with the new token: store it.
#[utoipa::path(
    post,
    path = "/api/auth/change-password-temp",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Password changed; a new token for this session", body = SessionBody),
        (status = 400, body = ErrorBody,
            description = "`errors.newPassword`: too short, too long, too common, personal or unchanged"),
        (status = 403, description = "Your password is not a temporary one", body = ErrorBody),
    ),
)]
pub async fn change_password_temp(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    body: Json<ChangePasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = caller.0;
    // Without the old password this call is only safe for replacing a temporary one.
    if !caller.user.require_password_change {
        return Err(IdentityRefusal::NotTemporary.into());
    }
    let auth = state.auth.clone();
    let new_password = body.into_inner().new_password;
    let signed_in = blocking(move || auth.change_temporary_password(&caller, &new_password)).await?;
    tracing::info!(user_id = %signed_in.user.id, "temporary password replaced");
    let event = crate::http::audit::about_self(AuditKind::PasswordChanged, signed_in.user.id);
    crate::http::audit::record(&state, &req, event.details("temporary password replaced")).await;
    Ok(HttpResponse::Ok().json(SessionBody::new(&state, signed_in, Some("Password changed"))))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeOwnPasswordRequest {
    current_password: String,
    new_password: String,
}

/// Changes the caller's password. The other sessions end; this one continues with the new token: store it.
#[utoipa::path(
    post,
    path = "/api/auth/change-password",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Password changed; a new token for this session", body = SessionBody),
        (status = 400, body = ErrorBody, description = "`errors.currentPassword`: wrong or missing; \
            `errors.newPassword`: too short, too long, too common, personal or unchanged"),
        (status = 429, body = ErrorBody, description = "Too many wrong current passwords from this address \
            (wrong ones from many addresses delay the answer instead, up to a minute)",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    body: Json<ChangeOwnPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = user.into_caller();
    let client = client_address(&req, state.trust_proxy);
    let auth = state.auth.clone();
    let ChangeOwnPasswordRequest { current_password, new_password } = body.into_inner();
    let (who, typed, new) = (caller.clone(), current_password.clone(), new_password.clone());
    let attempt = blocking(move || auth.begin_password_change(&who, &typed, &new, &client)).await?;
    // The account-wide delay, waited without holding a thread, before the current password is checked.
    wait_out(&state, &attempt).await;
    let auth = state.auth.clone();
    let signed_in =
        blocking(move || auth.change_password(&caller, &attempt, &current_password, &new_password)).await?;
    tracing::info!(user_id = %signed_in.user.id, "password changed");
    let event = crate::http::audit::about_self(AuditKind::PasswordChanged, signed_in.user.id);
    crate::http::audit::record(&state, &req, event.details("changed with the current password")).await;
    Ok(HttpResponse::Ok().json(SessionBody::new(&state, signed_in, Some("Password changed"))))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ForgotPasswordRequest {
    email: String,
}

/// Records a reset request for an admin or chair and, for a known active account, queues an e-mail with a
/// single-use link valid 30 minutes (at most 3 per address an hour). The answer never tells whether the
/// account exists.
#[utoipa::path(
    post,
    path = "/api/auth/forgot-password",
    tag = "auth",
    responses(
        (status = 200, description = "Recorded (the same answer for any e-mail)", body = MessageBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
        (status = 400, description = "`errors.email`: not an e-mail address", body = ErrorBody),
    ),
)]
pub async fn forgot_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<ForgotPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let client = client_address(&req, state.trust_proxy);
    let reset = state.password_reset.clone();
    let email = body.into_inner().email;
    let logged_email = email.trim().to_lowercase();
    let message = blocking(move || reset.forgot_password(&email, &client)).await?;
    tracing::info!(email = %logged_email, "password reset requested");
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}

/// A pending password reset request; `userId` and `userName` are null when no account has the e-mail.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ResetRequest)]
struct ResetRequestBody {
    id: i32,
    email: String,
    #[schema(required = true)]
    user_id: Option<i32>,
    #[schema(required = true)]
    user_name: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    requested_at: DateTime<Utc>,
}

/// Pending password reset requests, oldest first.
#[utoipa::path(
    get,
    path = "/api/auth/reset-requests",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Pending requests, oldest first", body = Vec<ResetRequestBody>),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs (or a temporary password must be replaced first)"),
    ),
)]
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

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminResetRequest {
    user_id: i32,
}

/// The user's new temporary password, shown once; they must replace it at their next sign-in.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminReset)]
struct AdminResetBody {
    user_name: String,
    temp_password: String,
}

/// Gives a user a new temporary password and revokes their sessions.
#[utoipa::path(
    post,
    path = "/api/auth/admin-reset-password",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The temporary password", body = AdminResetBody),
        (status = 403, body = ErrorBody,
            description = "Not allowed to reset this user's password (chairs reset trustees only; nobody \
            resets their own)"),
        (status = 404, description = "User not found", body = ErrorBody),
    ),
)]
pub async fn admin_reset_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<AdminResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let auth = state.auth.clone();
    let actor = user.0;
    let actor_id = actor.id;
    let target = UserId(body.user_id);
    let (updated, temp_password) = blocking(move || auth.admin_reset_password(&actor, target)).await?;
    tracing::info!(actor = %actor_id, target = %updated.id, "password reset by an officer");
    let event =
        NewAuditEvent::new(AuditKind::PasswordReset, Some(actor_id)).object(AuditObject::user(&updated));
    crate::http::audit::record(&state, &req, event.details("temporary password issued")).await;
    Ok(HttpResponse::Ok().json(AdminResetBody { user_name: updated.name, temp_password }))
}

/// The signed-in user as `me` and a new session show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CurrentUser)]
pub struct CallerBody {
    #[serde(flatten)]
    pub user: UserBody,
    /// Two-factor sign-in must be set up before anything but set-up opens (an admin's setting).
    pub mfa_enrolment_required: bool,
}
