//! `/api/meetings/{id}/conflicts` and `/api/meetings/{id}/agenda-items/{itemId}/conflicts`: conflicts of
//! interest declared on agenda items, how they were handled, each item's quorum without the conflicted
//! members, and prompts to consider a declaration (issue 14, point 2).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::governance::{DeclareConflictInput, InterestInput};
use domain::{AgendaItemId, ConflictId, MeetingId};

use crate::blocking::blocking;
use crate::dto::conflict::{ConflictBody, ItemConflictsBody, MeetingConflictsBody};
use crate::dto::message::MessageBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::handlers::interests::InterestRequest;
use crate::json::Json;
use crate::state::AppState;

/// Every agenda item the caller sees with its declarations, its quorum once the conflicted members are
/// left out, and the register entries it names (`suggestedConflicts`).
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The meeting's conflicts, item by item (no items while a trustee may \
                                      not see the draft agenda)", body = MeetingConflictsBody),
        (status = 404, description = "Meeting not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let id = path.into_inner();
    let view = blocking(move || conflicts.meeting_conflicts(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MeetingConflictsBody::from(view)))
}

/// One item's declarations, quorum and suggestions.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    responses(
        (status = 200, description = "The item's conflicts", body = ItemConflictsBody),
        (status = 404, description = "Meeting or item not found (a trustee does not see a draft agenda)",
            body = ErrorBody),
    ),
)]
pub async fn item(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item) = path.into_inner();
    let view = blocking(move || conflicts.item_conflicts(&user.0, id, item)).await?;
    Ok(HttpResponse::Ok().json(ItemConflictsBody::from(view)))
}

/// A declaration: give `interestId` (one of the trustee's register entries) or `newInterest` (added to
/// the register now), not both.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclareConflictRequest {
    /// The conflicted member; default the caller. Only admins and chairs name someone else.
    #[serde(default)]
    user_id: Option<i32>,
    /// One of that member's entries on the register of interests.
    #[serde(default)]
    interest_id: Option<i32>,
    #[serde(default)]
    /// A new entry for the register (its `userId` is ignored: it is the declaring member's).
    new_interest: Option<InterestRequest>,
}

/// Declares a conflict of interest on an agenda item. The written minutes' draft, if there is one,
/// receives its standard record at the item.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    request_body = DeclareConflictRequest,
    responses(
        (status = 201, description = "Declared", body = ConflictBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.userId`: not a member of the meeting; `errors.interestId`: \
                           none, both, or not that member's entry; `errors[\"newInterest.kind\"]` and the other \
                           fields of a new entry) or a malformed body"),
        (status = 403, description = "A trustee declaring for someone else", body = ErrorBody),
        (status = 404, description = "Meeting or item not found (a trustee does not see a draft agenda)",
            body = ErrorBody),
        (status = 409, description = "That member has already declared on this item, or the meeting is \
                                      cancelled", body = ErrorBody),
    ),
)]
pub async fn declare(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
    body: Json<DeclareConflictRequest>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item) = path.into_inner();
    let body = body.into_inner();
    let input = DeclareConflictInput {
        user_id: body.user_id,
        interest_id: body.interest_id,
        new_interest: body.new_interest.map(InterestInput::from),
    };
    let declared = blocking(move || conflicts.declare(&user.0, id, item, input)).await?;
    Ok(HttpResponse::Created().json(ConflictBody::from(declared)))
}

/// How the conflict was handled.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HandlingRequest {
    /// `left`, `stayed-not-decided` or `no-conflict`; null clears what was recorded.
    #[schema(value_type = Option<crate::schemas::ConflictHandlingSchema>, required = true)]
    handling: Option<String>,
}

/// Records how a declared conflict was handled (admins and chairs). The minutes' draft's record follows.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}/handling",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("conflictId" = i32, Path, description = "The declaration's id"),
    ),
    request_body = HandlingRequest,
    responses(
        (status = 200, description = "Recorded", body = ConflictBody),
        (status = 400, description = "`errors.handling`: not one of the choices", body = ErrorBody),
        (status = 403, description = "Only admins and chairs record handling", body = ErrorBody),
        (status = 404, description = "Meeting, item or declaration not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn handling(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId, ConflictId)>,
    body: Json<HandlingRequest>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item, conflict) = path.into_inner();
    let handling = body.into_inner().handling;
    let recorded =
        blocking(move || conflicts.set_handling(&user.0, id, item, conflict, handling.as_deref())).await?;
    Ok(HttpResponse::Ok().json(ConflictBody::from(recorded)))
}

/// Withdraws a declaration made in error (the member who declared, or an admin or chair); its record
/// leaves the minutes' draft.
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}/agenda-items/{itemId}/conflicts/{conflictId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("conflictId" = i32, Path, description = "The declaration's id"),
    ),
    responses(
        (status = 200, description = "Withdrawn", body = MessageBody),
        (status = 403, description = "A trustee withdrawing someone else's declaration", body = ErrorBody),
        (status = 404, description = "Meeting, item or declaration not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn withdraw(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId, ConflictId)>,
) -> Result<HttpResponse, ApiError> {
    let conflicts = state.conflicts.clone();
    let (id, item, conflict) = path.into_inner();
    blocking(move || conflicts.withdraw(&user.0, id, item, conflict)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Declaration withdrawn")))
}
