use chrono::{DateTime, Utc};

use crate::identity::password_reset::ResetRequest;
use crate::{RepoError, UserId};

/// Forgotten-password requests kept for an admin or chair to act on.
pub trait ResetRequestRepository: Send + Sync {
    /// Records a request, unless one for the same e-mail is already pending.
    fn record(&self, email: &str, user_id: Option<UserId>, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Unresolved requests, oldest first.
    fn pending(&self) -> Result<Vec<ResetRequest>, RepoError>;
    /// Marks every pending request of this user as handled.
    fn resolve_for_user(&self, user_id: UserId, at: DateTime<Utc>) -> Result<(), RepoError>;
}
