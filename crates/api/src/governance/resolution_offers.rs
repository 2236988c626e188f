//! A decided written resolution offered to the next board meeting's agenda (spec §2 Meeting page).

use actix_web::{web, HttpResponse};

use domain::governance::{FromResolutionRequest, GovernanceRefusal};
use domain::MeetingId;

use super::resolutions::ResolutionBody;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;
use crate::meetings::agenda::AgendaItemBody;

/// The decided written resolutions offered to this meeting's agenda, earliest decided first: those decided
/// since the previous board meeting began and no later than this one begins, not yet on any agenda. Empty
/// for a meeting that is not a board meeting.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/resolution-offers",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The offered resolutions", body = Vec<ResolutionBody>),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let id = path.into_inner();
    let viewer = user.0.id;
    let (offers, now) = blocking(move || {
        Ok::<_, GovernanceRefusal>((resolutions.agenda_offers(&user.0, id)?, resolutions.clock.now()))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .json(offers.into_iter().map(|r| ResolutionBody::new(r, viewer, now)).collect::<Vec<_>>()))
}

/// Adds a noting item reporting the decided resolution (its result, tally and wording) at the end of a
/// board meeting's agenda, with its supporting papers linked from the library.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/from-resolution",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    request_body = FromResolutionRequest,
    responses(
        (status = 201, description = "Added", body = AgendaItemBody),
        (status = 400, description = "`errors.resolutionId`: no resolution named, or a malformed body",
            body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting or resolution not found", body = ErrorBody),
        (status = 409, body = ErrorBody,
            description = "The resolution is still open or already on an agenda, the meeting is not a board \
                           meeting or is cancelled, or the agenda is full"),
    ),
)]
pub async fn add(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<FromResolutionRequest>,
) -> Result<HttpResponse, ApiError> {
    let resolutions = state.resolutions.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let (item, published) = blocking(move || resolutions.add_to_agenda(&user.0, id, input)).await?;
    Ok(HttpResponse::Created().json(AgendaItemBody::new(item, published)))
}
