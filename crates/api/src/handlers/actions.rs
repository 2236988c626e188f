//! `/api/actions`: the action tracker (spec §2 Actions, §4, §6).

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use domain::services::CreateAction;
use domain::{ActionId, UserId};

use crate::blocking::blocking;
use crate::dto::action::ActionBody;
use crate::dto::message::MessageBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct ListQuery {
    /// A reported status, `overdue` included.
    status: Option<String>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let status = query.into_inner().status;
    let list = blocking(move || actions.list(&user.0, status.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ActionBody::from).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateActionRequest {
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default, deserialize_with = "crate::dto::input::optional_id")]
    assigned_to: Option<i32>,
    #[serde(default)]
    due_date: Option<String>,
    #[serde(default)]
    priority: Option<String>,
}

pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CreateActionRequest>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let body = body.into_inner();
    let input = CreateAction {
        title: body.title.unwrap_or_default(),
        description: body.description,
        assigned_to: body.assigned_to.map(UserId),
        due_date: body.due_date,
        priority: body.priority,
    };
    let created = blocking(move || actions.create(&user.0, input)).await?;
    tracing::info!(action_id = %created.id, "action created");
    Ok(HttpResponse::Created().json(ActionBody::from(created)))
}

#[derive(Deserialize)]
pub struct SetStatusRequest {
    #[serde(default)]
    status: Option<String>,
}

pub async fn set_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    body: web::Json<SetStatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let id = ActionId(path.into_inner());
    let status = body.into_inner().status.unwrap_or_default();
    let updated = blocking(move || actions.set_status(&user.0, id, &status)).await?;
    tracing::info!(action_id = %id, status = %updated.status, "action status changed");
    Ok(HttpResponse::Ok().json(ActionBody::from(updated)))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let id = ActionId(path.into_inner());
    blocking(move || actions.delete(&user.0, id)).await?;
    tracing::info!(action_id = %id, "action deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Action deleted successfully")))
}
