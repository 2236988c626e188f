//! `/api/committees`: listing, creation, archive and delete (spec §2 Committees, §4, §6).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::committees::{Committee, CommitteeRole, CreateCommitteeRequest};
use domain::CommitteeId;

use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Also list archived committees; default `false`.
    #[serde(default, deserialize_with = "crate::http::body::input::empty_as_absent")]
    #[param(value_type = Option<crate::http::schemas::BooleanFilterSchema>)]
    include_archived: Option<bool>,
}

/// Committees by name: all of them for admins and chairs, one's own for others.
#[utoipa::path(
    get,
    path = "/api/committees",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Committees by name", body = Vec<CommitteeBody>),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
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

/// Creates a committee; the creator becomes its committee chair.
#[utoipa::path(
    post,
    path = "/api/committees",
    tag = "committees",
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "Created", body = CommitteeBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.name`, `errors.description`) or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs create committees (or a temporary password must be \
                           replaced first)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<CreateCommitteeRequest>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let input = body.into_inner();
    let created = blocking(move || committees.create(&user.0, input)).await?;
    tracing::info!(committee_id = %created.id, "committee created");
    Ok(HttpResponse::Created().json(CommitteeBody::from(created)))
}

/// Archives a committee: it becomes read-only.
#[utoipa::path(
    patch,
    path = "/api/committees/{id}/archive",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 200, description = "Archived", body = CommitteeBody),
        (status = 403, body = ErrorBody,
            description = "Not the committee's chair, an admin or a chair (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "This committee is already archived", body = ErrorBody),
    ),
)]
pub async fn archive(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let archived = blocking(move || committees.archive(&user.0, id)).await?;
    tracing::info!(committee_id = %id, "committee archived");
    Ok(HttpResponse::Ok().json(CommitteeBody::from(archived)))
}

/// Deletes an archived committee with its members, messages and documents.
#[utoipa::path(
    delete,
    path = "/api/committees/{id}",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Not the committee's chair, an admin or a chair (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "Only archived committees can be deleted", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    blocking(move || committees.delete(&user.0, id)).await?;
    tracing::info!(committee_id = %id, "committee deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Committee deleted successfully")))
}

/// A committee as the caller sees it: `role` is theirs in it, null when they are not a member.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Committee)]
pub struct CommitteeBody {
    pub id: i32,
    pub name: String,
    pub description: String,
    pub archived: bool,
    pub member_count: i64,
    #[schema(required = true, value_type = Option<CommitteeRole>)]
    pub role: Option<CommitteeRole>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
}

impl From<Committee> for CommitteeBody {
    fn from(committee: Committee) -> Self {
        Self {
            id: committee.id.0,
            name: committee.name,
            description: committee.description,
            archived: committee.archived,
            member_count: committee.member_count,
            role: committee.viewer_role,
            created_at: committee.created_at,
        }
    }
}

/// `{id, name}` of whoever wrote a message or uploaded a committee document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Author)]
pub struct AuthorBody {
    pub id: i32,
    pub name: String,
}
