//! `GET /api/search` (docs/spec.md "Search"): the records the caller may open that match the words, a
//! page at a time, with counts per kind and snippets as text runs.

use std::collections::BTreeMap;

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;

use domain::search::{SearchHit, SearchKind, SearchPage, SearchRequest, SnippetRun};

use crate::http::blocking::blocking;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extractors::CurrentUser;
use crate::http::state::AppState;

/// The query string, as the API document describes it (the handler reads the pairs themselves, as `kind`
/// may come more than once).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // only its description is used
pub struct SearchParams {
    /// The words, 1 to 200 characters once trimmed: websearch syntax ("quoted phrase", -exclusion, `or`);
    /// the last word also matches as the start of a word; a single word nothing contains also finds
    /// titles spelt like it.
    q: String,
    /// Only these kinds: repeat the parameter or separate with commas.
    #[param(explode = true)]
    kind: Option<Vec<SearchKind>>,
    /// `YYYY-MM-DD`, included, a day in the board's time zone; blank is the same as absent.
    #[param(pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    from: Option<String>,
    /// `YYYY-MM-DD`, included, not before `from`.
    #[param(pattern = r"^(\d{4}-\d{2}-\d{2})?$")]
    to: Option<String>,
    /// Only what belongs to this meeting.
    #[param(rename = "meetingId")]
    meeting_id: Option<i32>,
    /// Only what belongs to this committee (its documents, chat, meetings and actions).
    #[param(rename = "committeeId")]
    committee_id: Option<i32>,
    /// Only library documents of this category.
    category: Option<String>,
    /// `relevance` (the default) or `date` (newest first).
    #[param(value_type = Option<domain::search::SearchOrder>)]
    order: Option<String>,
    /// Results per page, 1 to 50; default 20.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
    /// `nextCursor` of the page before, with the same other parameters.
    cursor: Option<String>,
}

/// Results of a search, best first (or newest first).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchResults)]
pub struct SearchPageBody {
    results: Vec<SearchResultBody>,
    /// Visible matches per kind for these words and filters, the kind filter left out; kinds without
    /// any are absent.
    counts: BTreeMap<String, i64>,
    /// Visible matches under every filter.
    total: i64,
    /// The next page's `cursor`; null on the last page.
    #[schema(required = true)]
    next_cursor: Option<String>,
}

/// One result.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchResult)]
pub struct SearchResultBody {
    kind: SearchKind,
    /// The record's id; for a decision the minute entry's, for written minutes the version's.
    id: i64,
    title: String,
    /// The meeting's date for what belongs to a meeting; otherwise when it was updated, uploaded, posted,
    /// proposed, declared or sent.
    #[serde(serialize_with = "crate::http::body::time::rfc3339")]
    date: DateTime<Utc>,
    /// The meeting it belongs to, when the caller may see it.
    #[schema(required = true)]
    meeting: Option<MeetingRef>,
    /// The committee it belongs to, when the caller is a member (or an admin or chair).
    #[schema(required = true)]
    committee: Option<CommitteeRef>,
    /// A library document's category.
    #[schema(required = true)]
    category: Option<String>,
    /// Around the matched words, which are the runs with `hit`; plain text, never markup.
    snippet: Vec<SnippetRunBody>,
    open: OpenBody,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SearchMeetingRef)]
pub struct MeetingRef {
    id: i32,
    title: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SearchCommitteeRef)]
pub struct CommitteeRef {
    id: i32,
    name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SnippetRun)]
pub struct SnippetRunBody {
    text: String,
    hit: bool,
}

/// What the result opens: the ids a link needs (null when they do not apply).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchOpen)]
pub struct OpenBody {
    #[schema(required = true)]
    meeting_id: Option<i32>,
    #[schema(required = true)]
    paper_id: Option<i64>,
    #[schema(required = true)]
    item_id: Option<i32>,
    /// A library document, or a committee's document (with `committeeId`).
    #[schema(required = true)]
    document_id: Option<i32>,
    /// Uploaded minutes.
    #[schema(required = true)]
    minutes_id: Option<i64>,
    #[schema(required = true)]
    committee_id: Option<i32>,
    #[schema(required = true)]
    notice_id: Option<i64>,
    #[schema(required = true)]
    action_id: Option<i64>,
    #[schema(required = true)]
    resolution_id: Option<i64>,
    #[schema(required = true)]
    interest_id: Option<i64>,
    #[schema(required = true)]
    message_id: Option<i64>,
    /// The signed-in download of the result's file.
    #[schema(required = true)]
    file_url: Option<String>,
    /// The file is a PDF: it opens in the portal's reader.
    pdf: bool,
}

