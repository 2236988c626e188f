use chrono::{DateTime, NaiveDate, Utc};

use crate::actions::{Action, ActionStatus, ActionsRefusal, NewAction};
use crate::meetings::meeting::MeetingScope;
use crate::{ActionId, RepoError};

/// Storage of the board's actions. Repositories return the stored status (never `Overdue`).
///
/// Reads take the reader's [`MeetingScope`] and answer only the actions it may see (spec §6
/// Committee meetings): an action is visible when it comes from no meeting, when its meeting is visible
/// in the scope, or when the reader is its assignee. `MeetingScope::Everything` sees every action.
pub trait ActionRepository: Send + Sync {
    /// Newest first (created, then id), only the actions `scope` sees. `status` filters on the status
    /// *reported* on `today`, in the query: `Overdue` finds unfinished actions due before `today`,
    /// `Pending` and `InProgress` leave those out.
    fn list(
        &self,
        status: Option<ActionStatus>,
        today: NaiveDate,
        scope: MeetingScope,
    ) -> Result<Vec<Action>, RepoError>;
    /// `None` when there is no such action or `scope` may not see it.
    fn find(&self, id: ActionId, scope: MeetingScope) -> Result<Option<Action>, RepoError>;
    /// Inserts a pending action; `AssigneeNotActive` unless the assignee is an active user (their row
    /// is share-locked meanwhile, so a concurrent deactivation waits).
    fn create(&self, action: NewAction) -> Result<Action, ActionsRefusal>;
    /// Stores a settable status (`completed_at` = `at` for `Complete`); `AlreadyComplete` when the
    /// action was complete, `NotFound` when it does not exist.
    fn set_status(
        &self,
        id: ActionId,
        status: ActionStatus,
        at: DateTime<Utc>,
    ) -> Result<Action, ActionsRefusal>;
    /// `RepoError::NotFound` when there is no such action.
    fn delete(&self, id: ActionId) -> Result<(), RepoError>;
}
