//! `/api/meetings`: the board calendar (spec §2 Calendar, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::CreateMeeting;

use crate::blocking::blocking;
use crate::dto::meeting::MeetingBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct ListQuery {
    upcoming: Option<String>,
}

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
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateMeetingRequest {
    title: Option<String>,
    description: Option<String>,
    meeting_date: Option<String>,
    location: Option<String>,
    meeting_link: Option<String>,
    agenda_link: Option<String>,
}

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
    };
    let created = blocking(move || meetings.create(&user.0, input)).await?;
    tracing::info!(meeting_id = %created.id, "meeting scheduled");
    Ok(HttpResponse::Created().json(MeetingBody::from(created)))
}
