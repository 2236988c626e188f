//! `/api/committees/{id}/documents`: files shared inside a committee (spec §2 Committees, §6).

use actix_multipart::Multipart;
use actix_web::{web, HttpRequest, HttpResponse};

use domain::files::DOCUMENT_KINDS;
use domain::services::UploadCommitteeDocument;
use domain::{CommitteeDocumentId, CommitteeId};

use crate::blocking::blocking;
use crate::download::{file_response, Disposition};
use crate::dto::committee::CommitteeDocumentBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::upload::{read_upload, refuse_declared_oversize};

pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let documents = blocking(move || committees.documents(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(documents.into_iter().map(CommitteeDocumentBody::from).collect::<Vec<_>>()))
}

/// Multipart `file` and optional `title`. Access and the archived state are checked before a byte of the
/// body is read (a refused caller's file never reaches the disk); the use case checks them again.
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i32>,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = CommitteeId(path.into_inner());
    let actor = user.0;
    let (checker, who) = (committees.clone(), actor.clone());
    blocking(move || checker.check_upload(&who, id)).await?;
    refuse_declared_oversize(&req)?;

    let mut upload = read_upload(payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let input = UploadCommitteeDocument { title: upload.take("title"), file: upload.file.take() };
    let document = blocking(move || committees.upload_document(&actor, id, input)).await?;
    tracing::info!(committee_id = %id, document_id = %document.id, "committee document uploaded");
    Ok(HttpResponse::Created().json(CommitteeDocumentBody::from(document)))
}

pub async fn download(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let (id, document) = path.into_inner();
    let (id, document) = (CommitteeId(id), CommitteeDocumentId(document));
    let (document, bytes) = blocking(move || committees.download_document(&user.0, id, document)).await?;
    Ok(file_response(bytes, &document.file_name, &document.mime_type, Disposition::Attachment))
}
