//! `/api/meetings`: the board calendar (spec §2 Calendar, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::meetings::CreateMeeting;
use domain::MeetingId;

use crate::blocking::blocking;
use crate::dto::meeting::{MeetingBody, MeetingDetailBody};
use crate::dto::message::MessageBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::json::Json;
use crate::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `true`: from now on, soonest first; `false`: before now, latest first; absent or empty: all,
    /// soonest first.
    #[param(value_type = Option<crate::schemas::BooleanFilterSchema>)]
    upcoming: Option<String>,
}

/// The board calendar.
#[utoipa::path(
    get,
    path = "/api/meetings",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Meetings in the order asked for", body = Vec<MeetingBody>),
        (status = 400, description = "`errors.upcoming`: upcoming must be true or false", body = ErrorBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let upcoming = query.into_inner().upcoming;
    let list = blocking(move || meetings.list(&user.0, upcoming.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MeetingBody::from).collect::<Vec<_>>()))
}

/// Every field may be absent or null; the use case says which are required.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateMeetingRequest {
    /// Required, at most 200 characters.
    #[schema(required = true, nullable = false, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    title: Option<String>,
    /// At most 5000 characters.
    #[schema(value_type = Option<String>, max_length = 5000)]
    description: Option<String>,
    /// Required: RFC 3339 date-time with a zone, e.g. `2026-03-05T18:30:00Z`.
    #[schema(required = true, nullable = false, value_type = String, format = DateTime)]
    meeting_date: Option<String>,
    location: Option<String>,
    meeting_link: Option<String>,
    agenda_link: Option<String>,
    /// `board` (the default), `committee`, `agm` or `other`.
    #[schema(value_type = Option<String>, pattern = "^(board|committee|agm|other)?$")]
    kind: Option<String>,
    /// Required for a committee meeting (an existing committee), refused for any other kind.
    committee_id: Option<i32>,
    /// The planned length in minutes; 120 when absent.
    #[schema(minimum = 1, maximum = 1440)]
    duration_minutes: Option<i64>,
}

impl From<CreateMeetingRequest> for CreateMeeting {
    fn from(body: CreateMeetingRequest) -> Self {
        CreateMeeting {
            title: body.title,
            description: body.description,
            meeting_date: body.meeting_date,
            location: body.location,
            meeting_link: body.meeting_link,
            agenda_link: body.agenda_link,
            kind: body.kind,
            committee_id: body.committee_id,
            duration_minutes: body.duration_minutes,
        }
    }
}

/// Schedules a meeting (also one in the past, to record it).
#[utoipa::path(
    post,
    path = "/api/meetings",
    tag = "meetings",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Scheduled", body = MeetingBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.meetingDate`, `errors.location`, \
                           `errors.meetingLink`, `errors.agendaLink`, `errors.kind`, `errors.committeeId`, \
                           `errors.durationMinutes`, ...) or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs schedule meetings (or a temporary password must be \
                           replaced first)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateMeetingRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let input = CreateMeeting::from(body.into_inner());
    let created = blocking(move || meetings.create(&user.0, input)).await?;
    tracing::info!(meeting_id = %created.id, "meeting scheduled");
    Ok(HttpResponse::Created().json(MeetingBody::from(created)))
}

/// Everything about one meeting: its details, its agenda with papers (when the reader may see it) and
/// whether the reader may manage it.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The meeting; `agenda` is empty and `agendaVisible` false while the \
                                      agenda is a draft and the reader is a trustee", body = MeetingDetailBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, body = ErrorBody,
            description = "No such meeting, or a committee meeting of a committee the reader is not in"),
    ),
)]
pub async fn show(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let can_manage = domain::identity::permissions::can_publish(user.0.role);
    let view = blocking(move || meetings.show(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MeetingDetailBody::new(view, can_manage)))
}

/// Replaces a meeting's details (the same fields and rules as scheduling it).
#[utoipa::path(
    put,
    path = "/api/meetings/{id}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    request_body = CreateMeetingRequest,
    responses(
        (status = 200, description = "Saved; `revision` increased", body = MeetingBody),
        (status = 400, body = ErrorBody, description = "Invalid fields, as when scheduling, or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs edit meetings (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<CreateMeetingRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let input = CreateMeeting::from(body.into_inner());
    let updated = blocking(move || meetings.update(&user.0, id, input)).await?;
    tracing::info!(meeting_id = %id, "meeting edited");
    Ok(HttpResponse::Ok().json(MeetingBody::from(updated)))
}

/// Deletes a meeting recorded by mistake, with its agenda and uploaded papers (linked library documents
/// stay). A meeting that will not take place is cancelled instead.
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs delete meetings (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    blocking(move || meetings.delete(&user.0, id)).await?;
    tracing::info!(meeting_id = %id, "meeting deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Meeting deleted")))
}

/// Cancels a meeting: it is kept and shown as cancelled in the list, the calendar and the dashboard.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/cancel",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "Cancelled", body = MeetingBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs cancel meetings (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The meeting is already cancelled", body = ErrorBody),
    ),
)]
pub async fn cancel(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let cancelled = blocking(move || meetings.cancel(&user.0, id)).await?;
    tracing::info!(meeting_id = %id, "meeting cancelled");
    Ok(HttpResponse::Ok().json(MeetingBody::from(cancelled)))
}

/// Publishes the agenda (or publishes it again after changes): everyone who sees the meeting then sees
/// the agenda and its papers.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/publish",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "Published; `agendaPublishedAt` is now", body = MeetingBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs publish agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn publish(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let published = blocking(move || meetings.publish(&user.0, id)).await?;
    tracing::info!(meeting_id = %id, "agenda published");
    Ok(HttpResponse::Ok().json(MeetingBody::from(published)))
}
