//! Who is calling: the signed-in user, and from where.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::session::ClientInfo;
use domain::identity::user::User;
use domain::identity::Authenticated;
use domain::identity::IdentityRefusal;
use domain::{DomainError, SessionId};

use crate::http::blocking::blocking;
use crate::http::error::ApiError;
use crate::http::state::AppState;

pub const AUTHENTICATION_REQUIRED: &str = "Authentication required. Please sign in.";

/// A signed-in user with a valid, open session who has no temporary password to replace and no
/// two-factor enrolment pending; the second field is their session.
pub struct CurrentUser(pub User, pub SessionId);

impl CurrentUser {
    /// The caller as the account-security use cases take it (no enrolment pending, by construction).
    pub fn into_caller(self) -> Authenticated {
        Authenticated { user: self.0, session_id: self.1, mfa_enrolment_required: false }
    }
}

/// The caller on an endpoint that also serves guests (spec §6 Guests): a member of the board as
/// `CurrentUser`, or a guest whose access has not ended. The use case it is given to reads a guest's pass;
/// every request a guest makes through it is recorded in the audit log (`guest_viewed`, with the path).
pub struct Reader(pub User, pub SessionId);

impl Reader {
    /// The caller as the account-security use cases take it (no enrolment pending, by construction).
    pub fn into_caller(self) -> Authenticated {
        Authenticated { user: self.0, session_id: self.1, mfa_enrolment_required: false }
    }
}

/// A signed-in caller who may still have to replace a temporary password or enrol in two-factor sign-in
/// (me, logout, change-password-temp, sessions, two-factor set-up).
pub struct SessionUser(pub Authenticated);

type Pending<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

pub(crate) fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_string())
}

fn authenticate(req: &HttpRequest) -> Pending<Authenticated> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let token = bearer_token(req);
    Box::pin(async move {
        let state = state.ok_or_else(|| {
            ApiError::from(DomainError::Unexpected(anyhow::anyhow!("AppState is not registered")))
        })?;
        let token = token.ok_or_else(|| ApiError::unauthorized(AUTHENTICATION_REQUIRED))?;
        // A session this process checked since its last change needs no database (and no thread hop):
        // the request then makes at most one blocking hop, its own (spec §9, Session cache).
        if let Some(answer) = state.auth.authenticate_from_cache(&token, true) {
            return answer.map_err(ApiError::from);
        }
        let auth = state.auth.clone();
        blocking(move || auth.authenticate(&token)).await
    })
}

impl FromRequest for SessionUser {
    type Error = ApiError;
    type Future = Pending<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate(req);
        Box::pin(async move { Ok(SessionUser(caller.await?)) })
    }
}

/// A caller with nothing left to do before using the portal (a temporary password to replace, two-factor
/// sign-in to set up).
async fn ready(caller: Pending<Authenticated>) -> Result<Authenticated, ApiError> {
    let caller = caller.await?;
    if caller.user.require_password_change {
        return Err(IdentityRefusal::PasswordChangeRequired.into());
    }
    if caller.mfa_enrolment_required {
        return Err(IdentityRefusal::MfaEnrolmentRequired.into());
    }
    Ok(caller)
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pending<Self>;

    /// Guests are refused here, so that an endpoint serves them only when it asks for a [`Reader`]: what a
    /// guest may open is decided endpoint by endpoint, never by default (spec §6 Guests).
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate(req);
        Box::pin(async move {
            let caller = ready(caller).await?;
            if !caller.user.role.is_board_member() {
                return Err(IdentityRefusal::GuestsSeeTheirPassOnly.into());
            }
            Ok(CurrentUser(caller.user, caller.session_id))
        })
    }
}

impl FromRequest for Reader {
    type Error = ApiError;
    type Future = Pending<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate(req);
        let req = req.clone();
        Box::pin(async move {
            let caller = ready(caller).await?;
            if !caller.user.role.is_board_member() {
                record_guest_view(&req, &caller.user).await?;
            }
            Ok(Reader(caller.user, caller.session_id))
        })
    }
}

