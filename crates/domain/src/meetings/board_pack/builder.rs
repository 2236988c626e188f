//! The board pack (spec §2 Board pack): one PDF with a cover, the agenda and every PDF paper in agenda
//! order, bookmarked per item. The use case gathers the content; the adapter typesets and merges it.

use chrono::{DateTime, Utc};

use crate::{MeetingId, RepoError};

/// The cover page, in words already formatted for the board (the date in the board's time zone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackCover {
    pub portal_name: String,
    pub meeting_title: String,
    /// e.g. "Thursday 5 March 2026, 18:30 to 20:30 (Europe/London)".
    pub when: String,
    pub location: Option<String>,
    pub link: Option<String>,
}

/// A paper as the pack sees it: a PDF to merge (its bytes), or a file listed as a separate download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackPaper {
    pub title: String,
    pub file_name: String,
    /// `Some` for a PDF paper: the adapter merges it, or lists it as a separate download when it cannot
    /// (encrypted or unreadable). `None`: not a PDF, listed as a separate download.
    pub pdf: Option<Vec<u8>>,
}

/// One agenda item with its papers, in agenda order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackItem {
    pub number: i32,
    pub title: String,
    /// One line under the title: purpose, start time, duration, presenter.
    pub details: String,
    pub description: String,
    pub papers: Vec<PackPaper>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSource {
    pub cover: PackCover,
    pub items: Vec<PackItem>,
}

/// What the adapter made: the PDF and how it is laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltPack {
    pub pdf: Vec<u8>,
    pub page_count: u32,
    /// Pages before the first paper: the cover and the agenda.
    pub front_pages: u32,
    /// The PDF papers that could not be merged (file names), listed as separate downloads instead.
    pub unreadable: Vec<String>,
}

/// Typesets the cover and the agenda and merges the PDF papers after them, with one bookmark (outline
/// entry) per item that has merged papers. A PDF paper that is encrypted or cannot be read is never an
/// error: it is listed on the agenda page as a separate download, with the reason.
pub trait BoardPackBuilder: Send + Sync {
    fn build(&self, source: &PackSource) -> anyhow::Result<BuiltPack>;
}

/// A built pack, kept until the meeting, its agenda or a paper changes (its fingerprint then differs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedPack {
    pub fingerprint: String,
    pub pdf: Vec<u8>,
    pub built_at: DateTime<Utc>,
}

/// The board packs already built, one per meeting (the newest).
pub trait BoardPackCache: Send + Sync {
    /// The meeting's pack if it was built from content with this fingerprint.
    fn find(&self, meeting: MeetingId, fingerprint: &str) -> Result<Option<CachedPack>, RepoError>;
    /// Keeps this pack as the meeting's (replacing an older one). A meeting deleted meanwhile is no
    /// error: nothing is kept.
    fn store(&self, meeting: MeetingId, pack: &CachedPack) -> Result<(), RepoError>;
}
