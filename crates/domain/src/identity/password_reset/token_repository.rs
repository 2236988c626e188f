use chrono::{DateTime, Utc};

use crate::identity::IdentityRefusal;
use crate::notifications::mail::OutgoingMail;
use crate::{RepoError, UserId};

/// Single-use password links, stored as SHA-256 hashes only.
pub trait PasswordTokenRepository: Send + Sync {
    /// In one transaction, serialised per address: unless `max_per_hour` reset mails went to `email` in
    /// the hour before `now`, invalidates the user's earlier reset links, stores the new hash and queues
    /// `mail`. Returns whether the mail was queued.
    fn issue_reset(
        &self,
        user_id: UserId,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &OutgoingMail,
        max_per_hour: i64,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// The user a reset link was issued to, whatever its state.
    fn link_user(&self, token_hash: &str) -> Result<Option<UserId>, RepoError>;

    /// In one transaction: checks the link, sets the new hash, clears the must-change flag, ends every
    /// session of the user, marks the link used and settles their reset requests as done by link.
    /// Refuses an unknown link (or one of a deactivated account), a used one and an expired one
    /// (`IdentityRefusal::ResetLinkUnknown`, `ResetLinkUsed`, `ResetLinkExpired`).
    fn reset_password(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<UserId, IdentityRefusal>;
}
