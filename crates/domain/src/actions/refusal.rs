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
            ActionsRefusal::Common(error) => Answer::Common(error),
        }
    }
}
