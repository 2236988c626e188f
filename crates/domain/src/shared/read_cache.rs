//! Read caches (spec §9, Notices list and Documents list): an answer that is the same for everyone with the
//! same key (the noticeboard and the document library for every reader, the dashboard's figures per meeting
//! scope), kept in this process until what it was read from changes, on any process, or until a moment it
//! names (a notice expiring, a meeting starting or a due date passing changes an answer without any write).
//!
//! Kept exact like the session cache: the change feed drops it on every committed change it depends on,
//! nothing is kept while the feed is not listening, and an answer read before a change is never stored
//! after it (a generation counter). The value is whatever the caller makes of the read (the API keeps the
//! encoded response), so a hit costs neither the database nor a thread hop nor an encoding.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};

use crate::shared::{Change, ChangeSink};

/// Which committed changes make an answer stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheTopic {
    /// The notices list: the `notices` table.
    Notices,
    /// The documents list: `documents`, and the uploaders' names.
    Documents,
    /// The dashboard's figures: actions, documents, meetings, committee memberships (which committee
    /// meetings a trustee sees) and active accounts.
    Dashboard,
}

impl CacheTopic {
    fn drops_on(self, change: Change) -> bool {
        use Change::*;
        match self {
            CacheTopic::Notices => change == NoticesChanged,
            CacheTopic::Documents => matches!(change, DocumentsChanged | PeopleChanged),
            CacheTopic::Dashboard => matches!(
                change,
                ActionsChanged | DocumentsChanged | MeetingsChanged | MembershipsChanged | PeopleChanged
            ),
        }
    }
}

/// Taken before the read; the answer is stored only if nothing changed in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheTicket {
    pub(crate) generation: u64,
    /// The answer no longer holds from this moment (the earliest expiry in it), if ever.
    pub(crate) until: Option<DateTime<Utc>>,
}

struct Entry<V> {
    value: Arc<V>,
    until: Option<DateTime<Utc>>,
}

struct Inner<K, V> {
    listening: bool,
    generation: u64,
    entries: HashMap<K, Entry<V>>,
}

pub struct ReadCache<K, V> {
    topic: CacheTopic,
    inner: Mutex<Inner<K, V>>,
}

