//! The session cache (spec §9, Session cache): a signed-in request is checked without reaching the database
//! when this process has checked the same session recently and nothing about it has changed since.
//!
//! It is kept exact by the change feed: every committed change to a session, a user or the security
//! settings (on any server process) drops what depends on it, within the feed's delay (milliseconds).
//! While the feed is not listening nothing is cached, so a missed notification can never keep a revoked
//! session open. Expiry and the idle limit are checked on every hit, from the cached times.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::identity::session::Session;
use crate::identity::user::User;
use crate::shared::{Change, ChangeSink};
use crate::SessionId;

/// What a successful database check found.
#[derive(Debug, Clone)]
pub struct CachedSession {
    pub session: Session,
    pub user: User,
    pub mfa_enrolment_required: bool,
}

#[derive(Default)]
struct Inner {
    listening: bool,
    /// Bumped by every change: a check that read the database before a change may not store its result
    /// after it.
    generation: u64,
    sessions: HashMap<SessionId, CachedSession>,
}

#[derive(Default)]
pub struct SessionCache {
    inner: Mutex<Inner>,
}

/// Beyond this many entries the cache starts afresh (a bound, not a policy: sessions are few).
const MAX_ENTRIES: usize = 10_000;

impl SessionCache {
    pub fn new() -> SessionCache {
        SessionCache::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `None` unless the feed is listening and the session was stored since its last change.
    pub fn get(&self, id: SessionId) -> Option<CachedSession> {
        let inner = self.lock();
        if !inner.listening {
            return None;
        }
        inner.sessions.get(&id).cloned()
    }

    /// Taken before reading the database; `store` keeps the result only if nothing changed in between.
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    pub fn store(&self, generation: u64, entry: CachedSession) {
        let mut inner = self.lock();
        if !inner.listening || inner.generation != generation {
            return;
        }
        if inner.sessions.len() >= MAX_ENTRIES {
            inner.sessions.clear();
        }
        inner.sessions.insert(entry.session.id, entry);
    }

    /// Drops everything, as after a write this process made: its own next request never races the
    /// notification of that write.
    pub fn forget_all(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.sessions.clear();
    }

    pub fn len(&self) -> usize {
        self.lock().sessions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn reset(&self, listening: bool) {
        let mut inner = self.lock();
        inner.listening = listening;
        inner.generation += 1;
        inner.sessions.clear();
    }
}

impl ChangeSink for SessionCache {
    fn listening(&self) {
        self.reset(true);
    }

    fn deaf(&self) {
        self.reset(false);
    }

    fn change(&self, change: Change) {
        let mut inner = self.lock();
        match change {
            Change::SessionChanged(id) => {
                inner.sessions.remove(&id);
            }
            Change::UserChanged(user) => inner.sessions.retain(|_, cached| cached.user.id != user),
            Change::SecuritySettingsChanged => inner.sessions.clear(),
            _ => return,
        }
        inner.generation += 1;
    }
}
