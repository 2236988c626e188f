//! The board pack (spec §2 Board pack): one PDF with a cover, the agenda and every PDF paper in agenda
//! order, bookmarked per item. The use case gathers the content; the adapter typesets and merges it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::{AgendaPaperId, MeetingId, RepoError};

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
    /// The agenda paper it is, so the pack's layout can name it (spec §2 Pack reader).
    pub id: AgendaPaperId,
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
    /// The merged papers, in pack order: where each one's pages are.
    pub segments: Vec<PackSegment>,
}

/// One merged paper's pages in the pack: `source.items[item].papers[paper]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackSegment {
    pub item: usize,
    pub paper: usize,
    /// 1-based, within the pack.
    pub first_page: u32,
    pub page_count: u32,
}

/// Where each merged paper sits in the pack (spec §2 Pack reader, "Range requests"): the reader maps a
/// pack page to a paper with it. Kept with the cached pack, so it always describes the bytes served.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PackLayout {
    pub page_count: u32,
    pub front_pages: u32,
    pub papers: Vec<PackLayoutPaper>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PackLayoutPaper {
    pub paper: AgendaPaperId,
    pub title: String,
    pub file_name: String,
    pub item_number: i32,
    pub item_title: String,
    /// 1-based, within the pack.
    pub first_page: u32,
    pub page_count: u32,
}

impl PackLayout {
    /// The layout of `built`, naming each segment's paper and item from `source`.
    pub fn of(source: &PackSource, built: &BuiltPack) -> PackLayout {
        let papers = built
            .segments
            .iter()
            .filter_map(|segment| {
                let item = source.items.get(segment.item)?;
                let paper = item.papers.get(segment.paper)?;
                Some(PackLayoutPaper {
                    paper: paper.id,
                    title: paper.title.clone(),
                    file_name: paper.file_name.clone(),
                    item_number: item.number,
                    item_title: item.title.clone(),
                    first_page: segment.first_page,
                    page_count: segment.page_count,
                })
            })
            .collect();
        PackLayout { page_count: built.page_count, front_pages: built.front_pages, papers }
    }
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
    pub layout: PackLayout,
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
