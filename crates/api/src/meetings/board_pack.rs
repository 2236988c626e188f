//! `GET /api/meetings/{id}/board-pack`: the meeting's board pack (spec §2 Board pack), and its layout:
//! where each merged paper's pages are (spec §2 Pack reader).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use domain::meetings::{PackLayout, PackLayoutPaper};
use domain::reading::{PaperKind, PaperRef};
use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{Disposition, FileAnswer};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::Reader;
use crate::http::schemas::FileBytes;
use crate::http::state::AppState;

/// One PDF: a cover page (the portal's name, the meeting's title, its date and time in the board's time
/// zone, location and link), the agenda with the page on which each item's papers start, then every PDF
/// paper in agenda order with a bookmark per item that has papers. Other files, and PDFs that cannot be
/// merged (password-protected or damaged), are listed on the agenda as separate downloads. Built once and
/// kept until the meeting, its agenda or a paper changes.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/board-pack",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The board pack", content_type = "application/pdf", body = FileBytes,
            headers(("Content-Disposition" = String,
                description = "`attachment; filename=...; filename*=UTF-8''...`"),
                ("ETag" = String, description = "The pack's fingerprint, quoted (as the layout's)"),
                ("Accept-Ranges" = String, description = "`bytes`"))),
        (status = 206, description = "The bytes of a single `Range` (`bytes=a-b`, `a-` or `-n`)",
            content_type = "application/pdf", body = FileBytes,
            headers(("Content-Range" = String, description = "`bytes a-b/length`"))),
        (status = 416, description = "The range is not within the file", body = ErrorBody,
            headers(("Content-Range" = String, description = "`bytes */length`"))),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such meeting for this user: a committee \
            meeting of a committee they are not in, or a draft agenda (seen only by admins and chairs)"),
    ),
)]
pub async fn download(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let packs = state.board_packs.clone();
    let id = path.into_inner();
    let pack = blocking(move || packs.download(&user.0, id)).await?;
    Ok(FileAnswer::tagged(&req, pack.pdf, pack.fingerprint).respond(
        &pack.file_name,
        "application/pdf",
        Disposition::Attachment,
    ))
}

/// One merged paper's pages in the pack.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackLayoutPaperBody {
    pub paper: PaperRef,
    pub title: String,
    pub file_name: String,
    pub item_number: i32,
    pub item_title: String,
    /// 1-based, within the pack.
    pub first_page: u32,
    pub page_count: u32,
}

/// Where each merged paper sits in the pack.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackLayoutBody {
    /// The pack's fingerprint: its download's `ETag` (unquoted).
    pub fingerprint: String,
    pub page_count: u32,
    /// The cover and agenda pages before the first paper.
    pub front_pages: u32,
    /// Only the papers merged into the pack, in pack order.
    pub papers: Vec<PackLayoutPaperBody>,
}

impl PackLayoutBody {
    fn new(fingerprint: String, layout: PackLayout) -> Self {
        let papers = layout.papers.into_iter().map(PackLayoutPaperBody::from).collect();
        PackLayoutBody { fingerprint, page_count: layout.page_count, front_pages: layout.front_pages, papers }
    }
}

impl From<PackLayoutPaper> for PackLayoutPaperBody {
    fn from(paper: PackLayoutPaper) -> Self {
        PackLayoutPaperBody {
            paper: PaperRef { kind: PaperKind::AgendaPaper, id: paper.paper.0 },
            title: paper.title,
            file_name: paper.file_name,
            item_number: paper.item_number,
            item_title: paper.item_title,
            first_page: paper.first_page,
            page_count: paper.page_count,
        }
    }
}

/// Where each merged paper's pages are in the board pack, for the reader to map a pack page to its paper
/// (spec §2 Pack reader). Built with the pack when needed: the fingerprint is the pack's `ETag`.
#[utoipa::path(
    get,
    path = "/api/meetings/{id}/board-pack/layout",
    tag = "meetings",
    security(("bearerAuth" = [])),
    params(("id" = i32, Path, description = "The meeting's id")),
    responses(
        (status = 200, description = "The pack's layout", body = PackLayoutBody),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such meeting for this user: a committee \
            meeting of a committee they are not in, or a draft agenda (seen only by admins and chairs)"),
    ),
)]
pub async fn layout(
    state: web::Data<AppState>,
    user: Reader,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let packs = state.board_packs.clone();
    let id = path.into_inner();
    let (fingerprint, layout) = blocking(move || packs.layout(&user.0, id)).await?;
    Ok(HttpResponse::Ok().json(PackLayoutBody::new(fingerprint, layout)))
}
