//! Why a noticeboard use case says no (spec §2 Notices).

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

/// The noticeboard's refusals.
#[derive(Debug, thiserror::Error)]
pub enum NoticesRefusal {
    /// No such notice (deleted meanwhile, say).
    #[error("Notice not found")]
    NotFound,
    /// Only board members read the noticeboard (spec §6 Roles and permissions).
    #[error("You cannot read notices.")]
    CannotRead,
    #[error("Only admins and chairs can post notices.")]
    OnlyOfficersPost,
    #[error("Only admins and chairs can delete notices.")]
    OnlyOfficersDelete,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(NoticesRefusal);

impl Refusal for NoticesRefusal {
    fn answer(self) -> Answer {
        match self {
            NoticesRefusal::NotFound => Answer::own(&self, RefusalKind::NotFound),
            NoticesRefusal::CannotRead
            | NoticesRefusal::OnlyOfficersPost
            | NoticesRefusal::OnlyOfficersDelete => Answer::own(&self, RefusalKind::Forbidden),
            NoticesRefusal::Common(error) => Answer::Common(error),
        }
    }
}
