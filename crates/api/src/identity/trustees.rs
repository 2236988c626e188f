//! `/api/trustees/active`: the trustee directory (spec §2 Trustees).

use actix_web::{web, HttpResponse};

use crate::blocking::blocking;
use crate::dto::directory::DirectoryEntryBody;
use crate::error::{ApiError, ErrorBody};
use crate::extractors::CurrentUser;
use crate::state::AppState;

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
