//! Why an action use case says no (spec §2 Actions, §4 Action status).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const ASSIGNEE_NOT_ACTIVE: &str = "Assignee must be an active user";
pub const ACTION_COMPLETE: &str = "This action is complete and can no longer be changed.";

/// The actions area's refusals. Writes check them inside their transaction, so no concurrent change can
/// slip between the check and the write.
#[derive(Debug, thiserror::Error)]
pub enum ActionsRefusal {
    /// No such action, or one the reader may not see.
    #[error("Action not found")]
    NotFound,
    /// The assignee does not exist or their account is inactive.
    #[error("{ASSIGNEE_NOT_ACTIVE}")]
    AssigneeNotActive,
    /// A complete action never changes again.
    #[error("{ACTION_COMPLETE}")]
    AlreadyComplete,
    /// Only board members read actions (spec §6 Roles and permissions).
    #[error("You cannot read actions.")]
    CannotRead,
    #[error("Only admins and chairs can create actions.")]
    OnlyOfficersCreate,
    /// A trustee changes the status of the actions assigned to them only (spec §4 Action status).
    #[error("You can only change the status of actions assigned to you.")]
    NotAssignee,
    #[error("Only admins and chairs can delete actions.")]
    OnlyOfficersDelete,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(ActionsRefusal);

impl Refusal for ActionsRefusal {
    fn answer(self) -> Answer {
        match self {
            ActionsRefusal::NotFound => Answer::own(&self, RefusalKind::NotFound),
            ActionsRefusal::AssigneeNotActive => Answer::field(&self, "assignedTo"),
            ActionsRefusal::AlreadyComplete => Answer::own(&self, RefusalKind::Conflict),
            ActionsRefusal::CannotRead
            | ActionsRefusal::OnlyOfficersCreate
            | ActionsRefusal::NotAssignee
            | ActionsRefusal::OnlyOfficersDelete => Answer::own(&self, RefusalKind::Forbidden),
            ActionsRefusal::Common(error) => Answer::Common(error),
        }
    }
}
