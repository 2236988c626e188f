//! `/api/meetings/{id}/agenda-items`: the agenda builder and the items' papers (spec §2 Meeting page).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::library::files::DOCUMENT_KINDS;
use domain::meetings::agenda::{AgendaItem, AgendaPaper, AgendaPurpose, Presenter};
use domain::meetings::{AgendaItemRequest, LinkPaperRequest, ReorderRequest, UploadPaper};
use domain::{AgendaItemId, AgendaPaperId, MeetingId};

use crate::http::blocking::blocking;
use crate::http::body::download::{Disposition, FileAnswer};
use crate::http::body::json::Json;
use crate::http::body::message::MessageBody;
use crate::http::body::upload::{read_upload, refuse_declared_oversize};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// Adds an item at the end of the agenda.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    request_body = AgendaItemRequest,
    responses(
        (status = 201, description = "Added", body = AgendaItemBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.purpose`, `errors.durationMinutes`, \
                           `errors.presenterName`, `errors.presenterUserId`, `errors.description`) or a \
                           malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled, or the agenda is full (100 items)",
            body = ErrorBody),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<AgendaItemRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let (item, published) = blocking(move || meetings.add_item(&user.0, id, input)).await?;
    Ok(HttpResponse::Created().json(AgendaItemBody::new(item, published)))
}

/// Starts an empty agenda from the standard items: welcome and apologies; declarations of interest;
/// minutes of the last meeting; matters arising and action log; any other business; date of next meeting.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/standard",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 201, description = "The agenda, now the six standard items", body = Vec<AgendaItemBody>),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, description = "The agenda already has items, or the meeting is cancelled",
            body = ErrorBody),
    ),
)]
pub async fn standard(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let (items, published) = blocking(move || meetings.add_standard_items(&user.0, id)).await?;
    let body: Vec<AgendaItemBody> = items.into_iter().map(|i| AgendaItemBody::new(i, published)).collect();
    Ok(HttpResponse::Created().json(body))
}

/// Puts the items in a new order; their numbers follow.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/agenda-items/order",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    request_body = ReorderRequest,
    responses(
        (status = 200, description = "The agenda in its new order", body = Vec<AgendaItemBody>),
        (status = 400, body = ErrorBody,
            description = "`errors.itemIds`: missing or more than 100 ids; or a malformed body"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting not found", body = ErrorBody),
        (status = 409, body = ErrorBody,
            description = "The list is stale (it does not name every item of the agenda exactly once), or \
                           the meeting is cancelled"),
    ),
)]
pub async fn reorder(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<ReorderRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let (items, published) = blocking(move || meetings.reorder(&user.0, id, input)).await?;
    let body: Vec<AgendaItemBody> = items.into_iter().map(|i| AgendaItemBody::new(i, published)).collect();
    Ok(HttpResponse::Ok().json(body))
}

/// Replaces an item's fields.
#[utoipa::path(
    put,
    path = "/api/meetings/{id}/agenda-items/{itemId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    request_body = AgendaItemRequest,
    responses(
        (status = 200, description = "Saved", body = AgendaItemBody),
        (status = 400, description = "Invalid fields, as when adding, or a malformed body", body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting or item not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
    body: Json<AgendaItemRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item) = path.into_inner();
    let input = body.into_inner();
    let (item, published) = blocking(move || meetings.update_item(&user.0, id, item, input)).await?;
    Ok(HttpResponse::Ok().json(AgendaItemBody::new(item, published)))
}

/// Deletes an item with the papers uploaded to it (linked library documents stay in the library); the
/// items after it move up.
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}/agenda-items/{itemId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs build agendas (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting or item not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item) = path.into_inner();
    blocking(move || meetings.delete_item(&user.0, id, item)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Agenda item deleted")))
}

/// The fields of a paper upload (`multipart/form-data`).
#[derive(utoipa::ToSchema)]
#[schema(as = AgendaPaperUpload)]
#[allow(dead_code)] // Read by `upload_paper` through `read_upload`; this type only describes the form.
pub struct PaperForm {
    /// Optional, at most 200 characters; blank or absent: the file's name.
    title: Option<String>,
    /// PDF, DOC, DOCX, XLS, XLSX or TXT whose content matches its extension; at most 10 MB.
    #[schema(value_type = FileBytes)]
    file: Vec<u8>,
}

/// Uploads a paper to an item (multipart `file` and optional `title`), with the library's checks. Access
/// is checked before a byte of the body is read; the use case checks it again.
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/{itemId}/papers",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    request_body(content = PaperForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Attached", body = AgendaPaperBody),
        (status = 400, body = ErrorBody,
            description = "`errors.file` (missing, type not accepted, content not matching, empty), \
                           `errors.title`, or malformed multipart"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs attach papers (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting or item not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
        (status = 413, description = "The file is larger than 10 MB", body = ErrorBody),
    ),
)]
pub async fn upload_paper(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item) = path.into_inner();
    let actor = user.0;
    let (checker, who) = (meetings.clone(), actor.clone());
    blocking(move || checker.editable(&who, id)).await?;
    refuse_declared_oversize(&req)?;

    let mut upload = read_upload(&req, payload, state.files.clone(), DOCUMENT_KINDS).await?;
    let input = UploadPaper { title: upload.take("title"), file: upload.file.take() };
    let paper = blocking(move || meetings.upload_paper(&actor, id, item, input)).await?;
    tracing::info!(meeting_id = %id, item_id = %item, paper_id = %paper.id, "agenda paper uploaded");
    Ok(HttpResponse::Created().json(AgendaPaperBody::from(paper)))
}

/// Attaches a library document to an item as a paper (the file stays the library's).
#[utoipa::path(
    post,
    path = "/api/meetings/{id}/agenda-items/{itemId}/papers/link",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
    ),
    request_body = LinkPaperRequest,
    responses(
        (status = 201, description = "Attached", body = AgendaPaperBody),
        (status = 400, description = "`errors.documentId`: missing or no such document", body = ErrorBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs attach papers (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting or item not found", body = ErrorBody),
        (status = 409, body = ErrorBody,
            description = "The document is already attached to this item, or the meeting is cancelled"),
    ),
)]
pub async fn link_paper(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId)>,
    body: Json<LinkPaperRequest>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item) = path.into_inner();
    let input = body.into_inner();
    let paper = blocking(move || meetings.link_paper(&user.0, id, item, input)).await?;
    Ok(HttpResponse::Created().json(AgendaPaperBody::from(paper)))
}

/// Removes a paper from an item: an uploaded file is deleted, a linked library document stays.
#[utoipa::path(
    delete,
    path = "/api/meetings/{id}/agenda-items/{itemId}/papers/{paperId}",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("paperId" = i32, Path, description = "The paper's id"),
    ),
    responses(
        (status = 200, description = "Removed", body = MessageBody),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs remove papers (or a temporary password must be replaced \
                           first)"),
        (status = 404, description = "Meeting, item or paper not found", body = ErrorBody),
        (status = 409, description = "The meeting is cancelled", body = ErrorBody),
    ),
)]
pub async fn remove_paper(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, AgendaItemId, AgendaPaperId)>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item, paper) = path.into_inner();
    blocking(move || meetings.remove_paper(&user.0, id, item, paper)).await?;
    Ok(HttpResponse::Ok().json(MessageBody::new("Paper removed")))
}

/// The paper's file as an attachment, under its original name. Seen by whoever sees the meeting and its
/// agenda: a draft agenda's papers answer 404 to trustees.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/agenda-items/{itemId}/papers/{paperId}/download",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(
        ("id" = i32, Path, description = "The meeting's id"),
        ("itemId" = i32, Path, description = "The item's id"),
        ("paperId" = i32, Path, description = "The paper's id"),
    ),
    responses(
        (status = 200, description = "The exact bytes; `Content-Type` is the paper's `mimeType`",
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
        (status = 404, body = ErrorBody,
            description = "Meeting or paper not found, or the agenda is a draft and the reader a trustee"),
    ),
)]
pub async fn download_paper(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<(MeetingId, AgendaItemId, AgendaPaperId)>,
) -> Result<HttpResponse, ApiError> {
    let meetings = state.meetings.clone();
    let (id, item, paper) = path.into_inner();
    let actor = user.0.id;
    let (paper, bytes) = blocking(move || meetings.download_paper(&user.0, id, item, paper)).await?;
    // Audited as a document download (spec §8 Audit log): a linked library document by its own id, an
    // uploaded paper by the paper's, so the "For you" list knows the paper was opened (spec §2 Dashboard).
    let object = match paper.library_document {
        Some(document) => AuditObject::new("document", document, paper.title.clone()),
        None => AuditObject::new("agenda_paper", paper.id, paper.title.clone()),
    };
    let event = NewAuditEvent::new(AuditKind::DocumentDownloaded, Some(actor))
        .object(object)
        .details(format!("file: {}", paper.file_name));
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        crate::http::audit::record_read(&state, &req, event).await?;
    }
    Ok(file.respond(&paper.file_name, &paper.mime_type, Disposition::Attachment))
}

/// A paper attached to an agenda item: a file uploaded to the item, or a library document
/// (`libraryDocumentId`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AgendaPaper)]
pub struct AgendaPaperBody {
    pub id: i32,
    pub item_id: i32,
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    /// Set when the paper is a link to this library document.
    #[schema(required = true)]
    pub library_document_id: Option<i32>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub added_at: DateTime<Utc>,
}

impl From<AgendaPaper> for AgendaPaperBody {
    fn from(paper: AgendaPaper) -> Self {
        Self {
            id: paper.id.0,
            item_id: paper.item_id.0,
            title: paper.title,
            file_name: paper.file_name,
            mime_type: paper.mime_type,
            file_size: paper.file_size,
            library_document_id: paper.library_document.map(|d| d.0),
            added_at: paper.added_at,
        }
    }
}

/// One agenda item; `number` is its place on the agenda (1, 2, ...).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AgendaItem)]
pub struct AgendaItemBody {
    pub id: i32,
    pub number: i32,
    pub title: String,
    pub purpose: AgendaPurpose,
    /// The presenting portal user, if the presenter is one.
    #[schema(required = true)]
    pub presenter_user_id: Option<i32>,
    /// The presenter's name: the portal user's, or the free text; null when nobody is named.
    #[schema(required = true)]
    pub presenter_name: Option<String>,
    pub duration_minutes: i32,
    pub description: String,
    pub papers: Vec<AgendaPaperBody>,
    /// Added or changed (or its papers changed) after the agenda was last published.
    pub changed_since_publication: bool,
    /// The decided written resolution the item reports, when it was added from one.
    #[schema(required = true)]
    pub resolution_id: Option<i32>,
}

impl AgendaItemBody {
    pub fn new(item: AgendaItem, published_at: Option<DateTime<Utc>>) -> Self {
        let changed_since_publication = item.changed_since(published_at);
        let (presenter_user_id, presenter_name) = match item.presenter {
            Some(Presenter::User { id, name }) => (Some(id.0), Some(name)),
            Some(Presenter::Named(name)) => (None, Some(name)),
            None => (None, None),
        };
        Self {
            id: item.id.0,
            number: item.number,
            title: item.title,
            purpose: item.purpose,
            presenter_user_id,
            presenter_name,
            duration_minutes: item.duration_minutes,
            description: item.description,
            papers: item.papers.into_iter().map(AgendaPaperBody::from).collect(),
            changed_since_publication,
            resolution_id: item.resolution.map(|r| r.0),
        }
    }
}
