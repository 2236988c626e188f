//! `/api/trustees/active`: the trustee directory (spec §2 Trustees).

use actix_web::{web, HttpResponse};

use crate::blocking::blocking;
use crate::dto::directory::DirectoryEntryBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;

pub async fn active(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let directory = state.directory.clone();
    let entries = blocking(move || directory.active_trustees(&user.0)).await?;
    Ok(HttpResponse::Ok().json(entries.into_iter().map(DirectoryEntryBody::from).collect::<Vec<_>>()))
}
