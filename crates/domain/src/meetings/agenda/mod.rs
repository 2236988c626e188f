//! A meeting's agenda (spec §2 Meeting page): numbered items with a purpose, a presenter, a duration
//! and papers; a draft until published, then each later change is marked.

pub mod service;

use chrono::{DateTime, Duration, Utc};

use crate::library::files::StorageKey;
use crate::{AgendaItemId, AgendaPaperId, DocumentId, MeetingId, ResolutionId, UserId};

string_enum!(
    /// Why an item is on the agenda: what the board is asked to do with it.
    AgendaPurpose {
        Decision => "decision",
        Discussion => "discussion",
        Information => "information",
        Noting => "noting",
    }
);

/// Who presents an item: a portal user (named as they are now) or a free-text name (a guest, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Presenter {
    User { id: UserId, name: String },
    Named(String),
}

impl Presenter {
    pub fn name(&self) -> &str {
        match self {
            Presenter::User { name, .. } | Presenter::Named(name) => name,
        }
    }
}

/// A presenter to store: the user's id or the free-text name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresenterChoice {
    User(UserId),
    Named(String),
}

/// A paper attached to an agenda item. Its file is either the item's own upload or a library document's;
/// `storage_key`, `file_name`, `mime_type` and `file_size` describe that file in both cases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaPaper {
    pub id: AgendaPaperId,
    pub item_id: AgendaItemId,
    /// The uploaded paper's title, or the linked library document's.
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    pub storage_key: StorageKey,
    /// `Some` when the paper is a link to this library document (its file is not the item's to delete).
    pub library_document: Option<DocumentId>,
    pub added_at: DateTime<Utc>,
}

impl AgendaPaper {
    /// Whether the file is a PDF (the board pack merges those; the others are listed as downloads).
    pub fn is_pdf(&self) -> bool {
        self.mime_type == crate::library::files::FileKind::Pdf.mime_type()
    }
}

/// One item of an agenda, with its papers in the order they were added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaItem {
    pub id: AgendaItemId,
    pub meeting_id: MeetingId,
    /// The item's number on the agenda: 1, 2, ... in order.
    pub number: i32,
    pub title: String,
    pub purpose: AgendaPurpose,
    pub presenter: Option<Presenter>,
    pub duration_minutes: i32,
    pub description: String,
    pub papers: Vec<AgendaPaper>,
    pub created_at: DateTime<Utc>,
    /// When the item or one of its papers last changed.
    pub changed_at: DateTime<Utc>,
    /// The written resolution the item reports to the meeting, when it was added from one.
    pub resolution: Option<ResolutionId>,
}

impl AgendaItem {
    /// Whether the item was added or changed after the agenda was (last) published.
    pub fn changed_since(&self, published_at: Option<DateTime<Utc>>) -> bool {
        published_at.is_some_and(|published| self.changed_at > published)
    }
}

/// A validated item to add at the end of an agenda.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAgendaItem {
    pub title: String,
    pub purpose: AgendaPurpose,
    pub presenter: Option<PresenterChoice>,
    pub duration_minutes: i32,
    pub description: String,
    /// The decided written resolution the item reports (at most one item per resolution).
    pub resolution: Option<ResolutionId>,
}

/// A paper to attach: a committed upload, or a link to a library document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewAgendaPaper {
    Upload { title: String, file_name: String, mime_type: String, file_size: i64, storage_key: StorageKey },
    Library(DocumentId),
}

/// The standard items a new board meeting can start from, in order (title, purpose, minutes).
/// An agenda holds at most this many items (a reorder names them all).
pub const ITEMS_MAX: usize = 100;
pub use crate::meetings::refusal::TOO_MANY_ITEMS;

pub const STANDARD_ITEMS: [(&str, AgendaPurpose, i32); 6] = [
    ("Welcome and apologies", AgendaPurpose::Noting, 5),
    ("Declarations of interest", AgendaPurpose::Noting, 5),
    ("Minutes of the last meeting", AgendaPurpose::Decision, 10),
    ("Matters arising and action log", AgendaPurpose::Discussion, 15),
    ("Any other business", AgendaPurpose::Discussion, 10),
    ("Date of next meeting", AgendaPurpose::Noting, 5),
];

/// The standard items as new items.
pub fn standard_items() -> Vec<NewAgendaItem> {
    STANDARD_ITEMS
        .iter()
        .map(|(title, purpose, minutes)| NewAgendaItem {
            title: (*title).to_string(),
            purpose: *purpose,
            presenter: None,
            duration_minutes: *minutes,
            description: String::new(),
            resolution: None,
        })
        .collect()
}

/// An item's planned start, from the meeting's start and the durations of the items before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemTiming {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// The running start and end time of each item, in agenda order.
pub fn running_times(start: DateTime<Utc>, durations: &[i32]) -> Vec<ItemTiming> {
    let mut at = start;
    durations
        .iter()
        .map(|minutes| {
            let starts_at = at;
            at += Duration::minutes(i64::from(*minutes));
            ItemTiming { starts_at, ends_at: at }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn running_times_add_up_the_durations() {
        let start = Utc.with_ymd_and_hms(2026, 3, 5, 18, 30, 0).single().unwrap_or_default();
        let times = running_times(start, &[5, 0, 25]);
        assert_eq!(times[0].starts_at, start);
        assert_eq!(times[1].starts_at, start + Duration::minutes(5));
        assert_eq!(times[2].starts_at, start + Duration::minutes(5));
        assert_eq!(times[2].ends_at, start + Duration::minutes(30));
    }

    #[test]
    fn changed_since_publication_compares_with_the_publication() {
        let at = |m| Utc.with_ymd_and_hms(2026, 3, 1, 12, m, 0).single().unwrap_or_default();
        let item = AgendaItem {
            id: AgendaItemId(1),
            meeting_id: MeetingId(1),
            number: 1,
            title: "Budget".into(),
            purpose: AgendaPurpose::Decision,
            presenter: None,
            duration_minutes: 10,
            description: String::new(),
            papers: Vec::new(),
            created_at: at(0),
            changed_at: at(10),
            resolution: None,
        };
        assert!(!item.changed_since(None));
        assert!(!item.changed_since(Some(at(10))));
        assert!(item.changed_since(Some(at(5))));
    }

    #[test]
    fn six_standard_items() {
        let items = standard_items();
        assert_eq!(items.len(), 6);
        assert_eq!(items[0].title, "Welcome and apologies");
        assert_eq!(items[5].title, "Date of next meeting");
    }
}
