//! The session cache's port (spec §9, Session cache): a signed-in request is checked without reaching the
//! database when this process has checked the same session recently and nothing about it has changed
//! since. The cache itself, kept exact by the change feed, is the runtime's.

use crate::identity::session::Session;
use crate::identity::user::User;
use crate::SessionId;

/// What a successful database check found.
#[derive(Debug, Clone)]
pub struct CachedSession {
    pub session: Session,
    pub user: User,
    pub mfa_enrolment_required: bool,
}

/// Sessions checked recently. It holds nothing while committed changes cannot be heard, so a missed
/// notification can never keep a revoked session open; expiry and the idle limit are checked by the
/// caller on every hit, from the cached times.
pub trait SessionCache: Send + Sync {
    /// `None` unless changes are heard and the session was stored since its last change.
    fn get(&self, id: SessionId) -> Option<CachedSession>;

    /// Taken before reading the database; `store` keeps the result only if nothing changed in between.
    fn generation(&self) -> u64;

    fn store(&self, generation: u64, entry: CachedSession);

    /// Drops everything, as after a write this process made: its own next request never races the
    /// notification of that write.
    fn forget_all(&self);

    fn is_empty(&self) -> bool;
}
