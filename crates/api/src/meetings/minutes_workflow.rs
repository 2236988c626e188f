//! `/api/meetings/{id}/written-minutes`: minutes written against the agenda, through approval
//! (spec §2 Written minutes and the decisions register).

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use domain::meetings::written_minutes::{MinuteEntry, WrittenMinutes, WrittenMinutesSummary};
use domain::meetings::{ApproveRequest, CorrectionRequest, EntryRequest, EntryTextRequest};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::{CurrentUser, Reader};
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// One note, decision or action recorded at an agenda item.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinuteEntryBody {
    id: i32,
    /// `null`: recorded under "General" (or the item was deleted since).
    agenda_item_id: Option<i32>,
    /// The item's number and title when the entry was recorded.
    item_number: Option<i32>,
    item_title: Option<String>,
    /// `note`, `decision` or `action`.
    kind: String,
    text: String,
    /// The action created in the action tracker for an action entry.
    action_id: Option<i32>,
    created_at: DateTime<Utc>,
}

impl From<MinuteEntry> for MinuteEntryBody {
    fn from(e: MinuteEntry) -> Self {
        Self {
            id: e.id,
            agenda_item_id: e.agenda_item_id.map(|i| i.0),
            item_number: e.item_number,
            item_title: e.item_title,
            kind: e.kind.as_str().to_string(),
            text: e.text,
            action_id: e.action_id.map(|a| a.0),
            created_at: e.created_at,
        }
    }
}

/// One version of a meeting's written minutes.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrittenMinutesBody {
    id: i32,
    meeting_id: i32,
    version: i32,
    /// `draft`, `circulated`, `approved` or `locked`.
    status: String,
    /// Why this version corrects the previous one (from version 2).
    correction_reason: Option<String>,
    /// Set when a correction replaced this version.
    superseded_at: Option<DateTime<Utc>>,
    circulated_at: Option<DateTime<Utc>>,
    approved_on: Option<NaiveDate>,
    approved_at_meeting_id: Option<i32>,
    approved_at_meeting_title: Option<String>,
    locked_at: Option<DateTime<Utc>>,
    /// "Approved as a true record on ... at the meeting ..." or "Not yet approved ...".
    approval_line: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    entries: Vec<MinuteEntryBody>,
}

impl From<WrittenMinutes> for WrittenMinutesBody {
    fn from(m: WrittenMinutes) -> Self {
        let approval_line = domain::meetings::written_minutes::service::approval_line(&m);
        Self {
            id: m.id,
            meeting_id: m.meeting_id.0,
            version: m.version,
            status: m.status.as_str().to_string(),
            correction_reason: m.correction_reason,
            superseded_at: m.superseded_at,
            circulated_at: m.circulated_at,
            approved_on: m.approved_on,
            approved_at_meeting_id: m.approved_at.as_ref().and_then(|a| a.meeting_id.map(|id| id.0)),
            approved_at_meeting_title: m.approved_at.map(|a| a.meeting_title),
            locked_at: m.locked_at,
            approval_line,
            created_at: m.created_at,
            updated_at: m.updated_at,
            entries: m.entries.into_iter().map(MinuteEntryBody::from).collect(),
        }
    }
}

/// A meeting's written minutes in the minutes archive: the version the reader sees and its status.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrittenMinutesSummaryBody {
    meeting_id: i32,
    meeting_title: String,
    meeting_date: DateTime<Utc>,
    version: i32,
    /// `draft` (admins and chairs only), `circulated`, `approved` or `locked`.
    status: String,
    approved_on: Option<NaiveDate>,
}

impl From<WrittenMinutesSummary> for WrittenMinutesSummaryBody {
    fn from(m: WrittenMinutesSummary) -> Self {
        Self {
            meeting_id: m.meeting_id.0,
            meeting_title: m.meeting_title,
            meeting_date: m.meeting_date,
            version: m.version,
            status: m.status.as_str().to_string(),
            approved_on: m.approved_on,
        }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArchiveQuery {
    /// Kept when the meeting's title contains it (case-insensitive, literal); at most 200 characters.
    search: Option<String>,
}

const NOT_FOUND: &str =
    "No such meeting for this user, no written minutes yet, or a draft (seen only by admins and chairs)";

/// The minutes archive's written minutes: one line per meeting the caller sees, latest meeting first, with
/// the status of the version they read (drafts only for admins and chairs).
#[utoipa::path(get, path = "/api/written-minutes", tag = "minutes", security(("bearerAuth" = [])), params(ArchiveQuery),
    responses((status = 200, body = Vec<WrittenMinutesSummaryBody>),
        (status = 400, description = "`errors.search`: longer than 200 characters", body = ErrorBody)))]
pub async fn archive(
    state: web::Data<AppState>,
    user: Reader,
    query: web::Query<ArchiveQuery>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let search = query.into_inner().search;
    let list = blocking(move || service.archive(&user.0, search.as_deref())).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(WrittenMinutesSummaryBody::from).collect::<Vec<_>>()))
}

