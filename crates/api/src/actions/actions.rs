//! `/api/actions`: the action tracker (spec §2 Actions, §4, §6).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use domain::actions::{Action, ActionPriority, ActionStatus, CreateActionRequest};
use domain::shared::Received;
use domain::ActionId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::schemas::SettableActionStatusSchema;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// A reported status, `overdue` included; absent or empty: all.
    #[serde(default)]
    #[param(value_type = Option<crate::http::schemas::ActionStatusFilterSchema>)]
    status: Received<ActionStatus>,
}

/// The action tracker, newest first.
#[utoipa::path(
    get,
    path = "/api/actions",
    tag = "actions",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Actions, newest first", body = Vec<ActionBody>),
        (status = 400, description = "`errors.status`: an unknown status", body = ErrorBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let status = query.into_inner().status;
    let list = blocking(move || actions.list(&user.0, status)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(ActionBody::from).collect::<Vec<_>>()))
}

/// One action: "not found" for an action recorded in the minutes of a committee meeting the user may not
/// see, unless it is assigned to them.
#[utoipa::path(
    get,
    path = "/api/actions/{id}",
    tag = "actions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The action's id")),
    responses(
        (status = 200, description = "The action as reported", body = ActionBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = "Action not found", body = ErrorBody),
    ),
)]
pub async fn get(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ActionId>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let id = path.into_inner();
    let action = blocking(move || actions.get(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(ActionBody::from(action)))
}

/// Creates an action, pending (or overdue at once for a past due date).
#[utoipa::path(
    post,
    path = "/api/actions",
    tag = "actions",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Created", body = ActionBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.description`, `errors.assignedTo`, \
                           `errors.dueDate`, `errors.priority`) or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs create actions (or a temporary password must be replaced \
                           first)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateActionRequest>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let input = body.into_inner();
    let created = blocking(move || actions.create(&user.0, input)).await?;
    tracing::info!(action_id = %created.id, "action created");
    Ok(HttpResponse::Created().json(ActionBody::from(created)))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SetStatusRequest {
    #[serde(default)]
    #[schema(value_type = SettableActionStatusSchema, required = true)]
    status: Received<ActionStatus>,
}

/// Changes an action's status; admins and chairs any action, a trustee only their own.
#[utoipa::path(
    patch,
    path = "/api/actions/{id}",
    tag = "actions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The action's id")),
    responses(
        (status = 200, description = "The action as reported", body = ActionBody),
        (status = 400, body = ErrorBody,
            description = "`errors.status`: unknown, or `overdue` (computed, never chosen)"),
        (status = 403, body = ErrorBody,
            description = "A trustee may only change actions assigned to them (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Action not found", body = ErrorBody),
        (status = 409, description = "The action is complete and can no longer be changed", body = ErrorBody),
    ),
)]
pub async fn set_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ActionId>,
    body: Json<SetStatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let id = path.into_inner();
    let status = body.into_inner().status;
    let updated = blocking(move || actions.set_status(&user.0, id, status)).await?;
    tracing::info!(action_id = %id, status = %updated.status, "action status changed");
    Ok(HttpResponse::Ok().json(ActionBody::from(updated)))
}

/// Deletes an action.
#[utoipa::path(
    delete,
    path = "/api/actions/{id}",
    tag = "actions",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The action's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs delete actions (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Action not found", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<ActionId>,
) -> Result<HttpResponse, ApiError> {
    let actions = state.actions.clone();
    let id = path.into_inner();
    blocking(move || actions.delete(&user.0, id)).await?;
    tracing::info!(action_id = %id, "action deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Action deleted successfully")))
}

/// An action as the API shows it; `status` is the reported one (overdue included).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Action)]
pub struct ActionBody {
    pub id: i32,
    pub title: String,
    pub description: String,
    #[schema(required = true)]
    pub assigned_to: Option<i32>,
    #[schema(required = true)]
    pub assigned_to_name: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::date_option")]
    #[schema(required = true)]
    pub due_date: Option<NaiveDate>,
    pub priority: ActionPriority,
    pub status: ActionStatus,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
    /// The meeting whose written minutes recorded this action (open it at `/meetings/{id}`), or null.
    #[schema(required = true)]
    pub meeting_id: Option<i32>,
}

impl From<Action> for ActionBody {
    fn from(action: Action) -> Self {
        Self {
            id: action.id.0,
            title: action.title,
            description: action.description,
            assigned_to: action.assigned_to.map(|id| id.0),
            assigned_to_name: action.assigned_to_name,
            due_date: action.due_date,
            priority: action.priority,
            status: action.status,
            created_at: action.created_at,
            updated_at: action.updated_at,
            meeting_id: action.meeting_id.map(|id| id.0),
        }
    }
}
