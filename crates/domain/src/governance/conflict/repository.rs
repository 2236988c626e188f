use chrono::{DateTime, Utc};

use crate::governance::conflict::{ConflictDeclaration, ConflictHandling};
use crate::{AgendaItemId, ConflictId, InterestId, MeetingId, RepoError, UserId};

/// A declaration to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewConflict {
    pub meeting_id: MeetingId,
    pub agenda_item_id: AgendaItemId,
    pub user_id: UserId,
    pub interest_id: InterestId,
    pub declared_by: UserId,
    pub declared_at: DateTime<Utc>,
}

/// Why a declaration was not stored.
#[derive(Debug, thiserror::Error)]
pub enum ConflictWriteError {
    /// This trustee has already declared a conflict on this item.
    #[error("already declared")]
    Duplicate,
    /// No such declaration (or item) at this meeting.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// Conflicts of interest declared on agenda items (spec §10 Rules).
pub trait ConflictRepository: Send + Sync {
    /// Every declaration of the meeting, by item then declaration order.
    fn list(&self, meeting: MeetingId) -> Result<Vec<ConflictDeclaration>, RepoError>;
    /// Stores a declaration; `Duplicate` when the trustee already declared on the item.
    fn declare(&self, conflict: NewConflict) -> Result<ConflictDeclaration, ConflictWriteError>;
    /// Records (or changes, or with `None` clears) how the declaration was handled.
    fn set_handling(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        handling: Option<ConflictHandling>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<ConflictDeclaration, ConflictWriteError>;
    /// Withdraws a declaration made in error.
    fn delete(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
    ) -> Result<(), ConflictWriteError>;
    /// Remembers which minutes entry carries the declaration's record.
    fn set_minute_entry(&self, id: ConflictId, entry: Option<i32>) -> Result<(), RepoError>;
}
