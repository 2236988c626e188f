//! Why a search says no (docs/spec.md "Search"): parameters that break their rules (400 with the field),
//! through the shared vocabulary. A search never refuses for want of permission: it answers only what
//! the searcher may see.

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal};

/// The search's refusals: the shared vocabulary's (a field error per bad parameter, storage failures).
#[derive(Debug, thiserror::Error)]
pub enum SearchRefusal {
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(SearchRefusal);

impl Refusal for SearchRefusal {
    fn answer(self) -> Answer {
        match self {
            SearchRefusal::Common(error) => Answer::Common(error),
        }
    }
}
