//! `/api/committees/{id}/messages`: a committee's chat, polled every few seconds (spec §2, §9).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::{CommitteeId, MessageId};

use crate::blocking::blocking;
use crate::dto::committee::CommitteeMessageBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only messages with a higher id: a poll asks for what is new since the last one it has.
    #[serde(default, deserialize_with = "crate::dto::input::empty_as_absent")]
    after: Option<i64>,
}

/// The chat, oldest first: at most the latest 200 messages.
#[utoipa::path(
    get,
    path = "/api/committees/{id}/messages",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The committee's id"),
        ListQuery,
    ),
    responses(
        (status = 200, description = "Messages, oldest first", body = Vec<CommitteeMessageBody>),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let after = query.after.map(MessageId);
    let messages = blocking(move || committees.messages(&user.0, id, after)).await?;
    Ok(HttpResponse::Ok().json(messages.into_iter().map(CommitteeMessageBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PostMessageRequest {
    /// Required, at most 4000 characters (trimmed).
    #[serde(default)]
    #[schema(required = true)]
    message: Option<String>,
}

/// Posts a chat message.
#[utoipa::path(
    post,
    path = "/api/committees/{id}/messages",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 201, description = "Posted", body = CommitteeMessageBody),
        (status = 400, body = ErrorBody,
            description = "`errors.message`: missing or too long, or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "This committee is archived and read-only", body = ErrorBody),
    ),
)]
pub async fn post(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    body: web::Json<PostMessageRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let text = body.into_inner().message.unwrap_or_default();
    let message = blocking(move || committees.post_message(&user.0, id, &text)).await?;
    // Never the message itself: committee chat may concern safeguarding.
    tracing::info!(committee_id = %id, message_id = %message.id, "committee message posted");
    Ok(HttpResponse::Created().json(CommitteeMessageBody::from(message)))
}
