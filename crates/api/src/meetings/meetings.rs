//! `/api/meetings`: the board calendar (spec §2 Calendar, §6).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::meetings::meeting::{AgendaStatus, Meeting, MeetingKind, MeetingStatus};
use domain::meetings::{CreateMeetingRequest, MeetingView};
use domain::MeetingId;

use super::agenda::AgendaItemBody;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `true`: from now on, soonest first; `false`: before now, latest first; absent or empty: all,
    /// soonest first.
    #[param(value_type = Option<crate::http::schemas::BooleanFilterSchema>)]
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
    user: Reader,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let upcoming = query.into_inner().upcoming;
    let list = blocking(move || meetings.list(&user.0, upcoming.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MeetingBody::from).collect::<Vec<_>>()))
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
    let input = body.into_inner();
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
    user: Reader,
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
    let input = body.into_inner();
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

/// A meeting with its most recent minutes: `minutesLink` is their external link, null for a PDF.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Meeting)]
pub struct MeetingBody {
    pub id: i32,
    pub title: String,
    pub description: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub meeting_date: DateTime<Utc>,
    #[schema(required = true)]
    pub location: Option<String>,
    #[schema(required = true)]
    pub meeting_link: Option<String>,
    #[schema(required = true)]
    pub agenda_link: Option<String>,
    /// `board` for meetings recorded before kinds existed.
    pub kind: MeetingKind,
    /// The committee of a committee meeting; null for other kinds, or once that committee is deleted.
    #[schema(required = true)]
    pub committee_id: Option<i32>,
    #[schema(required = true)]
    pub committee_name: Option<String>,
    #[schema(required = true)]
    pub minutes_id: Option<i32>,
    #[schema(required = true)]
    pub minutes_link: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    /// `scheduled`, or `cancelled` (kept and shown as cancelled).
    pub status: MeetingStatus,
    #[schema(required = true)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The planned length in minutes (120 for meetings recorded before lengths existed).
    pub duration_minutes: i32,
    /// `meetingDate` plus the planned length.
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub planned_end: DateTime<Utc>,
    /// `draft` (seen only by admins and chairs) until published.
    pub agenda_status: AgendaStatus,
    #[schema(required = true)]
    #[serde(serialize_with = "crate::http::body::time::rfc3339_option")]
    pub agenda_published_at: Option<DateTime<Utc>>,
    /// Whether the agenda or its papers changed after the agenda was last published.
    pub agenda_changed_since_publication: bool,
    /// Increases with every edit and the cancellation (an iCalendar `SEQUENCE`).
    pub revision: i32,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
}

impl From<Meeting> for MeetingBody {
    fn from(meeting: Meeting) -> Self {
        let planned_end = meeting.planned_end();
        let agenda_changed_since_publication = meeting.agenda_changed_since_publication();
        let agenda_status = meeting.agenda_status();
        let (minutes_id, minutes_link) = match meeting.minutes {
            Some(linked) => (Some(linked.id.0), linked.external_link),
            None => (None, None),
        };
        let (committee_id, committee_name) = match meeting.committee {
            Some(committee) => (Some(committee.id.0), Some(committee.name)),
            None => (None, None),
        };
        Self {
            id: meeting.id.0,
            title: meeting.title,
            description: meeting.description,
            meeting_date: meeting.meeting_date,
            location: meeting.location,
            meeting_link: meeting.meeting_link,
            agenda_link: meeting.agenda_link,
            kind: meeting.kind,
            committee_id,
            committee_name,
            minutes_id,
            minutes_link,
            created_at: meeting.created_at,
            status: meeting.status,
            cancelled_at: meeting.cancelled_at,
            duration_minutes: meeting.duration_minutes,
            planned_end,
            agenda_status,
            agenda_published_at: meeting.agenda_published_at,
            agenda_changed_since_publication,
            revision: meeting.revision,
            updated_at: meeting.updated_at,
        }
    }
}

/// Everything about one meeting, as its page shows it. Attendance and minutes status are added by their
/// features next to these fields.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MeetingDetail)]
pub struct MeetingDetailBody {
    pub meeting: MeetingBody,
    /// False while the agenda is a draft and the reader is not an admin or chair: `agenda` is then empty.
    pub agenda_visible: bool,
    /// The items in order, with their papers.
    pub agenda: Vec<AgendaItemBody>,
    /// Whether the reader may edit, cancel and delete the meeting and build its agenda.
    pub can_manage: bool,
}

impl MeetingDetailBody {
    pub fn new(view: MeetingView, can_manage: bool) -> Self {
        let published_at = view.meeting.agenda_published_at;
        let agenda_visible = view.agenda.is_some();
        let agenda = view
            .agenda
            .unwrap_or_default()
            .into_iter()
            .map(|item| AgendaItemBody::new(item, published_at))
            .collect();
        Self { meeting: MeetingBody::from(view.meeting), agenda_visible, agenda, can_manage }
    }
}
