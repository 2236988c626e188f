//! `/api/minutes`: the minutes archive (spec §2 Minutes, §6).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::audit::{AuditKind, AuditObject, NewAuditEvent};
use domain::identity::permissions;
use domain::library::files::{FileKind, MINUTES_KINDS};
use domain::library::minutes::service::meeting_id_field;
use domain::library::minutes::{Minutes, MinutesSource};
use domain::library::LibraryRefusal;
use domain::library::UploadMinutes;
use domain::shared::ReceivedTime;
use domain::MinutesId;

use super::documents::{ViewLinkBody, ViewQuery};
use crate::http::audit;
use crate::http::blocking::blocking;
use crate::http::body::download::{Disposition, FileAnswer};
use crate::http::body::upload::{read_upload, refuse_declared_oversize};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Kept when the title contains it, case-insensitively and literally; absent or empty: all.
    search: Option<String>,
}

/// The minutes archive, latest meeting first.
#[utoipa::path(
    get,
    path = "/api/minutes",
    tag = "minutes",
    security(("bearerAuth" = [])),
    params(ListQuery),
    responses(
        (status = 200, description = "Minutes, latest `meetingDate` first", body = Vec<MinutesBody>),
        (status = 400, description = "`errors.search`: longer than 200 characters", body = ErrorBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let search = query.into_inner().search;
    let list = blocking(move || minutes.list(&user.0, search.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MinutesBody::from).collect::<Vec<_>>()))
}

/// The fields of a minutes upload (`multipart/form-data`): a PDF `file` or an `externalLink`, not both.
#[derive(utoipa::ToSchema)]
#[schema(as = MinutesUpload)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // Read by `upload` through `read_upload`; this type only describes the form.
pub struct UploadForm {
    /// Required, at most 200 characters.
    title: String,
    /// RFC 3339 date-time with a zone, e.g. `2026-03-05T18:30:00Z`.
    #[schema(format = DateTime)]
    meeting_date: String,
    /// Optional (`""` = none): the id of an existing meeting.
    meeting_id: Option<String>,
    /// Optional (`""` = none): an http(s) link, instead of a file.
    external_link: Option<String>,
    /// A PDF of at most 10 MB, instead of a link.
    #[schema(value_type = Option<FileBytes>)]
    file: Option<Vec<u8>>,
}

/// The permission is checked before a byte of the body is read; the use case checks it again.
#[utoipa::path(
    post,
    path = "/api/minutes",
    tag = "minutes",
    security(("bearerAuth" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Recorded", body = MinutesBody),
        (status = 400, body = ErrorBody,
            description = "Invalid fields (`errors.title`, `errors.meetingDate`, `errors.meetingId`, \
                           `errors.externalLink`, `errors.file`) or malformed multipart"),
        (status = 403, body = ErrorBody,
            description = "Only admins and chairs upload minutes (or a temporary password must be replaced \
                           first)"),
        (status = 413, description = "The file is larger than 10 MB", body = ErrorBody),
    ),
)]
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    if !permissions::can_publish(user.0.role) {
        return Err(LibraryRefusal::OnlyOfficersUploadMinutes.into());
    }
    refuse_declared_oversize(&req)?;
    let mut upload = read_upload(&req, payload, state.files.clone(), MINUTES_KINDS).await?;
    let input = UploadMinutes {
        title: upload.take("title"),
        meeting_date: ReceivedTime::parse(upload.field("meetingDate")),
        meeting_id: meeting_id_field(upload.field("meetingId")),
        external_link: upload.take("externalLink"),
        file: upload.file.take(),
    };
    let minutes = state.minutes.clone();
    let actor = user.0.id;
    let created = blocking(move || minutes.upload(&user.0, input)).await?;
    tracing::info!(minutes_id = %created.id, "minutes uploaded");
    audit::record(&state, &req, event(AuditKind::MinutesUploaded, actor, &created)).await;
    Ok(HttpResponse::Created().json(MinutesBody::from(created)))
}

/// The PDF as an attachment, under its original name.
#[utoipa::path(
    get,
    path = "/api/minutes/{id}/download",
    tag = "minutes",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The minutes' id")),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf", body = FileBytes,
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
            description = "Minutes not found, or kept as a link (\"Minutes file not found\")"),
    ),
)]
pub async fn download(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MinutesId>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = path.into_inner();
    let actor = user.0.id;
    let (record, file_name, bytes) = blocking(move || minutes.download(&user.0, id)).await?;
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        audit::record_read(&state, &req, event(AuditKind::MinutesDownloaded, actor, &record)).await?;
    }
    Ok(file.respond(&file_name, FileKind::Pdf.mime_type(), Disposition::Attachment))
}

