use crate::identity::user::{NewUser, User, UserChanges};
use chrono::{DateTime, Utc};

use crate::{RepoError, SessionId, UserId};

/// Storage of user accounts. Writes that could leave no active admin fail with `RepoError::LastAdmin`
/// atomically, so two admins demoting each other at once cannot both succeed.
pub trait UserRepository: Send + Sync {
    /// Every user, by name.
    fn list(&self) -> Result<Vec<User>, RepoError>;
    fn find(&self, id: UserId) -> Result<Option<User>, RepoError>;
    /// The user with this e-mail (case-insensitive) and their password hash.
    fn find_with_password_by_email(&self, email: &str) -> Result<Option<(User, String)>, RepoError>;
    fn count(&self) -> Result<i64, RepoError>;
    /// `RepoError::Duplicate` when the e-mail is taken.
    fn create(&self, user: NewUser) -> Result<User, RepoError>;
    /// Applies the changes; `revoke_sessions` bumps the token version in the same statement.
    fn update(&self, id: UserId, changes: UserChanges, revoke_sessions: bool) -> Result<User, RepoError>;
    fn delete(&self, id: UserId) -> Result<(), RepoError>;
    /// The user and their password hash.
    fn find_with_password(&self, id: UserId) -> Result<Option<(User, String)>, RepoError>;
    /// Sets a new hash; `temporary_until` makes it a temporary password (must be changed, works until
    /// then). Every session of the user ends but `keep` (whose token must be reissued: the version moves).
    fn set_password(
        &self,
        id: UserId,
        password_hash: &str,
        temporary_until: Option<DateTime<Utc>>,
        keep: Option<SessionId>,
    ) -> Result<User, RepoError>;
    /// Ends every session of the user.
    fn revoke_sessions(&self, id: UserId) -> Result<(), RepoError>;
}
