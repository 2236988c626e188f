//! `/api/auth/mfa/...`: two-factor sign-in (spec: Account security), its admin reset, the security
//! settings, and confirming it is you before changing how you sign in.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::sign_in_throttle::service::ThrottledAttempt;
use domain::identity::two_factor::service::{AcceptedCode, CodeCheck, RESET_DONE};
use domain::identity::two_factor::SecuritySettings;
use domain::identity::{
    Authenticated, CodeRequest, Confirmation, IdentityRefusal, ReauthenticateRequest, VerifyCodeRequest,
};
use domain::UserId;

use super::auth::{wait_out, SessionBody};
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{client_address, client_info, CurrentUser, Reader, SessionUser};
use crate::http::state::AppState;

/// The second step of signing in. A code is accepted once; each recovery code works once.
#[utoipa::path(
    post,
    path = "/api/auth/mfa/verify",
    tag = "auth",
    responses(
        (status = 200, description = "Signed in", body = SessionBody),
        (status = 400, description = "`errors.code`: missing or not right", body = ErrorBody),
        (status = 401, description = "The sign-in has expired (5 minutes): sign in again", body = ErrorBody),
        (status = 429, description = "Too many wrong codes from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn verify(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<VerifyCodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let client = client_info(&req, state.trust_proxy);
    let VerifyCodeRequest { mfa_token, code } = body.into_inner();
    let result = verify_code(&state, mfa_token, code, client).await;
    let signed_in = match result {
        Ok(signed_in) => signed_in,
        Err(error) => {
            // A wrong or expired code is a failed sign-in (the throttle's 429s are not recorded).
            let status = error.status_code();
            if status == StatusCode::BAD_REQUEST || status == StatusCode::UNAUTHORIZED {
                let event = crate::http::audit::sign_in_refused(&error, "")
                    .details(format!("second step refused with {}", status.as_u16()));
                crate::http::audit::record(&state, &req, event).await;
            }
            return Err(error);
        }
    };
    tracing::info!(user_id = %signed_in.user.id, "signed in with a second factor");
    crate::http::audit::record(
        &state,
        &req,
        crate::http::audit::signed_in(&signed_in).details("with a second factor"),
    )
    .await;
    Ok(HttpResponse::Ok().json(SessionBody::new(&state, signed_in, None)))
}

/// Counts the attempt, waits out the account-wide delay (without holding a thread), then checks the code.
async fn verify_code(
    state: &AppState,
    challenge: String,
    code: String,
    client: domain::identity::session::ClientInfo,
) -> Result<domain::identity::SignedIn, ApiError> {
    let two_factor = state.two_factor.clone();
    let (token, typed, address) = (challenge.clone(), code.clone(), client.address.clone());
    let attempt = blocking(move || two_factor.begin_verify_sign_in(&token, &typed, &address)).await?;
    wait_out(state, &attempt).await;
    let two_factor = state.two_factor.clone();
    blocking(move || two_factor.verify_sign_in(&attempt, &challenge, &code, &client)).await
}

/// Counts a code check of a signed-in user (refusing first what cannot succeed) and waits out its delay.
async fn begin_check(
    state: &AppState,
    caller: &Authenticated,
    check: CodeCheck,
    code: &str,
    client: String,
) -> Result<ThrottledAttempt, ApiError> {
    let two_factor = state.two_factor.clone();
    let (caller, code) = (caller.clone(), code.to_string());
    let attempt = blocking(move || two_factor.begin_code_check(&caller, check, &code, &client)).await?;
    wait_out(state, &attempt).await;
    Ok(attempt)
}

/// A code check of the signed-in caller with the code of the request, counted and its delay waited out:
/// the caller, the attempt and the code, for the operation that follows.
async fn counted_check(
    req: &HttpRequest,
    state: &AppState,
    caller: Authenticated,
    check: CodeCheck,
    body: Json<CodeRequest>,
) -> Result<(Authenticated, ThrottledAttempt, String), ApiError> {
    let client = client_address(req, state.trust_proxy);
    let code = body.into_inner().code;
    let attempt = begin_check(state, &caller, check, &code, client).await?;
    Ok((caller, attempt, code))
}

/// A secret to put into an authenticator app, as text and as the URL of its QR code.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MfaSetup)]
struct SetupBody {
    secret: String,
    otpauth_url: String,
}

/// Set-up and enrolment are open to a caller who must enrol before anything else, not to one who must
/// first replace a temporary password.
fn enrolling(caller: SessionUser) -> Result<Authenticated, ApiError> {
    if caller.0.user.require_password_change {
        return Err(IdentityRefusal::PasswordChangeRequired.into());
    }
    Ok(caller.0)
}

/// Starts set-up with a new secret (again, if set-up was started before); nothing changes for signing in
/// until a code confirms it. Needs the password (or a code) given in this session within 5 minutes:
/// signing in counts, otherwise `POST /api/auth/reauthenticate` first.
#[utoipa::path(
    post,
    path = "/api/auth/mfa/setup",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The new secret", body = SetupBody),
        (status = 403, body = ErrorBody,
            description = "\"Confirm your password to continue.\": no password or code in this session in the \
                           last 5 minutes (or a temporary password must be replaced first)"),
        (status = 409, description = "Two-factor sign-in is already on", body = ErrorBody),
    ),
)]
pub async fn setup(state: web::Data<AppState>, caller: SessionUser) -> Result<HttpResponse, ApiError> {
    let caller = enrolling(caller)?;
    let two_factor = state.two_factor.clone();
    let enrolment = blocking(move || two_factor.setup(&caller)).await?;
    Ok(HttpResponse::Ok().json(SetupBody { secret: enrolment.secret, otpauth_url: enrolment.otpauth_url }))
}

