//! Live committee chat (spec §7, Live chat): the open chat streams of this process, told of every committed
//! message, member removal and archiving by the change feed (so whichever process wrote it).
//!
//! Messages of one committee are committed in id order (the insert holds a per-committee lock), and the
//! feed reports them in commit order, so a stream that only forwards ids above the last one it sent never
//! doubles one and, having caught up from the database after subscribing, never misses one.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::committees::CommitteeMessage;
use crate::committees::CommitteeRepository;
use crate::shared::{Change, ChangeSink};
use crate::{CommitteeId, MessageId, SessionId, UserId};

/// What an open chat stream hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatEvent {
    Message(CommitteeMessage),
    /// This user was removed from the committee: their stream closes (and is refused on reconnecting
    /// unless they may still read the chat).
    MemberRemoved(UserId),
    /// The committee was archived or deleted, or the feed lost its connection (changes may have been
    /// missed): every stream closes; clients reconnect and catch up from their last message.
    Closed,
    /// A session, a user or the security settings changed (a sign-out, a password change, a
    /// deactivation, a role change...): every stream it concerns checks again, at once, that its session
    /// and access still hold, and ends if not (spec §7, Live chat).
    AccessChanged(AccessChange),
}

/// Whose access a change may have ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessChange {
    Session(SessionId),
    User(UserId),
    /// The security settings (idle limit, required two-factor sign-in): every stream.
    Everyone,
}

impl AccessChange {
    /// Whether a stream opened by `user` with `session` must check again.
    pub fn concerns(self, session: SessionId, user: UserId) -> bool {
        match self {
            AccessChange::Session(changed) => changed == session,
            AccessChange::User(changed) => changed == user,
            AccessChange::Everyone => true,
        }
    }
}

/// Receives events; returns false once the stream is gone, and is then dropped.
pub type ChatSink = Box<dyn Fn(ChatEvent) -> bool + Send + Sync>;

struct Subscriber {
    key: u64,
    sink: ChatSink,
}

/// The registry of open chat streams, per committee.
pub struct ChatHub {
    committees: Arc<dyn CommitteeRepository>,
    subscribers: Mutex<HashMap<CommitteeId, Vec<Subscriber>>>,
    next_key: AtomicU64,
    listening: AtomicBool,
}

/// An open stream's registration: dropping it unsubscribes.
pub struct ChatSubscription {
    hub: Arc<ChatHub>,
    committee: CommitteeId,
    key: u64,
}

impl Drop for ChatSubscription {
    fn drop(&mut self) {
        let mut subscribers = self.hub.lock();
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
            subscribers: Mutex::new(HashMap::new()),
            next_key: AtomicU64::new(1),
            listening: AtomicBool::new(false),
        })
    }

    /// Registers a stream. The caller checks access first and catches up from the database after this.
    pub fn subscribe(self: &Arc<Self>, committee: CommitteeId, sink: ChatSink) -> ChatSubscription {
        let key = self.next_key.fetch_add(1, Ordering::Relaxed);
        self.lock().entry(committee).or_default().push(Subscriber { key, sink });
        ChatSubscription { hub: self.clone(), committee, key }
    }

    /// Whether the change feed listens: a stream opened while it does not would hear nothing, so it is
    /// refused (the client polls meanwhile).
    pub fn is_listening(&self) -> bool {
        self.listening.load(Ordering::SeqCst)
    }

    /// How many streams are open (all committees).
    pub fn open_streams(&self) -> usize {
        self.lock().values().map(Vec::len).sum()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<CommitteeId, Vec<Subscriber>>> {
        self.subscribers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_access_change_concerns_the_streams_of_its_session_or_user_or_everyone() {
        let (session, user) = (SessionId(7), UserId(3));
        assert!(AccessChange::Session(SessionId(7)).concerns(session, user));
        assert!(!AccessChange::Session(SessionId(8)).concerns(session, user));
        assert!(AccessChange::User(UserId(3)).concerns(session, user));
        assert!(!AccessChange::User(UserId(4)).concerns(session, user));
        assert!(AccessChange::Everyone.concerns(session, user));
    }
}
