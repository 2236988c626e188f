use crate::entities::mail::MailKind;
use crate::{RepoError, UserId};

/// The kinds of bulk mail a user turned off through a message's one-click unsubscribe link. The outbox
/// worker cancels queued messages of those kinds to that user.
pub trait MailOptOutRepository: Send + Sync {
    /// Idempotent. `RepoError::NotFound` when the user no longer exists.
    fn opt_out(&self, user_id: UserId, kind: MailKind) -> Result<(), RepoError>;
    fn opted_out(&self, user_id: UserId) -> Result<Vec<MailKind>, RepoError>;
}
