//! Notes on papers (spec §2 Pack reader, Notes): `/api/papers/{kind}/{id}/notes`,
//! `/api/meetings/{id}/board-pack/notes`, `/api/notes/{id}` and `/api/meetings/{id}/notes/export`.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use domain::reading::notes::export::ExportFormat;
use domain::reading::notes::{Note, NoteId, NoteKind, NoteRect, NoteRectRequest, NoteRequest, Visibility};
use domain::reading::PaperRef;
use domain::{DomainError, MeetingId, UserId};

use super::paper_of;
use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

const PAPER_NOT_FOUND: &str =
    "No such paper for this user: one they may not download (a committee meeting's \
    paper outside the committee, a draft agenda's paper for a trustee), or an unknown kind or id";
const NOTE_ID: &str = "Note id must be a UUID.";
const EXPORT_FORMAT: &str = "Format must be text or pdf.";

fn note_id(text: &str) -> Result<NoteId, ApiError> {
    NoteId::parse(text).ok_or_else(|| DomainError::BadRequest(NOTE_ID.into()).into())
}

/// The notes on one paper the caller sees: their own, officers' notes when they are an admin or chair,
/// and shared ones; by page, then position.
#[utoipa::path(
    get,
    path = "/api/papers/{kind}/{id}/notes",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(
        ("kind" = String, Path, description = "`document`, `agenda-paper`, `minutes` or `board-pack`"),
        ("id" = i32, Path, description = "The paper's id (the meeting's for `board-pack`)"),
    ),
    responses(
        (status = 200, description = "The notes the caller sees", body = Vec<NoteBody>),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = PAPER_NOT_FOUND, body = ErrorBody),
    ),
)]
pub async fn list_for_paper(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = path.into_inner();
    let paper = paper_of(&kind, id)?;
    let notes = state.notes.clone();
    let reader = user.0.id;
    let listed = blocking(move || notes.list_for_paper(&user.0, paper)).await?;
    Ok(HttpResponse::Ok().json(bodies(listed, reader)))
}

/// The notes the caller sees on the board pack's own pages and on every paper merged into it, in pack
/// order, then by page and position. The client places them with the pack's layout.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/board-pack/notes",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The notes the caller sees", body = Vec<NoteBody>),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such meeting for this user, as for the pack: a \
            committee meeting of a committee they are not in, or a draft agenda (admins and chairs only)"),
    ),
)]
pub async fn list_for_pack(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let notes = state.notes.clone();
    let reader = user.0.id;
    let listed = blocking(move || notes.list_for_pack(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(bodies(listed, reader)))
}

/// Creates the note under the client's id, or changes the caller's own note. Each note keeps its own last
/// edit: when the stored note was edited later than `editedAt`, it is answered unchanged.
#[utoipa::path(
    put,
    path = "/api/notes/{id}",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = String, Path, description = "The note's id, a UUID made by the client")),
    request_body = NoteRequest,
    responses(
        (status = 200, description = "Changed, or kept as stored when edited later", body = NoteBody),
        (status = 201, description = "Created", body = NoteBody),
        (status = 400, body = ErrorBody, description = "Invalid fields (`errors.paper`, `errors.page`, \
            `errors.kind`, `errors.anchor.x`, `errors.anchor.y`, `errors.anchor.rects`, `errors.anchor.quote`, \
            `errors.anchor.prefix`, `errors.anchor.suffix`, `errors.body`, `errors.visibility`, \
            `errors.editedAt`), an id that is not a UUID, or a malformed body"),
        (status = 403, body = ErrorBody, description = "Someone else's note the caller sees (or a temporary \
            password must be replaced first)"),
        (status = 404, body = ErrorBody, description = "A note the caller may not see, or a paper they may \
            not read"),
        (status = 409, description = "A note's paper and kind cannot change", body = ErrorBody),
    ),
)]
pub async fn put(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: Json<NoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = note_id(&path.into_inner())?;
    let notes = state.notes.clone();
    let reader = user.0.id;
    let request = body.into_inner();
    let put = blocking(move || notes.put(&user.0, id, request)).await?;
    let body = NoteBody::of(put.note, reader);
    if put.created {
        tracing::info!(note_id = %id, "note created");
        Ok(HttpResponse::Created().json(body))
    } else {
        Ok(HttpResponse::Ok().json(body))
    }
}