impl From<SnippetRun> for SnippetRunBody {
    fn from(run: SnippetRun) -> Self {
        Self { text: run.text, hit: run.hit }
    }
}

/// What a hit opens, by kind.
fn open(hit: &SearchHit) -> OpenBody {
    let meeting_id = hit.meeting.as_ref().map(|(id, _)| id.0);
    let committee_id = hit.committee.as_ref().map(|(id, _)| id.0);
    let id = hit.id;
    let file = |url: String| hit.has_file.then_some(url);
    let mut open = OpenBody { pdf: hit.has_file && hit.is_pdf, ..OpenBody::default() };
    match hit.kind {
        SearchKind::Document => {
            open.document_id = hit.document_id;
            open.file_url = file(format!("/api/documents/{id}/download"));
        }
        SearchKind::CommitteeDocument => {
            open.committee_id = committee_id;
            open.document_id = hit.document_id;
            open.file_url =
                committee_id.and_then(|c| file(format!("/api/committees/{c}/documents/{id}/download")));
        }
        SearchKind::UploadedMinutes => {
            open.meeting_id = meeting_id;
            open.minutes_id = Some(id);
            open.file_url = file(format!("/api/minutes/{id}/download"));
        }
        SearchKind::WrittenMinutes => open.meeting_id = meeting_id,
        SearchKind::Decision | SearchKind::AgendaItem => {
            open.meeting_id = meeting_id;
            open.item_id = hit.item_id;
        }
        SearchKind::AgendaPaper => {
            open.meeting_id = meeting_id;
            open.item_id = hit.item_id;
            open.paper_id = Some(id);
            open.document_id = hit.document_id;
            open.file_url = meeting_id.zip(hit.item_id).and_then(|(m, item)| {
                file(format!("/api/meetings/{m}/agenda-items/{item}/papers/{id}/download"))
            });
        }
        SearchKind::Notice => open.notice_id = Some(id),
        SearchKind::Action => {
            open.meeting_id = meeting_id;
            open.action_id = Some(id);
        }
        SearchKind::Resolution => open.resolution_id = Some(id),
        SearchKind::Interest => open.interest_id = Some(id),
        SearchKind::ChatMessage => {
            open.committee_id = committee_id;
            open.message_id = Some(id);
        }
    }
    if open.file_url.is_none() {
        open.pdf = false;
    }
    open
}

impl From<SearchHit> for SearchResultBody {
    fn from(hit: SearchHit) -> Self {
        let open = open(&hit);
        Self {
            kind: hit.kind,
            id: hit.id,
            title: hit.title,
            date: hit.date,
            meeting: hit.meeting.map(|(id, title)| MeetingRef { id: id.0, title }),
            committee: hit.committee.map(|(id, name)| CommitteeRef { id: id.0, name }),
            category: hit.category,
            snippet: hit.snippet.into_iter().map(SnippetRunBody::from).collect(),
            open,
        }
    }
}

impl From<SearchPage> for SearchPageBody {
    fn from(page: SearchPage) -> Self {
        Self {
            results: page.hits.into_iter().map(SearchResultBody::from).collect(),
            counts: page.counts.into_iter().map(|(kind, n)| (kind.as_str().to_string(), n)).collect(),
            total: page.total,
            next_cursor: page.next_cursor.map(|cursor| cursor.encode()),
        }
    }
}

/// Searches what the caller may open: each kind by the rule of the list it comes from.
#[utoipa::path(get, path = "/api/search", tag = "search", security(("bearerAuth" = [])), params(SearchParams),
    responses(
        (status = 200, description = "One page of results, the counts per kind and the total", body = SearchPageBody),
        (status = 400, body = ErrorBody,
            description = "A bad parameter: `errors.q` (empty, over 200 characters), `errors.kind`, \
                           `errors.from`, `errors.to`, `errors.meetingId`, `errors.committeeId`, \
                           `errors.category`, `errors.order`, `errors.limit` (not 1 to 50), `errors.cursor`"),
    ))]
