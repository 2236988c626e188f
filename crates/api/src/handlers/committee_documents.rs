//! `/api/committees/{id}/documents`: files shared inside a committee (spec §2 Committees, §6).

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};

use domain::files::DOCUMENT_KINDS;
use domain::services::IncomingFile;
use domain::{CommitteeDocumentId, CommitteeId};

use crate::blocking::blocking;
use crate::download::{file_response, Disposition};
use crate::dto::committee::CommitteeDocumentBody;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::upload::read_upload;

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

/// Multipart `file` and optional `title`. Permission and the archived state are checked before the body
/// is read, and again when the upload is recorded.
pub async fn upload(
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

    let upload = read_upload(payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let title = upload.field("title").map(str::to_string);
    let file = upload.file.map(|received| IncomingFile {
        pending: received.pending,
        file_name: received.file_name,
        kind: received.kind,
        size: received.size,
    });
    let document = blocking(move || committees.upload_document(&actor, id, title.as_deref(), file)).await?;
    tracing::info!(
        committee_id = %id,
        document_id = %document.id,
        size = document.file_size,
        "committee document uploaded"
    );
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
