//! One-click unsubscribe (issue 12, point 6): the `List-Unsubscribe` link of a bulk mail turns that kind
//! of mail off for its recipient, without signing in. The link carries a signed token
//! (`crate::unsubscribe`), so it works for that user and kind only.

use std::sync::Arc;

use crate::entities::mail::MailKind;
use crate::error::DomainError;
use crate::ports::MailOptOutRepository;
use crate::unsubscribe::UnsubscribeKey;
use crate::{RepoError, UserId};

pub const UNSUBSCRIBE_INVALID: &str =
    "This unsubscribe link is not valid. Sign in to the portal to change which e-mails you receive.";
pub const UNSUBSCRIBED: &str = "You will no longer receive these e-mails. Sign in to the portal to \
                                change which e-mails you receive.";

#[derive(Clone)]
pub struct UnsubscribeService {
    pub key: UnsubscribeKey,
    pub opt_outs: Arc<dyn MailOptOutRepository>,
}

impl UnsubscribeService {
    /// Turns the token's kind of mail off for its user; the same answer however often it is used.
    pub fn unsubscribe(&self, token: &str) -> Result<(UserId, MailKind), DomainError> {
        let invalid = || DomainError::BadRequest(UNSUBSCRIBE_INVALID.into());
        let (user, kind) = self.key.verify(token).ok_or_else(invalid)?;
        // Mail a user asked for (a reset link, an invitation) cannot be turned off.
        if matches!(kind, MailKind::PasswordReset | MailKind::Invitation) {
            return Err(invalid());
        }
        match self.opt_outs.opt_out(user, kind) {
            Ok(()) => Ok((user, kind)),
            Err(RepoError::NotFound) => Err(invalid()),
            Err(e) => Err(e.into()),
        }
    }
}
