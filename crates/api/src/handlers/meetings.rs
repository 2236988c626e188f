//! `/api/meetings`: the board calendar (spec §2 Calendar, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::CreateMeeting;

use crate::blocking::blocking;
use crate::dto::meeting::MeetingBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
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
                           ...) or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs schedule meetings (or a temporary password must be \
                           replaced first)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateMeetingRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let body = body.into_inner();
    let input = CreateMeeting {
        title: body.title,
        description: body.description,
        meeting_date: body.meeting_date,
        location: body.location,
        meeting_link: body.meeting_link,
        agenda_link: body.agenda_link,
        kind: body.kind,
        committee_id: body.committee_id,
    };
    let created = blocking(move || meetings.create(&user.0, input)).await?;
    tracing::info!(meeting_id = %created.id, "meeting scheduled");
    Ok(HttpResponse::Created().json(MeetingBody::from(created)))
}
