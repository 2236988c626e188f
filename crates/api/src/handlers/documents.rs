//! `/api/documents`: the document library (spec §2 Documents, §6).

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use domain::files::{FileKind, DOCUMENT_KINDS};
use domain::permissions;
use domain::services::documents::MANAGE_FORBIDDEN;
use domain::services::UploadDocument;
use domain::{DocumentId, DomainError};

use crate::blocking::blocking;
use crate::download::{file_response, Disposition};
use crate::dto::document::{DocumentBody, ViewLinkBody};
use crate::dto::message::MessageBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::upload::{read_upload, refuse_declared_oversize};

#[derive(Deserialize)]
pub struct ListQuery {
    category: Option<String>,
}

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let category = query.into_inner().category;
    let list = blocking(move || documents.list(&user.0, category.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(DocumentBody::from).collect::<Vec<_>>()))
}

/// The permission is checked before a byte of the body is read; the use case checks it again.
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    if !permissions::can_manage_documents(user.0.role) {
        return Err(DomainError::forbidden(MANAGE_FORBIDDEN).into());
    }
    refuse_declared_oversize(&req)?;
    let mut upload = read_upload(payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let input = UploadDocument {
        title: upload.take("title"),
        category: upload.take("category"),
        version: upload.take("version"),
        file: upload.file.take(),
    };
    let documents = state.documents.clone();
    let created = blocking(move || documents.upload(&user.0, input)).await?;
    tracing::info!(document_id = %created.id, "document uploaded");
    Ok(HttpResponse::Created().json(DocumentBody::from(created)))
}

pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = DocumentId(path.into_inner());
    blocking(move || documents.delete(&user.0, id)).await?;
    tracing::info!(document_id = %id, "document deleted");
    Ok(HttpResponse::Ok().json(MessageBody::new("Document deleted successfully")))
}

pub async fn download(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = DocumentId(path.into_inner());
    let (document, bytes) = blocking(move || documents.download(&user.0, id)).await?;
    Ok(file_response(bytes, &document.file_name, &document.mime_type, Disposition::Attachment))
}

pub async fn view_ticket(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = DocumentId(path.into_inner());
    let ticket = blocking(move || documents.view_ticket(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(ViewLinkBody { url: format!("/api/documents/{id}/view?ticket={ticket}") }))
}

/// Only `ticket` is read from the query: a session token there is never accepted.
#[derive(Deserialize)]
pub struct ViewQuery {
    ticket: Option<String>,
}

/// Opened in a new tab. PDFs are shown inline by the browser's viewer; anything else is a download, so no
/// uploaded content is ever rendered in the portal's origin.
pub async fn view(
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<ViewQuery>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = DocumentId(path.into_inner());
    let ticket = query.into_inner().ticket;
    let (document, bytes) = blocking(move || documents.view(ticket.as_deref(), id)).await?;
    let disposition = if document.mime_type == FileKind::Pdf.mime_type() {
        Disposition::Inline
    } else {
        Disposition::Attachment
    };
    Ok(file_response(bytes, &document.file_name, &document.mime_type, disposition))
}
