//! `/api/guests`: guests' passes (spec §6 Guests): invited by admins and chairs, for an end date and a scope.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::guests::{GuestListing, NamedDocument, NamedMeeting};
use domain::identity::{ChangeGuestRequest, InviteGuestRequest};
use domain::UserId;

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::state::AppState;

/// A guest, their pass and what it names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Guest)]
pub struct GuestBody {
    /// The guest's user id.
    pub id: i32,
    pub name: String,
    pub email: String,
    pub active: bool,
    pub purpose: String,
    /// Access ends then: midnight after the last day, in the board's time zone.
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub ends_at: DateTime<Utc>,
    /// The end has passed: every session has ended and sign-in is refused.
    pub ended: bool,
    /// The last day of access in the board's time zone (`YYYY-MM-DD`): `endsAt` is midnight after it.
    #[schema(value_type = String, format = Date)]
    pub ends_on: NaiveDate,
    pub meetings: Vec<GuestMeetingBody>,
    pub documents: Vec<GuestDocumentBody>,
    /// An auditor's period (both days included), or `null`.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub audit_from: Option<NaiveDate>,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub audit_to: Option<NaiveDate>,
    #[schema(required = true)]
    pub invited_by: Option<String>,
    /// The guest has not chosen a password from the invitation yet.
    pub invitation_pending: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GuestMeeting)]
pub struct GuestMeetingBody {
    pub id: i32,
    pub title: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub meeting_date: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GuestDocument)]
pub struct GuestDocumentBody {
    pub id: i32,
    pub title: String,
}

impl GuestBody {
    fn new(guest: GuestListing) -> Self {
        Self {
            id: guest.user_id.0,
            name: guest.name,
            email: guest.email,
            active: guest.active,
            purpose: guest.purpose,
            ends_at: guest.ends_at,
            ended: guest.ended,
            ends_on: guest.last_day,
            meetings: guest.meetings.into_iter().map(GuestMeetingBody::from).collect(),
            documents: guest.documents.into_iter().map(GuestDocumentBody::from).collect(),
            audit_from: guest.audit_period.map(|p| p.from),
            audit_to: guest.audit_period.map(|p| p.to),
            invited_by: guest.invited_by,
            invitation_pending: guest.invitation_pending,
        }
    }
}

impl From<NamedMeeting> for GuestMeetingBody {
    fn from(m: NamedMeeting) -> Self {
        Self { id: m.id.0, title: m.title, meeting_date: m.meeting_date }
    }
}

impl From<NamedDocument> for GuestDocumentBody {
    fn from(d: NamedDocument) -> Self {
        Self { id: d.id.0, title: d.title }
    }
}

/// What a pass says, in words, for the audit log.
fn describe(guest: &GuestListing) -> String {
    let mut parts = vec![format!("until {}", guest.ends_at.format("%Y-%m-%d %H:%M UTC"))];
    if !guest.meetings.is_empty() {
        let ids: Vec<String> = guest.meetings.iter().map(|m| m.id.to_string()).collect();
        parts.push(format!("meetings {}", ids.join(", ")));
    }
    if !guest.documents.is_empty() {
        let ids: Vec<String> = guest.documents.iter().map(|d| d.id.to_string()).collect();
        parts.push(format!("documents {}", ids.join(", ")));
    }
    if let Some(p) = guest.audit_period {
        parts.push(format!("audit period {} to {}", p.from, p.to));
    }
    parts.join("; ")
}

fn about(guest: &GuestListing) -> AuditObject {
    AuditObject::new("user", guest.user_id, guest.email.clone())
}

/// Every guest, newest first.
#[utoipa::path(
    get,
    path = "/api/guests",
    tag = "guests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "Guests, newest first", body = Vec<GuestBody>),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
    ),
)]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let guests = state.guests.clone();
    let list = blocking(move || guests.list(&user.0)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(GuestBody::new).collect::<Vec<_>>()))
}

