//! `/api/committees/{id}/members`: who belongs to a committee (spec §2 Committees, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::AddMember;
use domain::{CommitteeId, UserId};

use crate::blocking::blocking;
use crate::dto::committee::CommitteeMemberBody;
use crate::dto::message::MessageBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let members = blocking(move || committees.members(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(members.into_iter().map(CommitteeMemberBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddMemberRequest {
    #[serde(default, deserialize_with = "crate::dto::input::optional_id")]
    user_id: Option<i32>,
    #[serde(default)]
    role: Option<String>,
}

pub async fn add(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: web::Json<AddMemberRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let body = body.into_inner();
    let input = AddMember { user_id: body.user_id.map(UserId), role: body.role };
    let member = blocking(move || committees.add_member(&user.0, id, input)).await?;
    tracing::info!(committee_id = %id, user_id = %member.user_id, "committee member added");
    Ok(HttpResponse::Created().json(CommitteeMemberBody::from(member)))
}

pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let (id, member) = path.into_inner();
    let (id, member) = (CommitteeId(id), UserId(member));
    blocking(move || committees.remove_member(&user.0, id, member)).await?;
    tracing::info!(committee_id = %id, user_id = %member, "committee member removed");
    Ok(HttpResponse::Ok().json(MessageBody::new("Member removed successfully")))
}
