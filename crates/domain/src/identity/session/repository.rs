use chrono::{DateTime, Utc};

use crate::identity::session::{NewSession, Session};
use crate::{RepoError, SessionId, UserId};

/// Signed-in devices.
pub trait SessionRepository: Send + Sync {
    fn create(&self, session: NewSession) -> Result<Session, RepoError>;
    fn find(&self, id: SessionId) -> Result<Option<Session>, RepoError>;
    /// Records activity (the idle limit counts from it).
    fn touch(&self, id: SessionId, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// Records that the holder just gave their password or a code again.
    fn reauthenticated(&self, id: SessionId, at: DateTime<Utc>) -> Result<(), RepoError>;
    /// The user's sessions not ended and not past their absolute limit, newest first; the caller drops the
    /// idle ones (the idle limit is a policy, not a column).
    fn unended(&self, user_id: UserId, now: DateTime<Utc>) -> Result<Vec<Session>, RepoError>;
    /// Ends one of the user's sessions; false when the user has no such unended session.
    fn end(&self, user_id: UserId, id: SessionId, at: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Ends every session of the user but `keep`; returns how many ended.
    fn end_others(&self, user_id: UserId, keep: SessionId, at: DateTime<Utc>) -> Result<usize, RepoError>;
    /// Deletes sessions that ended or expired before `before`; returns how many.
    fn prune(&self, before: DateTime<Utc>) -> Result<usize, RepoError>;
}
