//! Reading records (docs/spec.md "Reading records"): `POST /api/reading/pages`, the caller's own record of a
//! paper or a meeting, and the officers' summary of a meeting.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::reading::records::{
    MeetingReading, PagesRequest, PaperProgress, PaperReading, PaperState, ReadingSummary,
};
use domain::reading::PaperRef;
use domain::MeetingId;

use super::paper_of;
use crate::http::blocking::blocking;
use crate::http::body::json::Json;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

const MEETING_NOT_FOUND: &str = "No such meeting for this user: a committee meeting of a committee they are \
    not in, or a draft agenda (seen only by admins and chairs)";

/// Records the pages the reader showed. Entries on papers the caller may not read, on the board pack's own
/// pages, and pages past the paper's page count are dropped silently; a `shownAt` later than now is taken
/// as now; per person, paper and page the first and last times are kept, so a batch sent twice changes
/// nothing. While the board has switched reading records off, nothing is stored.
#[utoipa::path(
    post,
    path = "/api/reading/pages",
    tag = "reading",
    security(("bearerAuth" = [])),
    request_body = PagesRequest,
    responses(
        (status = 204, description = "Taken"),
        (status = 400, body = ErrorBody, description = "`errors.pages` (not 1 to 500 entries), \
            `errors[\"pages[i].page\"]` (not 1 to 100000) or a malformed body"),
    ),
)]
pub async fn record(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: Json<PagesRequest>,
) -> Result<HttpResponse, ApiError> {
    let service = state.reading_records.clone();
    let request = body.into_inner();
    blocking(move || service.record(&user.0, request)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The caller's own record of a paper: the pages they have shown. The board pack's own pages have none.
#[utoipa::path(
    get,
    path = "/api/papers/{kind}/{id}/reading",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(
        ("kind" = String, Path, description = "`document`, `agenda-paper` or `minutes`"),
        ("id" = i32, Path, description = "The paper's id"),
    ),
    responses(
        (status = 200, body = PaperReadingBody),
        (status = 404, description = "No such paper for this user", body = ErrorBody),
    ),
)]
pub async fn paper(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = path.into_inner();
    let paper = paper_of(&kind, id)?;
    let service = state.reading_records.clone();
    let reading = blocking(move || service.paper(&user.0, paper)).await?;
    Ok(HttpResponse::Ok().json(PaperReadingBody::from(reading)))
}

/// The caller's own record of the meeting's PDF papers (those with a page count), in agenda order.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/reading",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, body = MeetingReadingBody),
        (status = 404, description = MEETING_NOT_FOUND, body = ErrorBody),
    ),
)]
pub async fn meeting(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.reading_records.clone();
    let id = path.into_inner();
    let reading = blocking(move || service.meeting(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(MeetingReadingBody::from(reading)))
}

/// Who has read the meeting's papers (admins and chairs): each invited member (the attendance sheet's
/// rule), by name, with each paper's state, and the line for the minutes.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/reading-summary",
    tag = "reading",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, body = ReadingSummaryBody),
        (status = 403, description = "Only admins and chairs see who has read the papers", body = ErrorBody),
        (status = 404, description = MEETING_NOT_FOUND, body = ErrorBody),
    ),
)]
pub async fn summary(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let service = state.reading_records.clone();
    let id = path.into_inner();
    let summary = blocking(move || service.summary(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(ReadingSummaryBody::from(summary)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PaperReading)]
pub struct PaperReadingBody {
    /// Whether the board keeps reading records.
    pub enabled: bool,
    /// `null` when the file is not a readable PDF.
    pub page_count: Option<u32>,
    pub pages_read: u32,
    /// The pages shown, ascending.
    pub pages: Vec<u32>,
    pub last_read_at: Option<DateTime<Utc>>,
}

impl From<PaperReading> for PaperReadingBody {
    fn from(reading: PaperReading) -> Self {
        Self {
            enabled: reading.enabled,
            page_count: reading.page_count,
            pages_read: u32::try_from(reading.pages.len()).unwrap_or(u32::MAX),
            pages: reading.pages,
            last_read_at: reading.last_read_at,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PaperProgress)]
pub struct PaperProgressBody {
    pub paper: PaperRef,
    pub title: String,
    pub page_count: u32,
    pub pages_read: u32,
    pub last_read_at: Option<DateTime<Utc>>,
}

impl From<PaperProgress> for PaperProgressBody {
    fn from(p: PaperProgress) -> Self {
        Self {
            paper: p.paper,
            title: p.title,
            page_count: p.page_count,
            pages_read: p.pages_read,
            last_read_at: p.last_read_at,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MeetingReading)]
pub struct MeetingReadingBody {
    pub enabled: bool,
    /// The pages of every listed paper.
    pub page_count: u32,
    pub pages_read: u32,
    pub papers: Vec<PaperProgressBody>,
}

impl From<MeetingReading> for MeetingReadingBody {
    fn from(reading: MeetingReading) -> Self {
        Self {
            enabled: reading.enabled,
            page_count: reading.page_count,
            pages_read: reading.pages_read,
            papers: reading.papers.into_iter().map(PaperProgressBody::from).collect(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryPaper {
    pub paper: PaperRef,
    pub title: String,
    pub page_count: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingPerson {
    pub id: i32,
    pub name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonPaperState {
    pub paper: PaperRef,
    /// `notOpened` (no page shown), `started`, `read` (every page shown).
    pub state: PaperState,
    pub pages_read: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonReadingBody {
    pub user: ReadingPerson,
    /// Every paper read.
    pub read_all: bool,
    pub papers: Vec<PersonPaperState>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReadingSummary)]
pub struct ReadingSummaryBody {
    pub enabled: bool,
    pub papers: Vec<SummaryPaper>,
    pub people: Vec<PersonReadingBody>,
    /// "The papers were taken as read (7 of 8 trustees had read all papers)."; `null` while records are
    /// off or when the meeting has no PDF paper.
    pub line: Option<String>,
}

impl From<ReadingSummary> for ReadingSummaryBody {
    fn from(summary: ReadingSummary) -> Self {
        Self {
            enabled: summary.enabled,
            papers: summary
                .papers
                .into_iter()
                .map(|(paper, title, page_count)| SummaryPaper { paper, title, page_count })
                .collect(),
            people: summary
                .people
                .into_iter()
                .map(|person| PersonReadingBody {
                    user: ReadingPerson { id: person.user.0, name: person.name },
                    read_all: person.read_all,
                    papers: person
                        .papers
                        .into_iter()
                        .map(|(paper, state, pages_read)| PersonPaperState { paper, state, pages_read })
                        .collect(),
                })
                .collect(),
            line: summary.line,
        }
    }
}