/// Deletes the caller's own note. An unknown id answers 204 too: a delete sent twice is no error.
#[utoipa::path(
    delete,
    path = "/api/notes/{id}",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = String, Path, description = "The note's id")),
    responses(
        (status = 204, description = "Deleted, or there was no such note"),
        (status = 400, description = "An id that is not a UUID", body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Someone else's note the caller sees (or a temporary \
            password must be replaced first)"),
        (status = 404, description = "A note the caller may not see", body = ErrorBody),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = note_id(&path.into_inner())?;
    let notes = state.notes.clone();
    blocking(move || notes.delete(&user.0, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `text` or `pdf`.
    #[param(value_type = ExportFormat, inline)]
    format: Option<String>,
}

/// The caller's own notes on the meeting's board pack and papers, grouped by paper (pack order) then page,
/// with the quoted words: `notes-{meeting date}.txt` or `.pdf`.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/notes/export",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id"), ExportQuery),
    responses(
        (status = 200, description = "The notes", body = FileBytes,
            content((FileBytes = "text/plain; charset=utf-8"), (FileBytes = "application/pdf")),
            headers(("Content-Disposition" = String,
                description = "`attachment; filename=notes-YYYY-MM-DD.txt` (or `.pdf`)"))),
        (status = 400, description = "Format must be text or pdf", body = ErrorBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, description = "No such meeting for this user, as for the pack", body = ErrorBody),
    ),
)]
pub async fn export(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let format = query
        .format
        .as_deref()
        .and_then(|format| format.parse::<ExportFormat>().ok())
        .ok_or_else(|| ApiError::from(DomainError::BadRequest(EXPORT_FORMAT.into())))?;
    let id = path.into_inner();
    let notes = state.notes.clone();
    let file = blocking(move || notes.export(&user.0, id, format)).await?;
    Ok(file_response(&req, file.bytes, &file.file_name, file.mime_type, Disposition::Attachment))
}

fn bodies(notes: Vec<Note>, reader: UserId) -> Vec<NoteBody> {
    notes.into_iter().map(|note| NoteBody::of(note, reader)).collect()
}

/// A note as the reader sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Note)]
pub struct NoteBody {
    /// A UUID.
    pub id: String,
    pub paper: PaperRef,
    /// The page within the paper, from 1 (the pack's page for `boardPack`).
    pub page: i32,
    pub kind: NoteKind,
    pub anchor: NoteAnchorBody,
    pub body: String,
    pub visibility: Visibility,
    pub author: NoteAuthorBody,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    pub edited_at: DateTime<Utc>,
    /// The caller wrote it (and so may change it).
    pub mine: bool,
}

/// Where the note sits: fractions (0 to 1) of the page, y from the top; the quote with up to 64
/// characters either side.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NoteAnchor)]
pub struct NoteAnchorBody {
    pub x: f64,
    pub y: f64,
    pub rects: Vec<NoteRectRequest>,
    pub quote: String,
    pub prefix: String,
    pub suffix: String,
}

/// `{id, name}` of a note's author.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = NoteAuthor)]
pub struct NoteAuthorBody {
    pub id: i32,
    pub name: String,
}

impl NoteBody {
    fn of(note: Note, reader: UserId) -> Self {
        let rect = |r: NoteRect| NoteRectRequest { x: r.x, y: r.y, w: r.w, h: r.h };
        NoteBody {
            id: note.id.to_string(),
            paper: note.paper,
            page: note.page,
            kind: note.kind,
            anchor: NoteAnchorBody {
                x: note.anchor.x,
                y: note.anchor.y,
                rects: note.anchor.rects.into_iter().map(rect).collect(),
                quote: note.anchor.quote,
                prefix: note.anchor.prefix,
                suffix: note.anchor.suffix,
            },
            body: note.body,
            visibility: note.visibility,
            mine: note.author.id == reader,
            author: NoteAuthorBody { id: note.author.id.0, name: note.author.name },
            created_at: note.created_at,
            edited_at: note.edited_at,
        }
    }
}
