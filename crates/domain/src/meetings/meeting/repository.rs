use chrono::{DateTime, Utc};

use crate::library::files::StorageKey;
use crate::meetings::agenda::AgendaPurpose;
use crate::meetings::agenda::{AgendaItem, AgendaPaper, NewAgendaItem, NewAgendaPaper, PresenterChoice};
use crate::meetings::meeting::{Meeting, MeetingChange, MeetingScope, MeetingWindow, NewMeeting};
use crate::meetings::MeetingsRefusal;
use crate::{AgendaItemId, AgendaPaperId, DocumentId, MeetingId, RepoError, UserId};

/// The use case's checks of an agenda write, run on the locked meeting inside the write's transaction.
pub type DecideItem<'a> = Box<dyn FnOnce(&Meeting) -> Result<NewAgendaItem, MeetingsRefusal> + 'a>;

/// An item's fields, as an edit replaces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaItemChange {
    pub title: String,
    pub purpose: AgendaPurpose,
    pub presenter: Option<PresenterChoice>,
    pub duration_minutes: i32,
    pub description: String,
}

/// Storage of meetings, their agendas and the agendas' papers.
///
/// Writes check their refusals inside their transaction with the meeting's row locked, so two editors
/// cannot interleave; agenda writes also refuse a cancelled meeting (`Cancelled`). A write's "not found"
/// names the record the write is about, whichever of its rows is missing: the meeting for meeting and
/// whole-agenda writes (`MeetingNotFound`), the item for item edits and paper additions
/// (`AgendaItemNotFound`), the paper for its removal (`PaperNotFound`).
///
/// Every agenda write (items, order, papers) moves the meeting's `agenda_changed_at` to `at`, and the
/// touched item's `changed_at` too; publication sets `agenda_published_at`.
pub trait MeetingRepository: Send + Sync {
    /// `Upcoming`: `meeting_date >= now`, soonest first; `Past`: before `now`, latest first; `All`: soonest
    /// first. Ties are broken by id in the same direction. Only the meetings `scope` may see.
    fn list(
        &self,
        window: MeetingWindow,
        now: DateTime<Utc>,
        scope: MeetingScope,
    ) -> Result<Vec<Meeting>, RepoError>;
    /// The meeting, if it exists and `scope` may see it.
    fn find(&self, id: MeetingId, scope: MeetingScope) -> Result<Option<Meeting>, RepoError>;
    /// `NoSuchCommittee` when the committee named does not exist (or was deleted meanwhile).
    fn create(&self, meeting: NewMeeting) -> Result<Meeting, MeetingsRefusal>;
    /// Replaces the details and increases `revision`.
    fn update(&self, id: MeetingId, change: MeetingChange) -> Result<Meeting, MeetingsRefusal>;
    /// Marks the meeting cancelled at `at` and increases `revision`.
    fn cancel(&self, id: MeetingId, at: DateTime<Utc>) -> Result<Meeting, MeetingsRefusal>;
    /// Deletes the meeting with its agenda; answers the storage keys of the papers uploaded to it (linked
    /// library documents keep their files).
    fn delete(&self, id: MeetingId) -> Result<Vec<StorageKey>, MeetingsRefusal>;
    /// Publishes (or republishes) the agenda at `at`.
    fn publish_agenda(&self, id: MeetingId, at: DateTime<Utc>) -> Result<Meeting, MeetingsRefusal>;

    /// The agenda in order, each item with its papers.
    fn agenda(&self, id: MeetingId) -> Result<Vec<AgendaItem>, RepoError>;
    /// Adds one item at the end of the agenda in one transaction: with the meeting locked and read as
    /// `scope` sees it (`MeetingNotFound` when it cannot), `decide` makes the use case's checks (who may
    /// edit, not cancelled, the item's fields) and answers the item; then the agenda's limit is checked
    /// and the item written. Answers the item and when the agenda was last published.
    fn add_item(
        &self,
        id: MeetingId,
        scope: MeetingScope,
        at: DateTime<Utc>,
        decide: DecideItem<'_>,
    ) -> Result<(AgendaItem, Option<DateTime<Utc>>), MeetingsRefusal>;
    /// Appends an item reporting a written resolution (`item.resolution`), with the library documents
    /// that supported it linked as its papers; `ResolutionOnAgenda` when any agenda has it already.
    fn add_resolution_item(
        &self,
        id: MeetingId,
        item: NewAgendaItem,
        papers: &[DocumentId],
        added_by: UserId,
        at: DateTime<Utc>,
    ) -> Result<AgendaItem, MeetingsRefusal>;
    /// Appends the items only if the agenda is empty (`AgendaNotEmpty` otherwise).
    fn add_items_to_empty_agenda(
        &self,
        id: MeetingId,
        items: Vec<NewAgendaItem>,
        at: DateTime<Utc>,
    ) -> Result<Vec<AgendaItem>, MeetingsRefusal>;
    fn update_item(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        change: AgendaItemChange,
        at: DateTime<Utc>,
    ) -> Result<AgendaItem, MeetingsRefusal>;
    /// Deletes the item and renumbers the ones after it; answers the storage keys of its uploaded papers.
    fn delete_item(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        at: DateTime<Utc>,
    ) -> Result<Vec<StorageKey>, MeetingsRefusal>;
    /// Puts the items in this order; `StaleOrder` unless `order` names every item of the agenda once.
    fn reorder(
        &self,
        id: MeetingId,
        order: &[AgendaItemId],
        at: DateTime<Utc>,
    ) -> Result<Vec<AgendaItem>, MeetingsRefusal>;
    fn add_paper(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        paper: NewAgendaPaper,
        added_by: crate::UserId,
        at: DateTime<Utc>,
    ) -> Result<AgendaPaper, MeetingsRefusal>;
    /// Removes the paper; answers its storage key when the file was uploaded to the item (to delete it).
    fn remove_paper(
        &self,
        id: MeetingId,
        item: AgendaItemId,
        paper: AgendaPaperId,
        at: DateTime<Utc>,
    ) -> Result<Option<StorageKey>, MeetingsRefusal>;
}
