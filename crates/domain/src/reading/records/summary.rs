//! What a reading record says: one person's progress, and the officers' summary of a meeting
//! (docs/spec.md "Reading records").

use chrono::{DateTime, Utc};

use crate::reading::PaperRef;
use crate::UserId;

/// The caller's own record of one paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperReading {
    pub enabled: bool,
    /// `None` when the file is not a readable PDF.
    pub page_count: Option<u32>,
    /// The pages shown, in order.
    pub pages: Vec<u32>,
    pub last_read_at: Option<DateTime<Utc>>,
}

/// The caller's progress on one of a meeting's papers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperProgress {
    pub paper: PaperRef,
    pub title: String,
    pub page_count: u32,
    pub pages_read: u32,
    pub last_read_at: Option<DateTime<Utc>>,
}

/// The caller's own record of a meeting's PDF papers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingReading {
    pub enabled: bool,
    pub page_count: u32,
    pub pages_read: u32,
    pub papers: Vec<PaperProgress>,
}

string_enum!(
    /// How far a person got with a paper: no page shown, some, or every page.
    PaperState {
        NotOpened => "notOpened",
        Started => "started",
        Read => "read",
    }
);

impl PaperState {
    pub fn of(pages_read: u32, page_count: u32) -> Self {
        match pages_read {
            0 => PaperState::NotOpened,
            n if n >= page_count => PaperState::Read,
            _ => PaperState::Started,
        }
    }
}

/// One invited member's line of the summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonReading {
    pub user: UserId,
    pub name: String,
    pub read_all: bool,
    /// Per paper, in the summary's paper order: its state and the pages shown.
    pub papers: Vec<(PaperRef, PaperState, u32)>,
}

/// The officers' summary of a meeting's papers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingSummary {
    pub enabled: bool,
    /// The meeting's readable PDF papers: reference, title, page count.
    pub papers: Vec<(PaperRef, String, u32)>,
    pub people: Vec<PersonReading>,
    /// The line for the minutes; `None` while records are off or when there is no PDF paper.
    pub line: Option<String>,
}

impl ReadingSummary {
    pub fn disabled() -> Self {
        ReadingSummary { enabled: false, papers: Vec::new(), people: Vec::new(), line: None }
    }
}

/// "The papers were taken as read (7 of 8 trustees had read all papers)." A committee's meeting counts
/// its "members".
pub fn taken_as_read_line(read_all: usize, people: usize, committee: bool) -> String {
    let noun = match (committee, people == 1) {
        (false, true) => "trustee",
        (false, false) => "trustees",
        (true, true) => "member",
        (true, false) => "members",
    };
    format!("The papers were taken as read ({read_all} of {people} {noun} had read all papers).")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_trustees_or_members_in_the_right_number() {
        assert_eq!(
            taken_as_read_line(7, 8, false),
            "The papers were taken as read (7 of 8 trustees had read all papers)."
        );
        assert_eq!(
            taken_as_read_line(1, 1, false),
            "The papers were taken as read (1 of 1 trustee had read all papers)."
        );
        assert_eq!(
            taken_as_read_line(0, 3, true),
            "The papers were taken as read (0 of 3 members had read all papers)."
        );
        assert_eq!(
            taken_as_read_line(0, 1, true),
            "The papers were taken as read (0 of 1 member had read all papers)."
        );
    }

    #[test]
    fn a_paper_is_read_when_every_page_was_shown() {
        assert_eq!(PaperState::of(0, 12), PaperState::NotOpened);
        assert_eq!(PaperState::of(5, 12), PaperState::Started);
        assert_eq!(PaperState::of(12, 12), PaperState::Read);
    }
}