/// A guest's request, recorded before it is answered: without the record nothing is shown to them.
async fn record_guest_view(req: &HttpRequest, guest: &User) -> Result<(), ApiError> {
    let state = req.app_data::<web::Data<AppState>>().cloned().ok_or_else(|| {
        ApiError::from(DomainError::Unexpected(anyhow::anyhow!("AppState is not registered")))
    })?;
    let opened: String = format!("{} {}", req.method(), req.path()).chars().take(300).collect();
    let event = NewAuditEvent::new(AuditKind::GuestViewed, Some(guest.id))
        .object(AuditObject::user(guest))
        .details(opened)
        .from_address(client_address(req, state.trust_proxy));
    let audit = state.audit.clone();
    blocking(move || audit.record(event)).await
}

/// The caller's address, for throttling. Behind a proxy (`TRUST_PROXY=true`) the first address of
/// `X-Forwarded-For` is used; the proxy must overwrite that header with the peer's address (the nginx
/// configuration does). `Forwarded` is never read: a client could set it and pick its own address.
pub fn client_address(req: &HttpRequest, trust_proxy: bool) -> String {
    if trust_proxy {
        let forwarded = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
            .and_then(|v| v.parse::<std::net::IpAddr>().ok());
        if let Some(ip) = forwarded {
            return ip.to_string();
        }
    }
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_else(|| "unknown".to_string())
}

/// Where a sign-in comes from: the address as above, and a readable device name from the user agent.
pub fn client_info(req: &HttpRequest, trust_proxy: bool) -> ClientInfo {
    let agent = req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    ClientInfo { address: client_address(req, trust_proxy), device: device_name(agent) }
}

/// "Firefox on Windows", "Safari on iPhone"; "Unknown device" when the agent says nothing useful.
fn device_name(agent: &str) -> String {
    let Some(parsed) = woothee::parser::Parser::new().parse(agent) else {
        return "Unknown device".to_string();
    };
    let known = |value: &str| !value.is_empty() && value != woothee::woothee::VALUE_UNKNOWN;
    match (known(parsed.name), known(parsed.os)) {
        (true, true) => format!("{} on {}", parsed.name, parsed.os),
        (true, false) => parsed.name.to_string(),
        (false, true) => format!("A browser on {}", parsed.os),
        (false, false) => "Unknown device".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn bearer_tokens_are_read_from_the_header_only() {
        let req = TestRequest::default().insert_header(("Authorization", "Bearer abc.def")).to_http_request();
        assert_eq!(bearer_token(&req).as_deref(), Some("abc.def"));
        let req = TestRequest::default().insert_header(("Authorization", "Basic abc")).to_http_request();
        assert_eq!(bearer_token(&req), None);
        let req = TestRequest::with_uri("/x?token=abc").to_http_request();
        assert_eq!(bearer_token(&req), None);
    }

    #[test]
    fn devices_are_named_from_the_user_agent() {
        let firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
        assert_eq!(device_name(firefox), "Firefox on Windows 10");
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        assert_eq!(device_name(iphone), "Safari on iPhone");
        assert_eq!(device_name(""), "Unknown device");
        assert_eq!(device_name("curl/8.5.0"), "HTTP Library");
    }

    #[test]
    fn the_client_address_comes_from_the_proxy_only_when_trusted() {
        let peer: std::net::SocketAddr = "10.0.0.9:5000".parse().unwrap();
        let req = TestRequest::default()
            .peer_addr(peer)
            .insert_header(("X-Forwarded-For", "203.0.113.7"))
            .insert_header(("Forwarded", "for=198.51.100.1"))
            .to_http_request();
        assert_eq!(client_address(&req, true), "203.0.113.7");
        assert_eq!(client_address(&req, false), "10.0.0.9");
        // A spoofed `Forwarded` alone is ignored, and garbage falls back to the peer.
        let req = TestRequest::default()
            .peer_addr(peer)
            .insert_header(("Forwarded", "for=198.51.100.1"))
            .to_http_request();
        assert_eq!(client_address(&req, true), "10.0.0.9");
        let req = TestRequest::default()
            .peer_addr(peer)
            .insert_header(("X-Forwarded-For", "not-an-ip"))
            .to_http_request();
        assert_eq!(client_address(&req, true), "10.0.0.9");
    }
}
