//! `/api/documents`: the document library (spec §2 Documents, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::permissions;
use domain::identity::user::User;
use domain::library::document::{Document, DocumentCategory, Uploader};
use domain::library::files::{FileKind, DOCUMENT_KINDS};
use domain::library::{DocumentService, LibraryRefusal, UploadDocument};
use domain::shared::Received;
use domain::{DocumentId, UserId};

use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::cached::EncodedJson;
use crate::http::body::download::{Disposition, FileAnswer};
use crate::http::body::message::MessageBody;
use crate::http::body::upload::{read_upload, refuse_declared_oversize};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this category; absent or empty: all.
    #[serde(default)]
    #[param(value_type = Option<crate::http::schemas::DocumentCategoryFilterSchema>)]
    category: Received<DocumentCategory>,
}

/// The library, most recently updated first.
#[utoipa::path(
    get,
    path = "/api/documents",
    tag = "documents",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Documents, most recently updated first", body = Vec<DocumentBody>),
        (status = 400, description = "`errors.category`: not one of the categories", body = ErrorBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let category = query.into_inner().category;
    // A guest's list is their own (spec §6 Guests), read every time.
    if !user.0.role.is_board_member() {
        let documents = state.documents.clone();
        let list = blocking(move || documents.guest_list(&user.0, category)).await?;
        return Ok(HttpResponse::Ok().json(list.into_iter().map(DocumentBody::from).collect::<Vec<_>>()));
    }
    // The same list for every reader of a filter: a process that holds it answers from memory (spec §9).
    let key = state.documents.list_key(&user.0, category)?;
    if let Some(list) = state.documents.cached_list(key, &*state.documents_cache) {
        return Ok(list.response());
    }
    let documents = state.documents.clone();
    let cache = state.documents_cache.clone();
    let list = blocking(move || {
        documents.list_into_cache(key, &*cache, |list| {
            EncodedJson::of(&list.into_iter().map(DocumentBody::from).collect::<Vec<_>>())
        })
    })
    .await?;
    Ok(list.response())
}

/// The fields of a document upload (`multipart/form-data`).
#[derive(utoipa::ToSchema)]
#[schema(as = DocumentUpload)]
#[allow(dead_code)] // Read by `upload` through `read_upload`; this type only describes the form.
pub struct UploadForm {
    /// Required, at most 200 characters.
    title: String,
    category: DocumentCategory,
    /// Optional, default `1.0`, at most 20 characters.
    version: Option<String>,
    /// PDF, DOC, DOCX, XLS, XLSX or TXT whose content matches its extension; at most 10 MB.
    #[schema(value_type = FileBytes)]
    file: Vec<u8>,
}

/// The permission is checked before a byte of the body is read; the use case checks it again.
#[utoipa::path(
    post,
    path = "/api/documents",
    tag = "documents",
    security(("bearerAuth" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Uploaded", body = DocumentBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.category`, `errors.version`, \
                           `errors.file`) or malformed multipart"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs upload documents (or a temporary password must be \
                           replaced first)"),
        (status = 413, description = "The file is larger than 10 MB", body = ErrorBody),
    ),
)]
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    if !permissions::can_manage_documents(user.0.role) {
        return Err(LibraryRefusal::OnlyOfficersManageDocuments.into());
    }
    refuse_declared_oversize(&req)?;
    let mut upload = read_upload(&req, payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let input = UploadDocument {
        title: upload.take("title"),
        category: Received::parse(upload.field("category")),
        version: upload.take("version"),
        file: upload.file.take(),
    };
    let documents = state.documents.clone();
    let actor = user.0.id;
    let created = blocking(move || documents.upload(&user.0, input)).await?;
    tracing::info!(document_id = %created.id, "document uploaded");
    audit::record(&state, &req, event(AuditKind::DocumentUploaded, actor, &created)).await;
    Ok(HttpResponse::Created().json(DocumentBody::from(created)))
}

/// Deletes a document and its file.
#[utoipa::path(
    delete,
    path = "/api/documents/{id}",
    tag = "documents",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The document's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs delete documents (or a temporary password must be \
                           replaced first)"),
        (status = 404, description = "Document not found", body = ErrorBody),
    ),
)]
pub async fn delete(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<DocumentId>,
) -> Result<HttpResponse, ApiError> {
    let id = *path;
    let (actor, deleted) = on_document(&state, user.0, path, DocumentService::delete).await?;
    tracing::info!(document_id = %id, "document deleted");
    audit::record(&state, &req, event(AuditKind::DocumentDeleted, actor, &deleted)).await;
    Ok(HttpResponse::Ok().json(MessageBody::new("Document deleted successfully")))
}

/// The file as an attachment, under its original name.
#[utoipa::path(
    get,
    path = "/api/documents/{id}/download",
    tag = "documents",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The document's id")),
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
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = "Document not found", body = ErrorBody),
    ),
)]
pub async fn download(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<DocumentId>,
) -> Result<HttpResponse, ApiError> {
    let (actor, (document, bytes)) = on_document(&state, user.0, path, DocumentService::download).await?;
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        audit::record_read(&state, &req, event(AuditKind::DocumentDownloaded, actor, &document)).await?;
    }
    Ok(file.respond(&document.file_name, &document.mime_type, Disposition::Attachment))
}

