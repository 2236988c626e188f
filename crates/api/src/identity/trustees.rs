//! `/api/trustees/active`: the trustee directory (spec §2 Trustees).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::identity::directory::{DirectoryCommittee, DirectoryEntry};
use domain::identity::role::Role;

use crate::http::blocking::blocking;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// Active accounts by name, with their active committees.
#[utoipa::path(
    get,
    path = "/api/trustees/active",
    tag = "trustees",
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The directory, by name", body = Vec<DirectoryEntryBody>),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn active(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let directory = state.directory.clone();
    let entries = blocking(move || directory.active_trustees(&user.0)).await?;
    Ok(HttpResponse::Ok().json(entries.into_iter().map(DirectoryEntryBody::from).collect::<Vec<_>>()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DirectoryEntry)]
pub struct DirectoryEntryBody {
    pub id: i32,
    pub name: String,
    pub email: String,
    #[schema(required = true)]
    pub phone: Option<String>,
    pub role: Role,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub joined_date: DateTime<Utc>,
    pub committees: Vec<DirectoryCommitteeBody>,
    /// The current skills they rate themselves strong in, in the board's order (docs/spec.md §18).
    pub strong_skills: Vec<String>,
}

/// `role` is "chair" for a committee chair, "member" otherwise (the directory's own spelling).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DirectoryCommittee)]
pub struct DirectoryCommitteeBody {
    pub id: i32,
    pub name: String,
    #[schema(value_type = crate::http::schemas::DirectoryCommitteeRoleSchema)]
    pub role: &'static str,
}

impl From<DirectoryCommittee> for DirectoryCommitteeBody {
    fn from(committee: DirectoryCommittee) -> Self {
        Self { id: committee.id.0, name: committee.name, role: committee.role.directory_label() }
    }
}

impl From<DirectoryEntry> for DirectoryEntryBody {
    fn from(entry: DirectoryEntry) -> Self {
        Self {
            id: entry.id.0,
            name: entry.name,
            email: entry.email,
            phone: entry.phone,
            role: entry.role,
            joined_date: entry.joined,
            committees: entry.committees.into_iter().map(DirectoryCommitteeBody::from).collect(),
            strong_skills: entry.strong_skills,
        }
    }
}
