//! `/api/auth/sso/...`: single sign-on with the operator's OpenID provider (spec §13 Single sign-on).
//!
//! The browser goes to `start`, which sends it to the provider; the provider sends it back to `callback`,
//! which sends it on to the sign-in page with a one-time code (`?sso_code=`) or a failure
//! (`?sso_error=<key>`). The page exchanges the code with a POST for the same answer as a password
//! sign-in: no session token ever travels in a URL.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::{Callback, IdentityRefusal, Refused, SignInStep, SsoLink};

use super::auth::{ChallengeBody, SessionBody, SignInBody};
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{client_info, SessionUser};
use crate::http::state::AppState;

/// Where the sign-in page is (docs/spec.md §2 Sign-in).
const SIGN_IN_PAGE: &str = "/login";

/// What the sign-in page shows.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SsoInfo)]
struct SsoInfoBody {
    /// Single sign-on is set up: show 'Sign in with {label}'.
    enabled: bool,
    #[schema(required = true)]
    label: Option<String>,
    /// Password sign-in is open to everyone (false: only the break-glass admin's password works).
    password_sign_in: bool,
}

/// Whether single sign-on is set up, its button's label, and whether password sign-in is open to all.
#[utoipa::path(
    get,
    path = "/api/auth/sso",
    tag = "auth",
    responses((status = 200, description = "Single sign-on on the sign-in page", body = SsoInfoBody)),
)]
pub async fn info(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let sso = state.sso.clone();
    let settings = blocking(move || Ok::<_, IdentityRefusal>(sso.auth.security_settings.get()?)).await?;
    let enabled = state.sso.configured();
    Ok(HttpResponse::Ok().json(SsoInfoBody {
        enabled,
        label: enabled.then(|| state.sso.settings.label.clone()),
        password_sign_in: !(enabled && settings.password_sign_in_off),
    }))
}

fn to_sign_in_page(query: &str) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((header::LOCATION, format!("{SIGN_IN_PAGE}?{query}")))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .finish()
}

/// Records a refused single sign-on and sends the browser to the sign-in page with its message key.
async fn refused(state: &web::Data<AppState>, req: &HttpRequest, refusal: Refused) -> HttpResponse {
    if let Some(error) = &refusal.unexpected {
        tracing::error!(error = ?error, "single sign-on failed");
    }
    tracing::info!(reason = refusal.failure.key(), "single sign-on refused");
    let label = refusal.email.map(|e| e.chars().take(254).collect::<String>());
    let event = NewAuditEvent::new(AuditKind::SsoSignInFailed, refusal.user)
        .object(AuditObject { object_type: "user".into(), id: refusal.user.map(|id| id.to_string()), label })
        .details(format!("single sign-on refused: {}", refusal.failure.key()));
    crate::http::audit::record(state, req, event).await;
    to_sign_in_page(&format!("sso_error={}", refusal.failure.key()))
}

