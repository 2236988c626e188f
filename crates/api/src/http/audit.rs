//! Recording audit events (spec §12 Audit log) from the handlers, with the caller's address.
//!
//! A write that has happened is not undone when its event cannot be stored: the failure is logged as
//! an error. A file is not handed out (download, view) unless its reading was recorded: `record_read`.

use actix_web::{web, HttpRequest};

use actix_web::ResponseError;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::SignedIn;
use domain::UserId;

use crate::http::blocking::blocking;
use crate::http::error::ApiError;
use crate::http::extractors::client_address;
use crate::http::state::AppState;

/// Records an event after a write; a failure is logged, not answered.
pub async fn record(state: &web::Data<AppState>, req: &HttpRequest, event: NewAuditEvent) {
    let kind = event.kind;
    if let Err(error) = store(state, req, event).await {
        tracing::error!(%kind, error = ?error, "audit event not recorded");
    }
}

/// Records a read before the content is sent; without the record the read is refused (500).
pub async fn record_read(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    event: NewAuditEvent,
) -> Result<(), ApiError> {
    store(state, req, event).await
}

async fn store(state: &web::Data<AppState>, req: &HttpRequest, event: NewAuditEvent) -> Result<(), ApiError> {
    let event = event.from_address(client_address(req, state.trust_proxy));
    let audit = state.audit.clone();
    blocking(move || audit.record(event)).await
}

/// An event a user caused about their own account (sign-out, their own password).
pub fn about_self(kind: AuditKind, user: UserId) -> NewAuditEvent {
    NewAuditEvent::new(kind, Some(user)).object(AuditObject {
        object_type: "user".into(),
        id: Some(user.to_string()),
        label: None,
    })
}

/// A successful sign-in (after the password, or after the second factor).
pub fn signed_in(signed_in: &SignedIn) -> NewAuditEvent {
    NewAuditEvent::new(AuditKind::SignInSucceeded, Some(signed_in.user.id))
        .object(AuditObject::user(&signed_in.user))
}

/// A refused sign-in: which e-mail was tried and with what status.
pub fn sign_in_refused(error: &ApiError, email: &str) -> NewAuditEvent {
    let email: String = email.trim().chars().take(254).collect();
    let label = (!email.is_empty()).then_some(email);
    NewAuditEvent::new(AuditKind::SignInFailed, None)
        .object(AuditObject { object_type: "user".into(), id: None, label })
        .details(format!("refused with {}", error.status_code().as_u16()))
}
