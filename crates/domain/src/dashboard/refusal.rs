//! Why the dashboard says no (spec §2 Dashboard, §6 Roles and permissions).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The dashboard's refusals.
#[derive(Debug, thiserror::Error)]
pub enum DashboardRefusal {
    /// A role that may not read board content.
    #[error("You cannot read the dashboard.")]
    CannotRead,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(DashboardRefusal);

impl Refusal for DashboardRefusal {
    fn answer(self) -> Answer {
        match self {
            DashboardRefusal::CannotRead => Answer::own(&self, RefusalKind::Forbidden),
            DashboardRefusal::Common(error) => Answer::Common(error),
        }
    }
}