/// Starts single sign-on: a redirect to the provider (or to the sign-in page with `sso_error`).
#[utoipa::path(
    get,
    path = "/api/auth/sso/start",
    tag = "auth",
    responses((status = 302, description = "To the provider; or to `/login?sso_error=<key>` when single sign-on \
        is not set up (`not_configured`) or the provider cannot be reached (`unavailable`)",
        headers(("Location" = String, description = "Where to go")))),
)]
pub async fn start(state: web::Data<AppState>) -> HttpResponse {
    let sso = state.sso.clone();
    match web::block(move || sso.begin()).await {
        Ok(Ok(url)) => HttpResponse::Found()
            .insert_header((header::LOCATION, url))
            .insert_header((header::REFERRER_POLICY, "no-referrer"))
            .finish(),
        Ok(Err(refusal)) => {
            // Nothing was tried yet: not audited, only logged.
            if let Some(error) = &refusal.unexpected {
                tracing::error!(error = ?error, "single sign-on could not start");
            }
            to_sign_in_page(&format!("sso_error={}", refusal.failure.key()))
        }
        Err(error) => {
            tracing::error!(error = %error, "single sign-on could not start");
            to_sign_in_page("sso_error=unavailable")
        }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct CallbackQuery {
    state: Option<String>,
    code: Option<String>,
    /// The provider's refusal (`access_denied` ...).
    error: Option<String>,
}

/// The provider sends the browser back here. Every answer is a redirect to the sign-in page: with a
/// one-time code to exchange (`sso_code`), or with a failure (`sso_error`): `expired` (a forged, used or
/// old state), `provider_refused`, `unavailable`, `rejected` (the code or the ID token failed a check),
/// `unverified_email`, `domain_not_allowed`, `no_account`, `deactivated`, `not_configured`.
#[utoipa::path(
    get,
    path = "/api/auth/sso/callback",
    tag = "auth",
    params(CallbackQuery),
    responses((status = 302, description = "To `/login?sso_code=...` or `/login?sso_error=<key>`",
        headers(("Location" = String, description = "The sign-in page")))),
)]
pub async fn callback(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<CallbackQuery>,
) -> HttpResponse {
    let CallbackQuery { state: sent_state, code, error } = query.into_inner();
    let sso = state.sso.clone();
    let callback = Callback { state: sent_state, code, error };
    let identified = match web::block(move || sso.complete(callback)).await {
        Ok(Ok(identified)) => identified,
        Ok(Err(refusal)) => return refused(&state, &req, refusal).await,
        Err(error) => {
            tracing::error!(error = %error, "single sign-on failed");
            return to_sign_in_page("sso_error=unavailable");
        }
    };
    if identified.created {
        let event = crate::http::audit::about_self(AuditKind::UserCreated, identified.user.id)
            .details("made at the first single sign-on");
        crate::http::audit::record(&state, &req, event).await;
    }
    if let Some(link) = &identified.new_link {
        let event = NewAuditEvent::new(AuditKind::SsoLinked, Some(identified.user.id))
            .object(AuditObject::user(&identified.user))
            .details(format!("linked to {} at {}", link.email, link.issuer));
        crate::http::audit::record(&state, &req, event).await;
    }
    to_sign_in_page(&format!("sso_code={}", identified.handoff_code))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SsoExchangeRequest {
    /// The `sso_code` the sign-in page was sent with.
    code: String,
}

/// Exchanges the sign-in page's one-time code for a session, as a password sign-in answers (or for the
/// code step, when the account has two-factor sign-in and the provider's second factor does not count).
#[utoipa::path(
    post,
    path = "/api/auth/sso/exchange",
    tag = "auth",
    responses(
        (status = 200, description = "Signed in, or a code must follow", body = SignInBody),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 401, body = ErrorBody,
            description = "The code is unknown, used or expired, or the account was deactivated meanwhile"),
        (status = 404, description = "Single sign-on is not set up", body = ErrorBody),
    ),
)]
pub async fn exchange(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Json<SsoExchangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let client = client_info(&req, state.trust_proxy);
    let code = body.into_inner().code;
    let sso = state.sso.clone();
    let step = blocking(move || sso.exchange(&code, &client)).await?;
    let answer = match step {
        SignInStep::SignedIn(signed_in) => {
            let event = NewAuditEvent::new(AuditKind::SsoSignInSucceeded, Some(signed_in.user.id))
                .object(AuditObject::user(&signed_in.user));
            crate::http::audit::record(&state, &req, event).await;
            tracing::info!(user_id = %signed_in.user.id, "signed in with single sign-on");
            SignInBody::Session(SessionBody::new(&state, signed_in, None))
        }
        // The sign-in is recorded once the code is.
        SignInStep::CodeRequired { challenge } => {
            SignInBody::Challenge(ChallengeBody { mfa_required: true, mfa_token: challenge })
        }
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// An identity at a provider that signs in to the caller's account.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SsoLink)]
struct SsoLinkBody {
    id: i32,
    /// The provider (its issuer URL).
    issuer: String,
    /// The e-mail the provider gave when the link was made.
    email: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    linked_at: DateTime<Utc>,
}

impl From<SsoLink> for SsoLinkBody {
    fn from(link: SsoLink) -> Self {
        Self { id: link.id, issuer: link.issuer, email: link.email, linked_at: link.linked_at }
    }
}

/// The caller's single sign-on links, oldest first.
#[utoipa::path(
    get,
    path = "/api/auth/sso/links",
    tag = "auth",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The caller's links", body = Vec<SsoLinkBody>)),
)]
pub async fn links(state: web::Data<AppState>, caller: SessionUser) -> Result<HttpResponse, ApiError> {
    let sso = state.sso.clone();
    let links = blocking(move || sso.links(&caller.0)).await?;
    Ok(HttpResponse::Ok().json(links.into_iter().map(SsoLinkBody::from).collect::<Vec<_>>()))
}

/// Removes one of the caller's links: that identity signs in again only by matching a verified e-mail.
#[utoipa::path(
    delete,
    path = "/api/auth/sso/links/{id}",
    tag = "auth",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The link")),
    responses(
        (status = 200, description = "Removed", body = MessageBody),
        (status = 404, description = "Not one of the caller's links", body = ErrorBody),
    ),
)]
pub async fn unlink(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: SessionUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let sso = state.sso.clone();
    let caller = caller.0;
    let user = caller.user.clone();
    let id = path.into_inner();
    let link = blocking(move || sso.unlink(&caller, id)).await?;
    let event = NewAuditEvent::new(AuditKind::SsoUnlinked, Some(user.id))
        .object(AuditObject::user(&user))
        .details(format!("removed the link to {} at {}", link.email, link.issuer));
    crate::http::audit::record(&state, &req, event).await;
    Ok(HttpResponse::Ok().json(MessageBody::new(LINK_REMOVED)))
}

pub const LINK_REMOVED: &str = "Sign-in link removed";