/// The current version. A draft is 404 to anyone but admins and chairs; circulated and later minutes are
/// read by the meeting's members.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, body = WrittenMinutesBody), (status = 404, description = NOT_FOUND, body = ErrorBody)))]
pub async fn show(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let minutes = blocking(move || service.current(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(WrittenMinutesBody::from(minutes)))
}

/// Every version this user may read, newest first; old versions are kept when a correction replaces them.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/versions", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, body = Vec<WrittenMinutesBody>), (status = 404, description = NOT_FOUND, body = ErrorBody)))]
pub async fn versions(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let list = blocking(move || service.versions(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(WrittenMinutesBody::from).collect::<Vec<_>>()))
}

/// Starts the meeting's written minutes as a draft (admins and chairs). While reading records are kept and
/// the meeting has PDF papers, its first entry is the "papers taken as read" line (docs/spec.md "Reading
/// records").
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 201, body = WrittenMinutesBody),
        (status = 403, description = "Only admins and chairs write minutes", body = ErrorBody),
        (status = 404, description = "No such meeting for this user", body = ErrorBody),
        (status = 409, description = "The meeting already has written minutes", body = ErrorBody)))]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let minutes = blocking(move || service.create(&user.0, id)).await?;
    Ok(HttpResponse::Created().json(WrittenMinutesBody::from(minutes)))
}

/// Records a note, decision or action at an item. An action also goes into the action tracker, linked
/// to the meeting and the item.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/entries", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = EntryRequest,
    responses((status = 201, body = MinuteEntryBody),
        (status = 400, description = "Field errors: `kind`, `text`, `agendaItemId`, `assignedTo`, `dueDate`", body = ErrorBody),
        (status = 403, description = "Only admins and chairs write minutes", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Approved or locked minutes refuse edits", body = ErrorBody)))]
pub async fn add_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<EntryRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let entry = blocking(move || service.add_entry(&user.0, id, input)).await?;
    Ok(HttpResponse::Created().json(MinuteEntryBody::from(entry)))
}

/// Replaces an entry's text.
#[utoipa::path(put, path = "/api/meetings/{id}/written-minutes/entries/{entryId}", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id"), ("entryId" = i32, Path, description = "The entry's id")),
    request_body = EntryTextRequest,
    responses((status = 200, body = MinuteEntryBody), (status = 400, description = "`errors.text`", body = ErrorBody),
        (status = 403, description = "Only admins and chairs write minutes", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Approved or locked minutes refuse edits", body = ErrorBody)))]
pub async fn update_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, i32)>,
    body: Json<EntryTextRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let (id, entry) = path.into_inner();
    let input = body.into_inner();
    let entry = blocking(move || service.update_entry(&user.0, id, entry, input)).await?;
    Ok(HttpResponse::Ok().json(MinuteEntryBody::from(entry)))
}

/// Removes an entry (an action it created stays in the tracker).
#[utoipa::path(delete, path = "/api/meetings/{id}/written-minutes/entries/{entryId}", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id"), ("entryId" = i32, Path, description = "The entry's id")),
    responses((status = 204, description = "Removed"),
        (status = 403, description = "Only admins and chairs write minutes", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Approved or locked minutes refuse edits", body = ErrorBody)))]
pub async fn delete_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(MeetingId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let (id, entry) = path.into_inner();
    blocking(move || service.delete_entry(&user.0, id, entry)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// draft -> circulated: the meeting's members can read them.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/circulate", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, body = WrittenMinutesBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Not a draft", body = ErrorBody)))]
pub async fn circulate(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let minutes = blocking(move || service.circulate(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(WrittenMinutesBody::from(minutes)))
}

/// circulated -> approved, on a date at a later meeting; approved minutes refuse every edit.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/approve", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = ApproveRequest,
    responses((status = 200, body = WrittenMinutesBody),
        (status = 400, description = "`errors.approvedOn`, `errors.approvedAtMeetingId` (required; a later meeting)", body = ErrorBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Not circulated", body = ErrorBody)))]
pub async fn approve(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<ApproveRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let minutes = blocking(move || service.approve(&user.0, id, input)).await?;
    Ok(HttpResponse::Ok().json(WrittenMinutesBody::from(minutes)))
}

/// approved -> locked: the signed, final record.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/lock", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, body = WrittenMinutesBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Not approved", body = ErrorBody)))]
pub async fn lock(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let minutes = blocking(move || service.lock(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(WrittenMinutesBody::from(minutes)))
}

/// A correction of approved or locked minutes: a new draft version (copying the entries) with the reason;
/// the old version is kept, marked superseded.
#[utoipa::path(post, path = "/api/meetings/{id}/written-minutes/corrections", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")), request_body = CorrectionRequest,
    responses((status = 201, body = WrittenMinutesBody),
        (status = 400, description = "`errors.reason`", body = ErrorBody),
        (status = 403, description = "Only admins and chairs", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "Not approved yet: edit the minutes instead", body = ErrorBody)))]
pub async fn correct(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
    body: Json<CorrectionRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let id = path.into_inner();
    let input = body.into_inner();
    let minutes = blocking(move || service.correct(&user.0, id, input)).await?;
    Ok(HttpResponse::Created().json(WrittenMinutesBody::from(minutes)))
}

/// The current version as a PDF: the attendance list, each item's notes, decisions and actions, the
/// decisions and actions again as lists, and the approval line.
#[utoipa::path(get, path = "/api/meetings/{id}/written-minutes/pdf", tag = "minutes", security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses((status = 200, description = "The minutes", content_type = "application/pdf", body = FileBytes),
        (status = 404, description = NOT_FOUND, body = ErrorBody)))]
pub async fn pdf(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.written_minutes.clone();
    let portal_name = state.portal_name.clone();
    let id = path.into_inner();
    let (file_name, bytes) = blocking(move || service.export_pdf(&user.0, id, &portal_name)).await?;
    Ok(file_response(&req, bytes, &file_name, "application/pdf", Disposition::Attachment))
}