/// A link that opens the file in a new tab for about 60 seconds, without the session token in the URL.
#[utoipa::path(
    post,
    path = "/api/documents/{id}/view-ticket",
    tag = "documents",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The document's id")),
    responses(
        (status = 200, body = ViewLinkBody,
            description = "`{\"url\": \"/api/documents/{id}/view?ticket=...\"}`"),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = "Document not found", body = ErrorBody),
    ),
)]
pub async fn view_ticket(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<DocumentId>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = path.into_inner();
    let ticket = blocking(move || documents.view_ticket(&user.0, user.1, id)).await?;
    Ok(HttpResponse::Ok().json(ViewLinkBody { url: format!("/api/documents/{id}/view?ticket={ticket}") }))
}

/// Opened in a new tab. PDFs are shown inline by the browser's viewer; anything else is a download, so no
/// uploaded content is ever rendered in the portal's origin.
#[utoipa::path(
    get,
    path = "/api/documents/{id}/view",
    tag = "documents",
    params(
        ("id" = i32, Path, description = "The document's id"),
        ViewQuery,
    ),
    responses(
        (status = 200, description = "The file: PDFs `inline`, any other type as an `attachment`",
            content((crate::http::schemas::FileBytes = "application/pdf"), (crate::http::schemas::FileBytes = "application/msword"), (crate::http::schemas::FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (crate::http::schemas::FileBytes = "application/vnd.ms-excel"), (crate::http::schemas::FileBytes = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (crate::http::schemas::FileBytes = "text/plain")),
            headers(("Content-Disposition" = String,
                description = "`inline` for a PDF, `attachment` otherwise"))),
        (status = 206, description = "The bytes of a single `Range` (`bytes=a-b`, `a-` or `-n`; spec §2 Pack \
            reader); every file answer carries `Accept-Ranges: bytes` and a strong `ETag` (SHA-256 of the bytes)",
            content_type = "application/octet-stream", body = crate::http::schemas::FileBytes,
            headers(("Content-Range" = String, description = "`bytes a-b/length`"))),
        (status = 416, description = "The range is not within the file", body = ErrorBody,
            headers(("Content-Range" = String, description = "`bytes */length`"))),
        (status = 401, body = ErrorBody,
            description = "The link has expired or is not valid (no bearer token is read)"),
        (status = 404, description = "Document not found (only after a valid ticket)", body = ErrorBody),
    ),
)]
pub async fn view(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<DocumentId>,
    query: web::Query<ViewQuery>,
) -> Result<HttpResponse, ApiError> {
    let documents = state.documents.clone();
    let id = path.into_inner();
    let ticket = query.into_inner().ticket;
    let (viewer, document, bytes) = blocking(move || documents.view(ticket.as_deref(), id)).await?;
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        audit::record_read(&state, &req, event(AuditKind::DocumentViewed, viewer.id, &document)).await?;
    }
    let disposition = if document.mime_type == FileKind::Pdf.mime_type() {
        Disposition::Inline
    } else {
        Disposition::Attachment
    };
    Ok(file.respond(&document.file_name, &document.mime_type, disposition))
}

/// Runs one use case on the path's document for the caller, off the async workers; answers the caller's id
/// (for the audit event) beside its result.
async fn on_document<T: Send + 'static>(
    state: &AppState,
    user: User,
    path: web::Path<DocumentId>,
    use_case: fn(&DocumentService, &User, DocumentId) -> Result<T, LibraryRefusal>,
) -> Result<(UserId, T), ApiError> {
    let documents = state.documents.clone();
    let id = path.into_inner();
    let actor = user.id;
    let result = blocking(move || use_case(&documents, &user, id)).await?;
    Ok((actor, result))
}

/// An audit event about a document: its title as the object, its file name as the details.
fn event(kind: AuditKind, actor: domain::UserId, document: &Document) -> NewAuditEvent {
    NewAuditEvent::new(kind, Some(actor))
        .object(AuditObject::new("document", document.id, document.title.clone()))
        .details(format!("file: {}", document.file_name))
}

/// `{id, name}` of whoever uploaded a file.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Uploader)]
pub struct UploaderBody {
    pub id: i32,
    pub name: String,
}

impl From<Uploader> for UploaderBody {
    fn from(uploader: Uploader) -> Self {
        Self { id: uploader.id.0, name: uploader.name }
    }
}

/// A document as the API shows it: never its storage key.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Document)]
pub struct DocumentBody {
    pub id: i32,
    pub title: String,
    pub category: DocumentCategory,
    pub version: String,
    pub mime_type: String,
    pub file_size: i64,
    pub file_name: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub uploaded_by: Option<UploaderBody>,
}

impl From<Document> for DocumentBody {
    fn from(document: Document) -> Self {
        Self {
            id: document.id.0,
            title: document.title,
            category: document.category,
            version: document.version,
            mime_type: document.mime_type,
            file_size: document.file_size,
            file_name: document.file_name,
            updated_at: document.updated_at,
            uploaded_by: document.uploaded_by.map(UploaderBody::from),
        }
    }
}

/// `{url}`: where a new tab opens one file with a short-lived view ticket.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ViewLink)]
pub struct ViewLinkBody {
    pub url: String,
}

/// Only `ticket` is read from the query of a view link: a session token there is never accepted.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewQuery {
    /// The ticket from `view-ticket`; a missing or invalid one is 401.
    #[param(required = true)]
    pub ticket: Option<String>,
}