/// A link that opens the PDF in a new tab for about 60 seconds.
#[utoipa::path(
    post,
    path = "/api/minutes/{id}/view-ticket",
    tag = "minutes",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The minutes' id")),
    responses(
        (status = 200, body = ViewLinkBody,
            description = "`{\"url\": \"/api/minutes/{id}/view?ticket=...\"}`"),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = "Minutes not found, or kept as a link", body = ErrorBody),
    ),
)]
pub async fn view_ticket(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MinutesId>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = path.into_inner();
    let ticket = blocking(move || minutes.view_ticket(&user.0, user.1, id)).await?;
    Ok(HttpResponse::Ok().json(ViewLinkBody { url: format!("/api/minutes/{id}/view?ticket={ticket}") }))
}

/// Opened in a new tab: minutes are always PDFs, shown inline by the browser's viewer.
#[utoipa::path(
    get,
    path = "/api/minutes/{id}/view",
    tag = "minutes",
    params(
        ("id" = i32, Path, description = "The minutes' id"),
        ViewQuery,
    ),
    responses(
        (status = 200, description = "The PDF, `inline`", content_type = "application/pdf", body = FileBytes),
        (status = 206, description = "The bytes of a single `Range` (`bytes=a-b`, `a-` or `-n`; spec §2 Pack \
            reader); every file answer carries `Accept-Ranges: bytes` and a strong `ETag` (SHA-256 of the bytes)",
            content_type = "application/octet-stream", body = crate::http::schemas::FileBytes,
            headers(("Content-Range" = String, description = "`bytes a-b/length`"))),
        (status = 416, description = "The range is not within the file", body = ErrorBody,
            headers(("Content-Range" = String, description = "`bytes */length`"))),
        (status = 401, body = ErrorBody,
            description = "The link has expired or is not valid (no bearer token is read)"),
        (status = 404, description = "Minutes not found (only after a valid ticket)", body = ErrorBody),
    ),
)]
pub async fn view(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<MinutesId>,
    query: web::Query<ViewQuery>,
) -> Result<HttpResponse, ApiError> {
    let minutes = state.minutes.clone();
    let id = path.into_inner();
    let ticket = query.into_inner().ticket;
    let (viewer, record, file_name, bytes) = blocking(move || minutes.view(ticket.as_deref(), id)).await?;
    // One event per reading, not per chunk (spec §2 Pack reader, \"Range requests\").
    let file = FileAnswer::new(&req, bytes);
    if file.starts_a_reading() {
        audit::record_read(&state, &req, event(AuditKind::MinutesViewed, viewer.id, &record)).await?;
    }
    Ok(file.respond(&file_name, FileKind::Pdf.mime_type(), Disposition::Inline))
}

/// An audit event about minutes: their title as the object.
fn event(kind: AuditKind, actor: domain::UserId, minutes: &Minutes) -> NewAuditEvent {
    NewAuditEvent::new(kind, Some(actor)).object(AuditObject::new(
        "minutes",
        minutes.id,
        minutes.title.clone(),
    ))
}

/// Minutes as the API shows them: exactly one of `fileName` and `externalLink` is set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Minutes)]
pub struct MinutesBody {
    pub id: i32,
    pub title: String,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub meeting_date: DateTime<Utc>,
    #[schema(required = true)]
    pub meeting_id: Option<i32>,
    #[schema(required = true)]
    pub file_name: Option<String>,
    #[schema(required = true)]
    pub file_size: Option<i64>,
    #[schema(required = true)]
    pub external_link: Option<String>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
}

impl From<Minutes> for MinutesBody {
    fn from(minutes: Minutes) -> Self {
        let (file_name, file_size, external_link) = match minutes.source {
            MinutesSource::File { file_name, file_size, .. } => (Some(file_name), Some(file_size), None),
            MinutesSource::Link(link) => (None, None, Some(link)),
        };
        Self {
            id: minutes.id.0,
            title: minutes.title,
            meeting_date: minutes.meeting_date,
            meeting_id: minutes.meeting_id.map(|id| id.0),
            file_name,
            file_size,
            external_link,
            created_at: minutes.created_at,
        }
    }
}
