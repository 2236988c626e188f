//! Why a noticeboard use case says no (spec §2 Notices).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The noticeboard's refusals.
#[derive(Debug, thiserror::Error)]
pub enum NoticesRefusal {
    /// No such notice (deleted meanwhile, say).
    #[error("Notice not found")]
    NotFound,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(NoticesRefusal);

impl Refusal for NoticesRefusal {
    fn answer(self) -> Answer {
        match self {
            NoticesRefusal::NotFound => Answer::own(&self, RefusalKind::NotFound),
            NoticesRefusal::Common(error) => Answer::Common(error),
        }
    }
}
