//! Calendar feeds and .ics downloads (spec §2 Calendar feed).

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

pub const ICS_TYPE: &str = "text/calendar; charset=utf-8";

/// The caller's private calendar feed URL (made on first use).
#[utoipa::path(
    get,
    path = "/api/calendar/feed-url",
    tag = "meetings",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The feed's URL", body = CalendarFeedBody)),
)]
pub async fn feed_url(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let calendar = state.calendar.clone();
    let url = blocking(move || calendar.feed_url(&user.0)).await?;
    Ok(HttpResponse::Ok().json(CalendarFeedBody { url }))
}

/// A new private feed URL for the caller; the old one answers 404 from now on.
#[utoipa::path(
    post,
    path = "/api/calendar/feed-url/regenerate",
    tag = "meetings",
    security(("bearerAuth" = [])),
    responses((status = 200, description = "The new URL", body = CalendarFeedBody)),
)]
pub async fn regenerate(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let calendar = state.calendar.clone();
    let actor = user.0.id;
    let url = blocking(move || calendar.regenerate(&user.0)).await?;
    tracing::info!(user_id = %actor, "calendar feed URL regenerated");
    Ok(HttpResponse::Ok().json(CalendarFeedBody { url }))
}

/// The feed itself, for calendar apps (no sign-in: the token is the key): every meeting its owner may
/// see, in the board's time zone.
#[utoipa::path(
    get,
    path = "/api/calendar/feed/{token}.ics",
    tag = "meetings",
    params(("token" = String, Path, description = "The feed's token, from its URL")),
    responses(
        (status = 200, description = "An iCalendar file", content_type = "text/calendar", body = String),
        (status = 404, description = "No such feed (regenerated, or its owner deactivated)", body = ErrorBody),
    ),
)]
pub async fn feed(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let calendar = state.calendar.clone();
    let token = path.into_inner();
    let text = blocking(move || calendar.feed(&token)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, ICS_TYPE))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"))
        .body(text))
}

/// One meeting as an .ics file to add to a calendar.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/ics",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "Meeting id")),
    responses(
        (status = 200, description = "`meeting-<id>.ics`", content_type = "text/calendar", body = FileBytes),
        (status = 404, description = "No such meeting (or a committee meeting of another committee)", body = ErrorBody),
    ),
)]
pub async fn meeting_ics(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let calendar = state.calendar.clone();
    let id = MeetingId(path.into_inner());
    let (name, text) = blocking(move || calendar.meeting_ics(&user.0, id)).await?;
    Ok(file_response(&req, text.into_bytes(), &name, ICS_TYPE, Disposition::Attachment))
}

/// The caller's private calendar feed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CalendarFeed)]
pub struct CalendarFeedBody {
    /// Subscribe to it in a calendar app; anyone with it reads the caller's meetings, so keep it private.
    pub url: String,
}