impl<K: Eq + Hash, V> ReadCache<K, V> {
    pub fn new(topic: CacheTopic) -> Self {
        ReadCache {
            topic,
            inner: Mutex::new(Inner { listening: false, generation: 0, entries: HashMap::new() }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner<K, V>> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The answer for `key` at `now`, if one is held and still holds.
    pub fn get(&self, key: &K, now: DateTime<Utc>) -> Option<Arc<V>> {
        let inner = self.lock();
        if !inner.listening {
            return None;
        }
        let entry = inner.entries.get(key)?;
        entry.until.is_none_or(|until| now < until).then(|| entry.value.clone())
    }

    /// To take before reading what will be stored.
    pub fn ticket(&self, until: Option<DateTime<Utc>>) -> CacheTicket {
        CacheTicket { generation: self.lock().generation, until }
    }

    /// Keeps `value` unless a change came after `ticket` was taken (or the feed is not listening).
    pub fn store(&self, key: K, ticket: CacheTicket, value: Arc<V>) {
        let mut inner = self.lock();
        if inner.listening && inner.generation == ticket.generation {
            inner.entries.insert(key, Entry { value, until: ticket.until });
        }
    }

    /// Drops everything, as after a write this process made: its own next read never races the
    /// notification of that write.
    pub fn forget_all(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.lock().entries.is_empty()
    }

    fn reset(&self, listening: bool) {
        let mut inner = self.lock();
        inner.listening = listening;
        inner.generation += 1;
        inner.entries.clear();
    }
}

impl<K: Eq + Hash + Send, V: Send + Sync> ChangeSink for ReadCache<K, V> {
    fn listening(&self) {
        self.reset(true);
    }

    fn deaf(&self) {
        self.reset(false);
    }

    fn change(&self, change: Change) {
        if self.topic.drops_on(change) {
            self.forget_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, 9, minute, 0).unwrap()
    }

    fn listening_cache() -> ReadCache<bool, &'static str> {
        let cache = ReadCache::new(CacheTopic::Notices);
        cache.listening();
        cache
    }

    #[test]
    fn nothing_is_kept_while_the_feed_is_not_listening() {
        let cache = ReadCache::new(CacheTopic::Notices);
        let ticket = cache.ticket(None);
        cache.store(false, ticket, Arc::new("list"));
        assert!(cache.get(&false, at(0)).is_none());

        let cache = listening_cache();
        cache.store(false, cache.ticket(None), Arc::new("list"));
        assert_eq!(cache.get(&false, at(0)).as_deref(), Some(&"list"));
        cache.deaf();
        assert!(cache.get(&false, at(0)).is_none());
        cache.listening();
        assert!(cache.get(&false, at(0)).is_none(), "what was held before is dropped");
    }

    #[test]
    fn a_change_of_its_topic_drops_it_and_an_answer_read_before_a_change_is_not_stored() {
        let cache = listening_cache();
        cache.store(true, cache.ticket(None), Arc::new("all"));
        cache.change(Change::SecuritySettingsChanged);
        assert!(cache.get(&true, at(0)).is_some(), "other changes leave it");
        cache.change(Change::NoticesChanged);
        assert!(cache.get(&true, at(0)).is_none());

        let ticket = cache.ticket(None);
        cache.change(Change::NoticesChanged);
        cache.store(true, ticket, Arc::new("stale"));
        assert!(cache.get(&true, at(0)).is_none());
        let ticket = cache.ticket(None);
        cache.forget_all();
        cache.store(true, ticket, Arc::new("stale"));
        assert!(cache.get(&true, at(0)).is_none());
    }

    #[test]
    fn each_topic_drops_on_the_tables_its_answer_is_read_from() {
        use crate::{CommitteeId, SessionId, UserId};
        let table_changes = [
            Change::NoticesChanged,
            Change::DocumentsChanged,
            Change::ActionsChanged,
            Change::MeetingsChanged,
            Change::MembershipsChanged,
            Change::PeopleChanged,
        ];
        let dropping = |topic: CacheTopic| -> Vec<Change> {
            table_changes.into_iter().filter(|change| topic.drops_on(*change)).collect()
        };
        assert_eq!(dropping(CacheTopic::Notices), [Change::NoticesChanged]);
        assert_eq!(dropping(CacheTopic::Documents), [Change::DocumentsChanged, Change::PeopleChanged]);
        assert_eq!(
            dropping(CacheTopic::Dashboard),
            [
                Change::DocumentsChanged,
                Change::ActionsChanged,
                Change::MeetingsChanged,
                Change::MembershipsChanged,
                Change::PeopleChanged
            ]
        );
        // Sessions, single users (a role change reaches the reader through the session cache, and so
        // the key) and chat leave every read cache.
        for change in [
            Change::SessionChanged(SessionId(1)),
            Change::UserChanged(UserId(1)),
            Change::SecuritySettingsChanged,
            Change::CommitteeClosed { committee: CommitteeId(1) },
        ] {
            for topic in [CacheTopic::Notices, CacheTopic::Documents, CacheTopic::Dashboard] {
                assert!(!topic.drops_on(change), "{topic:?} on {change:?}");
            }
        }
    }

    #[test]
    fn an_answer_holds_until_the_moment_it_names() {
        let cache = listening_cache();
        cache.store(false, cache.ticket(Some(at(10))), Arc::new("list"));
        assert!(cache.get(&false, at(9)).is_some());
        assert!(cache.get(&false, at(10) - Duration::milliseconds(1)).is_some());
        assert!(cache.get(&false, at(10)).is_none());
        assert!(cache.get(&true, at(0)).is_none(), "keys are apart");
    }
}
