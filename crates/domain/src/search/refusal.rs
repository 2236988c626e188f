//! Why a search says no (docs/spec.md "Search"): parameters that break their rules (400 with the field),
//! through the shared vocabulary. A board member's search never refuses for want of permission: it answers
//! only what the searcher may see. A guest does not search (spec §6 Guests).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The search's refusals: the shared vocabulary's (a field error per bad parameter, storage failures).
#[derive(Debug, thiserror::Error)]
pub enum SearchRefusal {
    /// Guests do not search the board's records (spec §6 Guests): their pass names what they may open.
    #[error("{}", crate::identity::refusal::GUESTS_SEE_THEIR_PASS_ONLY)]
    Guest,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(SearchRefusal);

impl Refusal for SearchRefusal {
    fn answer(self) -> Answer {
        match self {
            SearchRefusal::Guest => Answer::own(&self, RefusalKind::Forbidden),
            SearchRefusal::Common(error) => Answer::Common(error),
        }
    }
}
