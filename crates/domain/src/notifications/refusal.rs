//! Why a notifications use case says no (spec §11 Bulk mail is polite): the Mail page is for admins only,
//! and an unsubscribe link may not be valid.

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
    /// The Mail page (delivery log and test message) is for admins only.
    #[error("Only admins can see the mail log and send test e-mail.")]
    OnlyAdminsMail,
    /// Whether mail is sent is for admins only, too.
    #[error("Only admins can see the mail settings.")]
    OnlyAdminsMailSettings,
    #[error(transparent)]
    Common(#[from] DomainError),
}

crate::common_refusals!(NotificationsRefusal);

impl Refusal for NotificationsRefusal {
    fn answer(self) -> Answer {
        match self {
            NotificationsRefusal::UnsubscribeInvalid => Answer::own(&self, RefusalKind::BadRequest),
            NotificationsRefusal::OnlyAdminsMail | NotificationsRefusal::OnlyAdminsMailSettings => {
                Answer::own(&self, RefusalKind::Forbidden)
            }
            NotificationsRefusal::Common(error) => Answer::Common(error),
        }
    }
}
