//! `/api/committees`: listing, creation, archive and delete (spec §2 Committees, §4, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::CreateCommittee;
use domain::CommitteeId;

use crate::blocking::blocking;
use crate::dto::committee::CommitteeBody;
use crate::dto::message::MessageBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    include_archived: Option<bool>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let include_archived = query.include_archived.unwrap_or(false);
    let list = blocking(move || committees.list(&user.0, include_archived)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(CommitteeBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
pub struct CreateCommitteeRequest {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
}

pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateCommitteeRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let body = body.into_inner();
    let input = CreateCommittee { name: body.name.unwrap_or_default(), description: body.description };
    let created = blocking(move || committees.create(&user.0, input)).await?;
    tracing::info!(committee_id = %created.id, "committee created");
    Ok(HttpResponse::Created().json(CommitteeBody::from(created)))
}

pub async fn archive(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let archived = blocking(move || committees.archive(&user.0, id)).await?;
    tracing::info!(committee_id = %id, "committee archived");
    Ok(HttpResponse::Ok().json(CommitteeBody::from(archived)))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    blocking(move || committees.delete(&user.0, id)).await?;
    tracing::info!(committee_id = %id, "committee deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Committee deleted successfully")))
}
