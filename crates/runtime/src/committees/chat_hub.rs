//! Live committee chat (spec §7, Live chat): the open chat streams of this process (the domain's
//! `ChatStreams`), told of every committed message, member removal and archiving by the change feed (so
//! whichever process wrote it).
//!
//! Messages of one committee are committed in id order (the insert holds a per-committee lock), and the
//! feed reports them in commit order, so a stream that only forwards ids above the last one it sent never
//! doubles one and, having caught up from the database after subscribing, never misses one.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use domain::committees::{
    AccessChange, ChatEvent, ChatSink, ChatStreams, ChatSubscription, CommitteeRepository,
};
use domain::shared::{Change, ChangeSink};
use domain::{CommitteeId, MessageId};

struct Subscriber {
    key: u64,
    sink: ChatSink,
}

type Subscribers = Mutex<HashMap<CommitteeId, Vec<Subscriber>>>;

/// The registry of open chat streams, per committee.
pub struct ChatHub {
    committees: Arc<dyn CommitteeRepository>,
    /// Shared with the registrations, which remove themselves when dropped.
    subscribers: Arc<Subscribers>,
    next_key: AtomicU64,
    listening: AtomicBool,
}

/// What `ChatSubscription` holds: dropping it unsubscribes.
struct Registration {
    subscribers: Arc<Subscribers>,
    committee: CommitteeId,
    key: u64,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut subscribers = lock(&self.subscribers);
        if let Some(list) = subscribers.get_mut(&self.committee) {
            list.retain(|s| s.key != self.key);
            if list.is_empty() {
                subscribers.remove(&self.committee);
            }
        }
    }
}

impl ChatHub {
    pub fn new(committees: Arc<dyn CommitteeRepository>) -> Arc<ChatHub> {
        Arc::new(ChatHub {
            committees,
            subscribers: Arc::new(Mutex::new(HashMap::new())),
            next_key: AtomicU64::new(1),
            listening: AtomicBool::new(false),
        })
    }

    /// How many streams are open (all committees).
    pub fn open_streams(&self) -> usize {
        self.lock().values().map(Vec::len).sum()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<CommitteeId, Vec<Subscriber>>> {
        lock(&self.subscribers)
    }

    fn send(&self, committee: CommitteeId, event: &ChatEvent) {
        let mut subscribers = self.lock();
        if let Some(list) = subscribers.get_mut(&committee) {
            list.retain(|s| (s.sink)(event.clone()));
            if list.is_empty() {
                subscribers.remove(&committee);
            }
        }
    }

    /// Tells every stream of every committee (a change of access is not about one committee).
    fn send_everywhere(&self, event: &ChatEvent) {
        let mut subscribers = self.lock();
        for list in subscribers.values_mut() {
            list.retain(|s| (s.sink)(event.clone()));
        }
        subscribers.retain(|_, list| !list.is_empty());
    }

    fn close_all(&self) {
        let mut subscribers = self.lock();
        for list in subscribers.values() {
            for subscriber in list {
                (subscriber.sink)(ChatEvent::Closed);
            }
        }
        subscribers.clear();
    }

    fn message_posted(&self, committee: CommitteeId, message: MessageId) {
        if !self.lock().contains_key(&committee) {
            return;
        }
        // One read per message and process, however many streams are open.
        match self.committees.messages_since(committee, MessageId(message.0 - 1), 1) {
            Ok(found) => {
                if let Some(found) = found.into_iter().find(|m| m.id == message) {
                    self.send(committee, &ChatEvent::Message(found));
                }
            }
            Err(e) => {
                // The streams cannot be told: close them, clients reconnect and catch up.
                tracing::error!(error = %e, committee_id = %committee, "chat message could not be read");
                self.send(committee, &ChatEvent::Closed);
            }
        }
    }
}

fn lock(subscribers: &Subscribers) -> MutexGuard<'_, HashMap<CommitteeId, Vec<Subscriber>>> {
    subscribers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl ChatStreams for ChatHub {
    /// Whether the change feed listens.
    fn is_listening(&self) -> bool {
        self.listening.load(Ordering::SeqCst)
    }

    fn subscribe(&self, committee: CommitteeId, sink: ChatSink) -> ChatSubscription {
        let key = self.next_key.fetch_add(1, Ordering::Relaxed);
        self.lock().entry(committee).or_default().push(Subscriber { key, sink });
        ChatSubscription::new(Box::new(Registration {
            subscribers: self.subscribers.clone(),
            committee,
            key,
        }))
    }
}

impl ChangeSink for ChatHub {
    fn listening(&self) {
        self.listening.store(true, Ordering::SeqCst);
    }

    fn deaf(&self) {
        self.listening.store(false, Ordering::SeqCst);
        self.close_all();
    }

    fn change(&self, change: Change) {
        match change {
            Change::MessagePosted { committee, message } => self.message_posted(committee, message),
            Change::MemberRemoved { committee, user } => {
                self.send(committee, &ChatEvent::MemberRemoved(user))
            }
            Change::CommitteeClosed { committee } => self.send(committee, &ChatEvent::Closed),
            // The session cache hears these first (the sinks' order in the wiring), so the check a stream
            // then makes reads the database, not a stale cached session.
            Change::SessionChanged(session) => {
                self.send_everywhere(&ChatEvent::AccessChanged(AccessChange::Session(session)))
            }
            Change::UserChanged(user) => {
                self.send_everywhere(&ChatEvent::AccessChanged(AccessChange::User(user)))
            }
            Change::SecuritySettingsChanged => {
                self.send_everywhere(&ChatEvent::AccessChanged(AccessChange::Everyone))
            }
            _ => {}
        }
    }
}