/// Invites a guest: their account (without a password), their pass, and the invitation e-mail.
#[utoipa::path(
    post,
    path = "/api/guests",
    tag = "guests",
    security(("bearerAuth" = [])),
    request_body = InviteGuestRequest,
    responses(
        (status = 201, description = "Invited", body = GuestBody),
        (status = 400, body = ErrorBody,
            description = "`errors.name`, `errors.email`, `errors.purpose`, `errors.endsOn` (missing, before \
                           today or more than a year ahead), `errors.meetingIds`, `errors.documentIds` \
                           (unknown), `errors.auditFrom`, `errors.auditTo`, `errors.scope` (nothing named)"),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 409, description = "A user with this e-mail exists", body = ErrorBody),
    ),
)]
pub async fn invite(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<InviteGuestRequest>,
) -> Result<HttpResponse, ApiError> {
    let guests = state.guests.clone();
    let actor = user.0.id;
    let input = body.into_inner();
    let guest = blocking(move || guests.invite(&user.0, input)).await?;
    let event = NewAuditEvent::new(AuditKind::GuestInvited, Some(actor))
        .object(about(&guest))
        .details(describe(&guest));
    audit::record(&state, &req, event).await;
    Ok(HttpResponse::Created().json(GuestBody::new(guest)))
}

/// Extends, shortens or re-scopes a guest's pass.
#[utoipa::path(
    put,
    path = "/api/guests/{id}",
    tag = "guests",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The guest's user id")),
    request_body = ChangeGuestRequest,
    responses(
        (status = 200, description = "Changed", body = GuestBody),
        (status = 400, body = ErrorBody, description = "As for inviting (`errors.purpose`, `errors.endsOn`, ...)"),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such guest", body = ErrorBody),
    ),
)]
pub async fn change(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: Json<ChangeGuestRequest>,
) -> Result<HttpResponse, ApiError> {
    let guests = state.guests.clone();
    let actor = user.0.id;
    let id = UserId(path.into_inner());
    let input = body.into_inner();
    let (before, after) = blocking(move || guests.change(&user.0, id, input)).await?;
    record_change(&state, &req, actor, &before, &after).await;
    Ok(HttpResponse::Ok().json(GuestBody::new(after)))
}

/// Ends a guest's access now: their sessions end at once and sign-in is refused.
#[utoipa::path(
    post,
    path = "/api/guests/{id}/end",
    tag = "guests",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The guest's user id")),
    responses(
        (status = 200, description = "Ended", body = GuestBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = "No such guest", body = ErrorBody),
    ),
)]
pub async fn end(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let guests = state.guests.clone();
    let actor = user.0.id;
    let id = UserId(path.into_inner());
    let (before, after) = blocking(move || guests.end_now(&user.0, id)).await?;
    record_change(&state, &req, actor, &before, &after).await;
    Ok(HttpResponse::Ok().json(GuestBody::new(after)))
}

async fn record_change(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    actor: UserId,
    before: &GuestListing,
    after: &GuestListing,
) {
    let event = NewAuditEvent::new(AuditKind::GuestAccessChanged, Some(actor))
        .object(about(after))
        .details(format!("from: {}; to: {}", describe(before), describe(after)));
    audit::record(state, req, event).await;
}

/// The caller's own pass: what a guest may open, and until when.
#[utoipa::path(
    get,
    path = "/api/me/guest-pass",
    tag = "guests",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The guest's pass", body = GuestBody),
        (status = 404, description = "The caller is a member of the board, not a guest", body = ErrorBody),
    ),
)]
pub async fn own(state: web::Data<AppState>, reader: Reader) -> Result<HttpResponse, ApiError> {
    let guests = state.guests.clone();
    let pass = blocking(move || guests.own_pass(&reader.0)).await?;
    Ok(HttpResponse::Ok().json(GuestBody::new(pass)))
}
