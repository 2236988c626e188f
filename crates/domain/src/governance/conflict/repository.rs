use chrono::{DateTime, Utc};

use crate::governance::conflict::{ConflictDeclaration, ConflictHandling};
use crate::governance::GovernanceRefusal;
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

/// Conflicts of interest declared on agenda items (spec §10 Rules).
pub trait ConflictRepository: Send + Sync {
    /// Every declaration of the meeting, by item then declaration order.
    fn list(&self, meeting: MeetingId) -> Result<Vec<ConflictDeclaration>, RepoError>;
    /// Stores a declaration; `ConflictAlreadyDeclared` when the trustee already declared on the item.
    fn declare(&self, conflict: NewConflict) -> Result<ConflictDeclaration, GovernanceRefusal>;
    /// Records (or changes, or with `None` clears) how the declaration was handled; `ConflictNotFound`
    /// when the item has no such declaration.
    fn set_handling(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        handling: Option<ConflictHandling>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<ConflictDeclaration, GovernanceRefusal>;
    /// Withdraws a declaration made in error; `ConflictNotFound` when the item has no such declaration.
    fn delete(&self, meeting: MeetingId, item: AgendaItemId, id: ConflictId)
        -> Result<(), GovernanceRefusal>;
    /// Remembers which minutes entry carries the declaration's record.
    fn set_minute_entry(&self, id: ConflictId, entry: Option<i32>) -> Result<(), RepoError>;
}