/// Ten single-use recovery codes, shown once.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecoveryCodes)]
struct RecoveryCodesBody {
    recovery_codes: Vec<String>,
}

/// Confirms set-up with a code from the new secret: two-factor sign-in is on from now. Needs the password
/// (or a code) given in this session within 5 minutes, as set-up does.
#[utoipa::path(
    post,
    path = "/api/auth/mfa/enable",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "On; the recovery codes", body = RecoveryCodesBody),
        (status = 400, description = "`errors.code`: missing or not right", body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "\"Confirm your password to continue.\": no password or code in this session in the \
                           last 5 minutes (or a temporary password must be replaced first)"),
        (status = 409, description = "Already on, or set-up not started", body = ErrorBody),
        (status = 429, description = "Too many wrong codes from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn enable(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    body: Json<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = enrolling(caller)?;
    let (caller, attempt, code) = counted_check(&req, &state, caller, CodeCheck::Enable, body).await?;
    let two_factor = state.two_factor.clone();
    let user_id = caller.user.id;
    let recovery_codes = blocking(move || two_factor.enable(&caller, &attempt, &code)).await?;
    tracing::info!(user_id = %user_id, "two-factor sign-in turned on");
    crate::http::audit::record(&state, &req, crate::http::audit::about_self(AuditKind::MfaEnabled, user_id))
        .await;
    Ok(HttpResponse::Ok().json(RecoveryCodesBody { recovery_codes }))
}

/// A new set of recovery codes for a code of the enrolled factor; the old ones stop working.
#[utoipa::path(
    post,
    path = "/api/auth/mfa/recovery-codes",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The new recovery codes", body = RecoveryCodesBody),
        (status = 400, description = "`errors.code`: missing or not right", body = ErrorBody),
        (status = 409, description = "Two-factor sign-in is not on", body = ErrorBody),
        (status = 429, description = "Too many wrong codes from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn recovery_codes(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    body: Json<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let check = CodeCheck::RegenerateRecoveryCodes;
    let (caller, attempt, code) = counted_check(&req, &state, user.into_caller(), check, body).await?;
    let two_factor = state.two_factor.clone();
    let user_id = caller.user.id;
    let recovery_codes =
        blocking(move || two_factor.regenerate_recovery_codes(&caller, &attempt, &code)).await?;
    let event = crate::http::audit::about_self(AuditKind::RecoveryCodesRegenerated, user_id);
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(RecoveryCodesBody { recovery_codes }))
}

/// Turns two-factor sign-in off with a code of the enrolled factor.
#[utoipa::path(
    post,
    path = "/api/auth/mfa/disable",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Off", body = MessageBody),
        (status = 400, description = "`errors.code`: missing or not right", body = ErrorBody),
        (status = 403, description = "Required for your role by the security settings", body = ErrorBody),
        (status = 409, description = "Two-factor sign-in is not on", body = ErrorBody),
        (status = 429, description = "Too many wrong codes from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn disable(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    body: Json<CodeRequest>,
) -> Result<HttpResponse, ApiError> {
    let check = CodeCheck::Disable;
    let (caller, attempt, code) = counted_check(&req, &state, user.into_caller(), check, body).await?;
    let two_factor = state.two_factor.clone();
    let user_id = caller.user.id;
    let message = blocking(move || two_factor.disable(&caller, &attempt, &code)).await?;
    tracing::info!(user_id = %user_id, "two-factor sign-in turned off");
    crate::http::audit::record(&state, &req, crate::http::audit::about_self(AuditKind::MfaDisabled, user_id))
        .await;
    Ok(HttpResponse::Ok().json(MessageBody::new(message)))
}

