use chrono::{DateTime, Utc};

use crate::governance::conflict::{ConflictDeclaration, ConflictHandling};
use crate::governance::interest::InterestFields;
use crate::governance::{Editor, GovernanceRefusal};
use crate::{AgendaItemId, ConflictId, InterestId, MeetingId, RepoError, UserId};

/// The register entry a declaration is linked to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeclaredOn {
    /// One of the declaring trustee's entries.
    Entry(InterestId),
    /// A new entry for the declaring trustee, added to the register (with its first version) by the
    /// declaration's write.
    NewEntry { fields: InterestFields, editor: Editor },
}

/// A declaration to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewConflict {
    pub meeting_id: MeetingId,
    pub agenda_item_id: AgendaItemId,
    pub user_id: UserId,
    pub interest: DeclaredOn,
    pub declared_by: UserId,
    pub declared_at: DateTime<Utc>,
}

/// Decides, inside the write, whether the caller may withdraw the declaration as it stands.
pub type DecideWithdrawal<'a> = Box<dyn FnOnce(&ConflictDeclaration) -> Result<(), GovernanceRefusal> + 'a>;

/// A minutes entry to delete with a withdrawal: its meeting's current draft and the entry's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraftRecord {
    pub entry_id: i32,
    pub at: DateTime<Utc>,
}

/// Conflicts of interest declared on agenda items (spec §10 Rules). Every write runs in one transaction
/// with the meeting's row locked, so a cancellation cannot slip between its checks and the write.
pub trait ConflictRepository: Send + Sync {
    /// Every declaration of the meeting, by item then declaration order.
    fn list(&self, meeting: MeetingId) -> Result<Vec<ConflictDeclaration>, RepoError>;
    /// Stores a declaration, refusing in this order: `MeetingCancelled`, `ConflictAlreadyDeclared` (the
    /// trustee already declared on the item), then `NoSuchTrustee` when a new register entry's trustee
    /// no longer exists.
    fn declare(&self, conflict: NewConflict) -> Result<ConflictDeclaration, GovernanceRefusal>;
    /// Records (or changes, or with `None` clears) how the declaration was handled; `MeetingCancelled`,
    /// then `ConflictNotFound` when the item has no such declaration.
    fn set_handling(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        handling: Option<ConflictHandling>,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<ConflictDeclaration, GovernanceRefusal>;
    /// Withdraws a declaration made in error, with its record in the minutes' draft when given. Refuses
    /// in this order: `ConflictNotFound` when the item has no such declaration, what `decide` says of it,
    /// `MeetingCancelled`, then the minutes' refusal of the entry's deletion (as `Meetings`).
    fn delete(
        &self,
        meeting: MeetingId,
        item: AgendaItemId,
        id: ConflictId,
        decide: DecideWithdrawal<'_>,
        record: Option<DraftRecord>,
    ) -> Result<(), GovernanceRefusal>;
    /// Remembers which minutes entry carries the declaration's record.
    fn set_minute_entry(&self, id: ConflictId, entry: Option<i32>) -> Result<(), RepoError>;
}
