//! `GET /api/meetings/{id}/board-pack`: the meeting's board pack (spec §2 Board pack).

use actix_web::{web, HttpResponse};

use domain::MeetingId;

use crate::http::blocking::blocking;
use crate::http::body::download::{file_response, Disposition};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
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
                description = "`attachment; filename=...; filename*=UTF-8''...`"))),
        (status = 403, description = "A temporary password must be replaced first", body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such meeting for this user: a committee \
            meeting of a committee they are not in, or a draft agenda (seen only by admins and chairs)"),
    ),
)]
pub async fn download(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<MeetingId>,
) -> Result<HttpResponse, ApiError> {
    let packs = state.board_packs.clone();
    let id = path.into_inner();
    let pack = blocking(move || packs.download(&user.0, id)).await?;
    Ok(file_response(pack.pdf, &pack.file_name, "application/pdf", Disposition::Attachment))
}