/// Confirms it is the session's holder, with the password or a current code: for the next 5 minutes this
/// session may set up or turn on two-factor sign-in and change its own e-mail. Signing in counts as
/// confirming. Wrong passwords and codes are throttled and slowed like sign-in.
#[utoipa::path(
    post,
    path = "/api/auth/reauthenticate",
    tag = "auth",
    security(("bearerAuth" = [])),
    request_body = ReauthenticateRequest,
    responses(
        (status = 200, description = "Confirmed for 5 minutes", body = MessageBody),
        (status = 400, body = ErrorBody,
            description = "`errors.password` or `errors.code`: missing or not right (send one of the two)"),
        (status = 409, description = "A code was sent but two-factor sign-in is not on", body = ErrorBody),
        (status = 429, description = "Too many wrong attempts from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub async fn reauthenticate(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    body: Json<ReauthenticateRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = caller.0;
    let email = caller.user.email.clone();
    let client = client_address(&req, state.trust_proxy);
    let result = match body.into_inner().confirmation()? {
        Confirmation::Password(password) => confirm_password(&state, caller, password, client).await,
        Confirmation::Code(code) => confirm_code(&state, caller, code, client).await.map(|_| ()),
    };
    if let Err(error) = result {
        // A wrong password or code is a failed authentication, recorded like a refused sign-in.
        if error.status_code() == StatusCode::BAD_REQUEST {
            let event = crate::http::audit::sign_in_refused(&error, &email)
                .details("confirming it is you refused with 400");
            crate::http::audit::record(&state, &req, event).await;
        }
        return Err(error);
    }
    Ok(HttpResponse::Ok().json(MessageBody::new(REAUTHENTICATED)))
}

pub(crate) async fn confirm_password(
    state: &AppState,
    caller: Authenticated,
    password: String,
    client: String,
) -> Result<(), ApiError> {
    let auth = state.auth.clone();
    let who = caller.clone();
    let attempt = blocking(move || auth.begin_password_check(&who, &client)).await?;
    wait_out(state, &attempt).await;
    let auth = state.auth.clone();
    blocking(move || auth.reauthenticate_with_password(&caller, &attempt, &password)).await
}

pub(crate) async fn confirm_code(
    state: &AppState,
    caller: Authenticated,
    code: String,
    client: String,
) -> Result<AcceptedCode, ApiError> {
    let attempt = begin_check(state, &caller, CodeCheck::Reauthenticate, &code, client).await?;
    let two_factor = state.two_factor.clone();
    blocking(move || two_factor.reauthenticate_with_code(&caller, &attempt, &code)).await
}

/// The answer to a confirmed password or code.
pub const REAUTHENTICATED: &str = "Confirmed.";

/// Clears a user's second factor (a lost phone) and ends their sessions (admins only).
#[utoipa::path(
    post,
    path = "/api/users/{id}/mfa-reset",
    tag = "users",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "User id")),
    responses(
        (status = 200, description = "Reset", body = MessageBody),
        (status = 403, description = "Only admins reset two-factor sign-in", body = ErrorBody),
    ),
)]
pub async fn admin_reset(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let two_factor = state.two_factor.clone();
    let (actor, target) = (user.0, path.into_inner());
    let actor_id = actor.id;
    let user = blocking(move || two_factor.admin_reset(&actor, target)).await?;
    tracing::info!(actor = %actor_id, target = %target, "two-factor sign-in reset by an admin");
    let event = NewAuditEvent::new(AuditKind::MfaReset, Some(actor_id)).object(AuditObject::user(&user));
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new(RESET_DONE)))
}

/// The security settings (admins only).
#[utoipa::path(
    get,
    path = "/api/security/settings",
    tag = "users",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The settings", body = SecuritySettings),
        (status = 403, description = "Only admins", body = ErrorBody),
    ),
)]
pub async fn settings(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let two_factor = state.two_factor.clone();
    let settings = blocking(move || two_factor.settings(&user.0)).await?;
    Ok(HttpResponse::Ok().json(settings))
}

/// Changes the security settings (admins only).
#[utoipa::path(
    put,
    path = "/api/security/settings",
    tag = "users",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Saved", body = SecuritySettings),
        (status = 400, body = ErrorBody, description = "Malformed body; `errors.passwordSignInOff`: single \
            sign-on is not set up; `errors.breakGlassAdminId`: password sign-in off needs an active admin"),
        (status = 403, description = "Only admins", body = ErrorBody),
    ),
)]
pub async fn save_settings(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<SecuritySettings>,
) -> Result<HttpResponse, ApiError> {
    let two_factor = state.two_factor.clone();
    let settings = body.into_inner();
    let actor = user.0.id;
    let single_sign_on = state.sso.configured();
    let saved = blocking(move || two_factor.save_settings(&user.0, settings, single_sign_on)).await?;
    let event = NewAuditEvent::new(AuditKind::SettingsChanged, Some(actor))
        .object(AuditObject { object_type: "settings".into(), id: None, label: Some("security".into()) })
        .details(format!(
            "require two-factor sign-in for admins and chairs: {}; the identity provider's second factor \
             counts: {}; password sign-in off: {}; break-glass admin: {}",
            saved.require_mfa_for_officers,
            saved.trust_provider_mfa,
            saved.password_sign_in_off,
            saved.break_glass_admin_id.map(|id| id.to_string()).unwrap_or_else(|| "none".into()),
        ));
    crate::http::audit::record(&state, &req, event).await;
    tracing::info!(require_mfa_for_officers = saved.require_mfa_for_officers, "security settings changed");
    Ok(HttpResponse::Ok().json(saved))
}
