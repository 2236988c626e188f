//! Live committee chat's port (spec §7, Live chat): what an open chat stream hears, and the registry it
//! subscribes to. The registry, told of every committed message, member removal and archiving by the change
//! feed (so whichever process wrote it), is the runtime's.

use crate::committees::CommitteeMessage;
use crate::{CommitteeId, SessionId, UserId};

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

/// An open stream's registration: dropping it unsubscribes.
pub struct ChatSubscription {
    /// Held only to be dropped with the stream.
    _registration: Box<dyn Send + Sync>,
}

impl ChatSubscription {
    /// `registration` unsubscribes the stream when it is dropped.
    pub fn new(registration: Box<dyn Send + Sync>) -> ChatSubscription {
        ChatSubscription { _registration: registration }
    }
}

/// The open chat streams of this process.
pub trait ChatStreams: Send + Sync {
    /// Whether committed changes are heard: a stream opened while they are not would hear nothing, so it
    /// is refused (the client polls meanwhile).
    fn is_listening(&self) -> bool;

    /// Registers a stream. The caller checks access first and catches up from the database after this.
    fn subscribe(&self, committee: CommitteeId, sink: ChatSink) -> ChatSubscription;
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
