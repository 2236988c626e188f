//! `/api/committees/{id}/messages`: a committee's chat, polled every few seconds (spec §2, §9).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::{CommitteeId, MessageId};

use crate::blocking::blocking;
use crate::dto::committee::CommitteeMessageBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct ListQuery {
    /// Only messages with a higher id: a poll asks for what is new since the last one it has.
    after: Option<i64>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let after = query.after.map(MessageId);
    let messages = blocking(move || committees.messages(&user.0, id, after)).await?;
    Ok(HttpResponse::Ok().json(messages.into_iter().map(CommitteeMessageBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
pub struct PostMessageRequest {
    #[serde(default)]
    message: Option<String>,
}

pub async fn post(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: web::Json<PostMessageRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let text = body.into_inner().message.unwrap_or_default();
    let message = blocking(move || committees.post_message(&user.0, id, &text)).await?;
    // Never the message itself: committee chat may concern safeguarding.
    tracing::info!(committee_id = %id, message_id = %message.id, "committee message posted");
    Ok(HttpResponse::Created().json(CommitteeMessageBody::from(message)))
}
