use chrono::{DateTime, Utc};

use crate::identity::single_sign_on::{Handoff, NewSsoLink, PendingSignIn, SsoLink};
use crate::{RepoError, UserId};

/// Single sign-on's state in the database, so that two server processes agree and nothing is used twice.
pub trait SsoRepository: Send + Sync {
    /// Keeps a started sign-in under its state until `expires_at`; forgets expired ones.
    fn save_pending(
        &self,
        state: &str,
        pending: &PendingSignIn,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Takes the sign-in started with `state` (deleting it): `None` when unknown, used or expired.
    fn take_pending(&self, state: &str, now: DateTime<Utc>) -> Result<Option<PendingSignIn>, RepoError>;
    /// Keeps a one-time code's hash for the browser's exchange until `expires_at`.
    fn save_handoff(
        &self,
        code_hash: &str,
        handoff: &Handoff,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Takes the handoff (deleting it): `None` when unknown, used or expired.
    fn take_handoff(&self, code_hash: &str, now: DateTime<Utc>) -> Result<Option<Handoff>, RepoError>;
    fn find_link(&self, issuer: &str, subject: &str) -> Result<Option<SsoLink>, RepoError>;
    /// The user's links, oldest first.
    fn links_of(&self, user_id: UserId) -> Result<Vec<SsoLink>, RepoError>;
    /// Stores a link; `RepoError::Duplicate` when the identity is linked already (to anyone).
    fn create_link(&self, link: NewSsoLink) -> Result<SsoLink, RepoError>;
    /// Removes one of the user's links; `None` when the user has no such link.
    fn delete_link(&self, user_id: UserId, id: i32) -> Result<Option<SsoLink>, RepoError>;
}
