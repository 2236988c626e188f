//! `/api/minutes`: the minutes archive (spec §2 Minutes, §6).

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use domain::files::{FileKind, MINUTES_KINDS};
use domain::permissions;
use domain::services::minutes::PUBLISH_FORBIDDEN;
use domain::services::UploadMinutes;
use domain::{DomainError, MinutesId};

use crate::blocking::blocking;
use crate::download::{file_response, Disposition};
use crate::dto::document::ViewLinkBody;
use crate::dto::minutes::MinutesBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::upload::{read_upload, refuse_declared_oversize};

#[derive(Deserialize)]
pub struct ListQuery {
    search: Option<String>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let search = query.into_inner().search;
    let list = blocking(move || minutes.list(&user.0, search.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MinutesBody::from).collect::<Vec<_>>()))
}

/// The permission is checked before a byte of the body is read; the use case checks it again.
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    if !permissions::can_publish(user.0.role) {
        return Err(DomainError::forbidden(PUBLISH_FORBIDDEN).into());
    }
    refuse_declared_oversize(&req)?;
    let mut upload = read_upload(payload, state.files.clone(), MINUTES_KINDS).await?;
    let input = UploadMinutes {
        title: upload.take("title"),
        meeting_date: upload.take("meetingDate"),
        meeting_id: upload.take("meetingId"),
        external_link: upload.take("externalLink"),
        file: upload.file.take(),
    };
    let minutes = state.minutes.clone();
    let created = blocking(move || minutes.upload(&user.0, input)).await?;
    tracing::info!(minutes_id = %created.id, "minutes uploaded");
    Ok(HttpResponse::Created().json(MinutesBody::from(created)))
}

pub async fn download(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = MinutesId(path.into_inner());
    let (_, file_name, bytes) = blocking(move || minutes.download(&user.0, id)).await?;
    Ok(file_response(bytes, &file_name, FileKind::Pdf.mime_type(), Disposition::Attachment))
}

pub async fn view_ticket(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = MinutesId(path.into_inner());
    let ticket = blocking(move || minutes.view_ticket(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(ViewLinkBody { url: format!("/api/minutes/{id}/view?ticket={ticket}") }))
}

/// Only `ticket` is read from the query: a session token there is never accepted.
#[derive(Deserialize)]
pub struct ViewQuery {
    ticket: Option<String>,
}

/// Opened in a new tab: minutes are always PDFs, shown inline by the browser's viewer.
pub async fn view(
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<ViewQuery>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = MinutesId(path.into_inner());
    let ticket = query.into_inner().ticket;
    let (_, file_name, bytes) = blocking(move || minutes.view(ticket.as_deref(), id)).await?;
    Ok(file_response(bytes, &file_name, FileKind::Pdf.mime_type(), Disposition::Inline))
}
