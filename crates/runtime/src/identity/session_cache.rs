//! The session cache (spec §9, Session cache), the domain's `SessionCache` kept in this process: a signed-in
//! request is checked without reaching the database when this process has checked the same session
//! recently and nothing about it has changed since.
//!
//! It is kept exact by the change feed: every committed change to a session, a user or the security
//! settings (on any server process) drops what depends on it, within the feed's delay (milliseconds).
//! While the feed is not listening nothing is cached, so a missed notification can never keep a revoked
//! session open. Expiry and the idle limit are checked on every hit, from the cached times.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use domain::identity::{CachedSession, SessionCache};
use domain::shared::{Change, ChangeSink};
use domain::SessionId;

#[derive(Default)]
struct Inner {
    listening: bool,
    /// Bumped by every change: a check that read the database before a change may not store its result
    /// after it.
    generation: u64,
    sessions: HashMap<SessionId, CachedSession>,
}

#[derive(Default)]
pub struct ProcessSessionCache {
    inner: Mutex<Inner>,
}

/// Beyond this many entries the cache starts afresh (a bound, not a policy: sessions are few).
const MAX_ENTRIES: usize = 10_000;

impl ProcessSessionCache {
    pub fn new() -> ProcessSessionCache {
        ProcessSessionCache::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn reset(&self, listening: bool) {
        let mut inner = self.lock();
        inner.listening = listening;
        inner.generation += 1;
        inner.sessions.clear();
    }
}

impl SessionCache for ProcessSessionCache {
    /// `None` unless the feed is listening and the session was stored since its last change.
    fn get(&self, id: SessionId) -> Option<CachedSession> {
        let inner = self.lock();
        if !inner.listening {
            return None;
        }
        inner.sessions.get(&id).cloned()
    }

    fn generation(&self) -> u64 {
        self.lock().generation
    }

    fn store(&self, generation: u64, entry: CachedSession) {
        let mut inner = self.lock();
        if !inner.listening || inner.generation != generation {
            return;
        }
        if inner.sessions.len() >= MAX_ENTRIES {
            inner.sessions.clear();
        }
        inner.sessions.insert(entry.session.id, entry);
    }

    fn forget_all(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.sessions.clear();
    }

    fn is_empty(&self) -> bool {
        self.lock().sessions.is_empty()
    }
}

impl ChangeSink for ProcessSessionCache {
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
