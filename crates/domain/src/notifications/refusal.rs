//! Why a notifications use case says no (spec §11 Bulk mail is polite). The Mail page's refusals are all
//! of the shared vocabulary (only admins); the one of this area's own is the unsubscribe link's.

use crate::shared::error::DomainError;
use crate::shared::refusal::{Answer, Refusal, RefusalKind};

pub const UNSUBSCRIBE_INVALID: &str =
    "This unsubscribe link is not valid. Sign in to the portal to change which e-mails you receive.";

/// The notifications area's refusals.
#[derive(Debug, thiserror::Error)]
pub enum NotificationsRefusal {
    /// The link's token is not one the portal signed, names no notification kind, or its user is gone.
    #[error("{UNSUBSCRIBE_INVALID}")]
    UnsubscribeInvalid,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(NotificationsRefusal);

impl Refusal for NotificationsRefusal {
    fn answer(self) -> Answer {
        match self {
            NotificationsRefusal::UnsubscribeInvalid => Answer::own(&self, RefusalKind::BadRequest),
            NotificationsRefusal::Common(error) => Answer::Common(error),
        }
    }
}
