use chrono::{DateTime, Utc};

use crate::reading::records::PageShown;
use crate::reading::PaperRef;
use crate::{RepoError, UserId};

/// One stored page of one person's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRecord {
    pub user: UserId,
    pub paper: PaperRef,
    pub page: u32,
    pub first_shown_at: DateTime<Utc>,
    pub last_shown_at: DateTime<Utc>,
}

/// The stored reading records (`reading_records`) and the board's switch.
pub trait ReadingRecordRepository: Send + Sync {
    /// Whether the board keeps reading records (`governance_settings.reading_records`).
    fn enabled(&self) -> Result<bool, RepoError>;
    /// Stores the pages in one statement: per (person, paper, page) the earliest and latest times are
    /// kept, so a batch sent twice or out of order changes nothing. Stores nothing while records are off
    /// (read in the same statement, so a batch racing the off switch cannot outlive it).
    fn record(&self, user: UserId, pages: &[PageShown]) -> Result<(), RepoError>;
    /// The pages of `papers` shown by `user` (`None`: by anyone).
    fn pages(&self, user: Option<UserId>, papers: &[PaperRef]) -> Result<Vec<PageRecord>, RepoError>;
}