pub async fn search(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<Vec<(String, String)>>,
) -> Result<HttpResponse, ApiError> {
    let service = state.search.clone();
    let request = SearchRequest::from_pairs(query.into_inner());
    let page = blocking(move || service.search(&user.0, &request)).await?;
    Ok(HttpResponse::Ok().json(SearchPageBody::from(page)))
}

#[cfg(test)]
mod tests {
    use domain::search::SearchCursor;
    use domain::{CommitteeId, MeetingId};

    use super::*;

    fn hit(kind: SearchKind) -> SearchHit {
        SearchHit {
            kind,
            id: 12,
            title: "Budget 2027".into(),
            date: DateTime::UNIX_EPOCH,
            meeting: Some((MeetingId(3), "Board meeting".into())),
            committee: Some((CommitteeId(2), "Finance".into())),
            category: None,
            snippet: vec![
                SnippetRun { text: "the ".into(), hit: false },
                SnippetRun { text: "budget".into(), hit: true },
            ],
            item_id: Some(7),
            document_id: None,
            has_file: true,
            is_pdf: true,
            sort_key: 0.5,
        }
    }

    #[test]
    fn a_paper_opens_in_the_reader_and_downloads_through_its_meeting() {
        let body = serde_json::to_value(SearchResultBody::from(hit(SearchKind::AgendaPaper))).unwrap();
        assert_eq!(body["kind"], "agendaPaper");
        assert_eq!(body["meeting"], serde_json::json!({"id": 3, "title": "Board meeting"}));
        assert_eq!(body["snippet"][1], serde_json::json!({"text": "budget", "hit": true}));
        let open = &body["open"];
        assert_eq!(
            (open["meetingId"].as_i64(), open["itemId"].as_i64(), open["paperId"].as_i64()),
            (Some(3), Some(7), Some(12))
        );
        assert_eq!(open["fileUrl"], "/api/meetings/3/agenda-items/7/papers/12/download");
        assert_eq!(open["pdf"], true);
        assert!(open["noticeId"].is_null() && open["documentId"].is_null());
    }

    #[test]
    fn each_kind_opens_its_own_record() {
        let open_of = |kind, has_file| {
            let mut hit = hit(kind);
            hit.has_file = has_file;
            serde_json::to_value(open(&hit)).unwrap()
        };
        assert_eq!(open_of(SearchKind::Notice, false)["noticeId"], 12);
        assert_eq!(open_of(SearchKind::Notice, false)["pdf"], false);
        assert_eq!(open_of(SearchKind::ChatMessage, false)["committeeId"], 2);
        assert_eq!(open_of(SearchKind::ChatMessage, false)["messageId"], 12);
        assert_eq!(
            open_of(SearchKind::CommitteeDocument, true)["fileUrl"],
            "/api/committees/2/documents/12/download"
        );
        assert_eq!(open_of(SearchKind::UploadedMinutes, true)["fileUrl"], "/api/minutes/12/download");
        assert!(
            open_of(SearchKind::UploadedMinutes, false)["fileUrl"].is_null(),
            "minutes by link have no file"
        );
        assert_eq!(open_of(SearchKind::Decision, false)["itemId"], 7);
        assert_eq!(open_of(SearchKind::WrittenMinutes, false)["meetingId"], 3);
    }

    #[test]
    fn the_page_names_kinds_as_the_api_does() {
        let cursor = SearchCursor {
            order: domain::search::SearchOrder::Date,
            asof: DateTime::UNIX_EPOCH,
            key: 1.0,
            kind: SearchKind::AgendaPaper,
            id: 12,
        };
        let page = SearchPage {
            hits: vec![hit(SearchKind::AgendaPaper)],
            counts: vec![(SearchKind::AgendaPaper, 1), (SearchKind::ChatMessage, 3)],
            total: 4,
            next_cursor: Some(cursor),
        };
        let body = serde_json::to_value(SearchPageBody::from(page)).unwrap();
        assert_eq!(body["counts"], serde_json::json!({"agendaPaper": 1, "chatMessage": 3}));
        assert_eq!(body["total"], 4);
        assert_eq!(body["nextCursor"], cursor.encode());
    }
}
