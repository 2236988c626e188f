//! The caller's signed-in devices (spec §13 Account security): listed on Account security and ended one by
//! one or all at once but the current one.

use crate::identity::auth::service::{AuthService, Authenticated};
use crate::identity::refusal::IdentityRefusal;
use crate::identity::session::Session;
use crate::shared::error::DomainError;
use crate::SessionId;

pub const SESSION_ENDED: &str = "Session signed out";
pub const OTHERS_ENDED: &str = "Other sessions signed out";

/// A session as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionView {
    pub session: Session,
    pub current: bool,
}

#[derive(Clone)]
pub struct SessionService {
    pub auth: AuthService,
}

impl SessionService {
    /// The caller's open sessions, newest first, the current one marked.
    pub fn list(&self, caller: &Authenticated) -> Result<Vec<SessionView>, DomainError> {
        let now = self.auth.clock.now();
        let sessions = self.auth.sessions.unended(caller.user.id, now)?;
        Ok(sessions
            .into_iter()
            .filter(|s| s.is_open(now, &self.auth.policy))
            .map(|session| SessionView { current: session.id == caller.session_id, session })
            .collect())
    }

    /// Ends one of the caller's sessions (its token gets 401 at its next request). Another user's session
    /// is "not found", like one that does not exist.
    pub fn end(&self, caller: &Authenticated, id: SessionId) -> Result<&'static str, IdentityRefusal> {
        if !self.auth.sessions.end(caller.user.id, id, self.auth.clock.now())? {
            return Err(IdentityRefusal::SessionNotFound);
        }
        Ok(SESSION_ENDED)
    }

    /// Ends every session of the caller but the current one; answers how many ended.
    pub fn end_others(&self, caller: &Authenticated) -> Result<usize, DomainError> {
        Ok(self.auth.sessions.end_others(caller.user.id, caller.session_id, self.auth.clock.now())?)
    }
}
