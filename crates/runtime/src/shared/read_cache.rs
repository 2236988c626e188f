//! Read caches (spec §9, Notices list and Documents list), the domain's `ReadCache` kept in this process: an
//! answer that is the same for everyone with the same key (the noticeboard and the document library for
//! every reader, the dashboard's figures per meeting scope), kept until what it was read from changes, on
//! any process, or until a moment it names (a notice expiring, a meeting starting or a due date passing
//! changes an answer without any write). Which changes drop which answers is the domain's `CacheTopic`.
//!
//! Kept exact like the session cache: the change feed drops it on every committed change it depends on,
//! nothing is kept while the feed is not listening, and an answer read before a change is never stored
//! after it (a generation counter). The value is whatever the caller makes of the read (the API keeps the
//! encoded response), so a hit costs neither the database nor a thread hop nor an encoding.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};

use domain::shared::{CacheTicket, CacheTopic, Change, ChangeSink, ReadCache};

struct Entry<V> {
    value: Arc<V>,
    until: Option<DateTime<Utc>>,
}

struct Inner<K, V> {
    listening: bool,
    generation: u64,
    entries: HashMap<K, Entry<V>>,
}

pub struct ProcessReadCache<K, V> {
    topic: CacheTopic,
    inner: Mutex<Inner<K, V>>,
}

impl<K: Eq + Hash, V> ProcessReadCache<K, V> {
    pub fn new(topic: CacheTopic) -> Self {
        ProcessReadCache {
            topic,
            inner: Mutex::new(Inner { listening: false, generation: 0, entries: HashMap::new() }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner<K, V>> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn reset(&self, listening: bool) {
        let mut inner = self.lock();
        inner.listening = listening;
        inner.generation += 1;
        inner.entries.clear();
    }
}

impl<K: Eq + Hash + Send, V: Send + Sync> ReadCache<K, V> for ProcessReadCache<K, V> {
    /// The answer for `key` at `now`, if one is held and still holds.
    fn get(&self, key: &K, now: DateTime<Utc>) -> Option<Arc<V>> {
        let inner = self.lock();
        if !inner.listening {
            return None;
        }
        let entry = inner.entries.get(key)?;
        entry.until.is_none_or(|until| now < until).then(|| entry.value.clone())
    }

    /// To take before reading what will be stored.
    fn ticket(&self, until: Option<DateTime<Utc>>) -> CacheTicket {
        CacheTicket { generation: self.lock().generation, until }
    }

    /// Keeps `value` unless a change came after `ticket` was taken (or the feed is not listening).
    fn store(&self, key: K, ticket: CacheTicket, value: Arc<V>) {
        let mut inner = self.lock();
        if inner.listening && inner.generation == ticket.generation {
            inner.entries.insert(key, Entry { value, until: ticket.until });
        }
    }

    /// Drops everything, as after a write this process made: its own next read never races the
    /// notification of that write.
    fn forget_all(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
    }

    fn is_empty(&self) -> bool {
        self.lock().entries.is_empty()
    }
}

impl<K: Eq + Hash + Send, V: Send + Sync> ChangeSink for ProcessReadCache<K, V> {
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

    fn listening_cache() -> ProcessReadCache<bool, &'static str> {
        let cache = ProcessReadCache::new(CacheTopic::Notices);
        cache.listening();
        cache
    }

    #[test]
    fn nothing_is_kept_while_the_feed_is_not_listening() {
        let cache = ProcessReadCache::new(CacheTopic::Notices);
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
    fn an_answer_holds_until_the_moment_it_names() {
        let cache = listening_cache();
        cache.store(false, cache.ticket(Some(at(10))), Arc::new("list"));
        assert!(cache.get(&false, at(9)).is_some());
        assert!(cache.get(&false, at(10) - Duration::milliseconds(1)).is_some());
        assert!(cache.get(&false, at(10)).is_none());
        assert!(cache.get(&true, at(0)).is_none(), "keys are apart");
    }
}
