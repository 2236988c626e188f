//! Search across the board's records (docs/spec.md "Search"): one query over documents, minutes,
//! decisions, agendas and papers, notices, actions, written resolutions, the register of interests and
//! committee chat, answering only what the searcher may open.
//!
//! A request is parsed at the edge into a [`SearchQuery`] (the words, the kinds, the date range, the other
//! filters, the order, the page); the [`SearchRepository`] finds the matches the searcher (a
//! [`SearchReader`]: who, and whether an officer) may see, by each kind's own list rule. Its refusals
//! ([`SearchRefusal`]) are the shared vocabulary's field errors.

pub mod file_text;
pub mod query;
pub mod refusal;
pub mod repository;
pub mod service;
pub mod text;

pub use query::{SearchCursor, SearchQuery, SearchRequest};
pub use refusal::SearchRefusal;
pub use repository::SearchRepository;
pub use service::SearchService;
pub use text::SearchText;

use chrono::{DateTime, Utc};

use crate::{CommitteeId, MeetingId, UserId};

string_enum!(
    /// What a result is, as the API spells it.
    SearchKind {
        Document => "document",
        CommitteeDocument => "committeeDocument",
        UploadedMinutes => "uploadedMinutes",
        WrittenMinutes => "writtenMinutes",
        Decision => "decision",
        AgendaItem => "agendaItem",
        AgendaPaper => "agendaPaper",
        Notice => "notice",
        Action => "action",
        Resolution => "resolution",
        Interest => "interest",
        ChatMessage => "chatMessage",
    }
);

impl SearchKind {
    /// The kind as the index (`search_entries.kind`) spells it.
    pub fn table_name(self) -> &'static str {
        match self {
            SearchKind::Document => "document",
            SearchKind::CommitteeDocument => "committee_document",
            SearchKind::UploadedMinutes => "uploaded_minutes",
            SearchKind::WrittenMinutes => "written_minutes",
            SearchKind::Decision => "decision",
            SearchKind::AgendaItem => "agenda_item",
            SearchKind::AgendaPaper => "agenda_paper",
            SearchKind::Notice => "notice",
            SearchKind::Action => "action",
            SearchKind::Resolution => "resolution",
            SearchKind::Interest => "interest",
            SearchKind::ChatMessage => "chat_message",
        }
    }

    /// The kind the index spells `name`.
    pub fn from_table_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|kind| kind.table_name() == name)
    }
}

string_enum!(
    /// The order of the results: best match first (titles weigh most, recent records a little more), or
    /// newest first.
    SearchOrder {
        Relevance => "relevance",
        Date => "date",
    }
);

/// Who searches: their own records (an action assigned to them, their register entries), their
/// committees, and whether they are an officer (an admin or a chair) decide what they find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReader {
    pub user: UserId,
    pub officer: bool,
}

/// A run of a snippet's text: `hit` for the words the search matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnippetRun {
    pub text: String,
    pub hit: bool,
}

/// One match.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHit {
    pub kind: SearchKind,
    /// The record's id (for a decision the minute entry's, for written minutes the version's).
    pub id: i64,
    pub title: String,
    pub date: DateTime<Utc>,
    /// The meeting it belongs to, when the searcher may see that meeting.
    pub meeting: Option<(MeetingId, String)>,
    /// The committee it belongs to, when the searcher belongs to it or is an officer.
    pub committee: Option<(CommitteeId, String)>,
    /// A library document's category.
    pub category: Option<String>,
    pub snippet: Vec<SnippetRun>,
    /// The agenda item it is at (an agenda item, a paper, a decision, an action).
    pub item_id: Option<i32>,
    /// The library document a paper points at, or the document itself.
    pub document_id: Option<i32>,
    /// Whether the result is a file one can download, and whether it is a PDF the reader opens.
    pub has_file: bool,
    pub is_pdf: bool,
    /// Where the result sorts (its score, or its date for the date order): the next page's cursor.
    pub sort_key: f64,
}

/// One page of results.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchPage {
    pub hits: Vec<SearchHit>,
    /// Visible matches per kind under the words and every filter but the kinds (kinds without any left
    /// out), in the order of `SearchKind::ALL`.
    pub counts: Vec<(SearchKind, i64)>,
    /// Visible matches under every filter.
    pub total: i64,
    pub next_cursor: Option<SearchCursor>,
}

/// What the repository finds: at most `limit + 1` hits from the cursor on (one more tells whether another
/// page follows), and the counts per kind.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SearchMatches {
    pub hits: Vec<SearchHit>,
    pub counts: Vec<(SearchKind, i64)>,
}
