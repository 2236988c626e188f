//! `/api/committees/{id}/documents`: files shared inside a committee (spec §2 Committees, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::committees::{CommitteeDocument, UploadCommitteeDocument};
use domain::library::files::DOCUMENT_KINDS;
use domain::{CommitteeDocumentId, CommitteeId};

use super::committees::AuthorBody;
use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::download::{Disposition, FileAnswer};
use crate::http::body::upload::{read_upload, refuse_declared_oversize};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// A committee's documents, newest first.
#[utoipa::path(
    get,
    path = "/api/committees/{id}/documents",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    responses(
        (status = 200, description = "Documents, newest first", body = Vec<CommitteeDocumentBody>),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let documents = blocking(move || committees.documents(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(documents.into_iter().map(CommitteeDocumentBody::from).collect::<Vec<_>>()))
}

/// The fields of a committee document upload (`multipart/form-data`).
#[derive(utoipa::ToSchema)]
#[schema(as = CommitteeDocumentUpload)]
#[allow(dead_code)] // Read by `upload` through `read_upload`; this type only describes the form.
pub struct UploadForm {
    /// Optional, at most 255 characters; blank or absent: the file's name.
    title: Option<String>,
    /// PDF, DOC, DOCX, XLS, XLSX or TXT whose content matches its extension; at most 10 MB.
    #[schema(value_type = FileBytes)]
    file: Vec<u8>,
}

/// Multipart `file` and optional `title`. Access and the archived state are checked before a byte of the
/// body is read (a refused caller's file never reaches the disk); the use case checks them again.
#[utoipa::path(
    post,
    path = "/api/committees/{id}/documents",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The committee's id")),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Uploaded", body = CommitteeDocumentBody),
        (status = 400, body = ErrorBody,
            description = "`errors.file` (missing, type not accepted, content not matching, empty), \
                           `errors.title`, or malformed multipart"),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, description = "Committee not found", body = ErrorBody),
        (status = 409, description = "This committee is archived and read-only", body = ErrorBody),
        (status = 413, description = "The file is larger than 10 MB", body = ErrorBody),
    ),
)]
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<CommitteeId>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let id = path.into_inner();
    let actor = user.0;
    let (checker, who) = (committees.clone(), actor.clone());
    blocking(move || checker.check_upload(&who, id)).await?;
    refuse_declared_oversize(&req)?;

    let mut upload = read_upload(&req, payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let input = UploadCommitteeDocument { title: upload.take("title"), file: upload.file.take() };
    let actor_id = actor.id;
    let document = blocking(move || committees.upload_document(&actor, id, input)).await?;
    tracing::info!(committee_id = %id, document_id = %document.id, "committee document uploaded");
    audit::record(&state, &req, event(AuditKind::CommitteeDocumentUploaded, actor_id, &document)).await;
    Ok(HttpResponse::Created().json(CommitteeDocumentBody::from(document)))
}

/// The file as an attachment, under its original name.
#[utoipa::path(
    get,
    path = "/api/committees/{id}/documents/{docId}/download",
    tag = "committees",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The committee's id"),
        ("docId" = i32, Path, description = "The document's id"),
    ),
    responses(
        (status = 200, description = "The exact bytes uploaded; `Content-Type` is the document's `mimeType`",
            content((crate::http::schemas::FileBytes = "application/pdf"), (crate::http::schemas::FileBytes = "application/msword"), (crate::http::schemas::FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (crate::http::schemas::FileBytes = "application/vnd.ms-excel"), (crate::http::schemas::FileBytes = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (crate::http::schemas::FileBytes = "text/plain")),
            headers(("Content-Disposition" = String,
                description = "`attachment; filename=...; filename*=UTF-8''...`"))),
        (status = 206, description = "The bytes of a single `Range` (`bytes=a-b`, `a-` or `-n`; spec §2 Pack \
            reader); every file answer carries `Accept-Ranges: bytes` and a strong `ETag` (SHA-256 of the bytes)",
            content_type = "application/octet-stream", body = crate::http::schemas::FileBytes,
            headers(("Content-Range" = String, description = "`bytes a-b/length`"))),
        (status = 416, description = "The range is not within the file", body = ErrorBody,
            headers(("Content-Range" = String, description = "`bytes */length`"))),
        (status = 403, body = ErrorBody,
            description = "Not a member of the committee, an admin or a chair (or a temporary password must \
                           be replaced first)"),
        (status = 404, body = ErrorBody,
            description = "Committee not found, or no such document in this committee \
                           (\"Document not found\")"),
    ),
)]
pub async fn download(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(CommitteeId, CommitteeDocumentId)>,
) -> Result<HttpResponse, ApiError> {
    let committees = state.committees.clone();
    let (id, document) = path.into_inner();
    let actor = user.0.id;
    let (document, bytes) = blocking(move || committees.download_document(&user.0, id, document)).await?;
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        audit::record_read(&state, &req, event(AuditKind::CommitteeDocumentDownloaded, actor, &document))
            .await?;
    }
    Ok(file.respond(&document.file_name, &document.mime_type, Disposition::Attachment))
}

/// An audit event about a committee document: its title as the object, the committee in the details.
fn event(kind: AuditKind, actor: domain::UserId, document: &CommitteeDocument) -> NewAuditEvent {
    NewAuditEvent::new(kind, Some(actor))
        .object(AuditObject::new("committee_document", document.id, document.title.clone()))
        .details(format!("committee {}, file: {}", document.committee_id, document.file_name))
}

/// A file shared inside a committee; `uploadedBy` is null once the uploader's account has been deleted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CommitteeDocument)]
pub struct CommitteeDocumentBody {
    pub id: i32,
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub uploaded_at: DateTime<Utc>,
    #[schema(required = true)]
    pub uploaded_by: Option<AuthorBody>,
}

impl From<CommitteeDocument> for CommitteeDocumentBody {
    fn from(document: CommitteeDocument) -> Self {
        Self {
            id: document.id.0,
            title: document.title,
            file_name: document.file_name,
            mime_type: document.mime_type,
            file_size: document.file_size,
            uploaded_at: document.uploaded_at,
            uploaded_by: document.uploaded_by.map(|author| AuthorBody { id: author.id.0, name: author.name }),
        }
    }
}
