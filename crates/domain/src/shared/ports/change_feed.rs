//! Changes committed to the database that a server process must hear of at once, whichever process made
//! them (spec §9, §9a): new chat messages for open chat streams, and session, user and settings changes for
//! the session cache, writes to the tables the read caches are made of (notices, documents, the
//! dashboard's figures). Implemented over PostgreSQL `LISTEN/NOTIFY` in `persistence`.

use std::sync::{Arc, Weak};

use crate::{CommitteeId, MessageId, SessionId, UserId};

/// One committed change, in commit order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    MessagePosted {
        committee: CommitteeId,
        message: MessageId,
    },
    MemberRemoved {
        committee: CommitteeId,
        user: UserId,
    },
    /// Archived or deleted.
    CommitteeClosed {
        committee: CommitteeId,
    },
    SessionChanged(SessionId),
    UserChanged(UserId),
    SecuritySettingsChanged,
    /// Any notice written or deleted (the noticeboard's read cache).
    NoticesChanged,
    /// Any library document written or deleted (the documents list, the dashboard's count).
    DocumentsChanged,
    /// Any action written or deleted (the dashboard's pending actions).
    ActionsChanged,
    /// Any meeting written or deleted (the dashboard's next meeting).
    MeetingsChanged,
    /// A committee membership added, changed or removed (which committee meetings a reader sees).
    MembershipsChanged,
    /// A user added or removed, or their name or `active` written (uploader names in the documents
    /// list, the dashboard's count of active accounts).
    PeopleChanged,
}

impl Change {
    /// Reads a notification payload (`message:3:41`, `session:7`, ...); `None` for anything else.
    pub fn parse(payload: &str) -> Option<Change> {
        let mut parts = payload.split(':');
        let kind = parts.next()?;
        let mut number = || parts.next()?.parse::<i64>().ok();
        let change = match kind {
            "message" => Change::MessagePosted {
                committee: CommitteeId(i32::try_from(number()?).ok()?),
                message: MessageId(number()?),
            },
            "member_removed" => Change::MemberRemoved {
                committee: CommitteeId(i32::try_from(number()?).ok()?),
                user: UserId(i32::try_from(number()?).ok()?),
            },
            "committee_closed" => {
                Change::CommitteeClosed { committee: CommitteeId(i32::try_from(number()?).ok()?) }
            }
            "session" => Change::SessionChanged(SessionId(i32::try_from(number()?).ok()?)),
            "user" => Change::UserChanged(UserId(i32::try_from(number()?).ok()?)),
            "security_settings" => Change::SecuritySettingsChanged,
            "notices" => Change::NoticesChanged,
            "documents" => Change::DocumentsChanged,
            "actions" => Change::ActionsChanged,
            "meetings" => Change::MeetingsChanged,
            "memberships" => Change::MembershipsChanged,
            "people" => Change::PeopleChanged,
            _ => return None,
        };
        parts.next().is_none().then_some(change)
    }
}

/// Who hears the changes. Called from the feed's own thread, one change at a time, in commit order.
pub trait ChangeSink: Send + Sync {
    /// The feed listens now: from here on every committed change is heard. Anything held from before
    /// (while not listening, changes may have been missed) must be dropped or re-read.
    fn listening(&self);
    /// The feed lost its connection: until `listening` again, changes may be missed, so nothing held in
    /// memory may be trusted.
    fn deaf(&self);
    fn change(&self, change: Change);
}

/// Several sinks, each told everything in turn.
pub struct ChangeSinks(pub Vec<Arc<dyn ChangeSink>>);

impl ChangeSink for ChangeSinks {
    fn listening(&self) {
        self.0.iter().for_each(|sink| sink.listening());
    }
    fn deaf(&self) {
        self.0.iter().for_each(|sink| sink.deaf());
    }
    fn change(&self, change: Change) {
        self.0.iter().for_each(|sink| sink.change(change));
    }
}

/// Starts listening in the background and keeps listening (reconnecting) while the sink lives; it stops
/// once the sink has been dropped.
pub trait ChangeFeed: Send + Sync {
    fn start(&self, sink: Weak<dyn ChangeSink>) -> anyhow::Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_read_strictly() {
        assert_eq!(
            Change::parse("message:3:41"),
            Some(Change::MessagePosted { committee: CommitteeId(3), message: MessageId(41) })
        );
        assert_eq!(
            Change::parse("member_removed:3:9"),
            Some(Change::MemberRemoved { committee: CommitteeId(3), user: UserId(9) })
        );
        assert_eq!(
            Change::parse("committee_closed:3"),
            Some(Change::CommitteeClosed { committee: CommitteeId(3) })
        );
        assert_eq!(Change::parse("session:7"), Some(Change::SessionChanged(SessionId(7))));
        assert_eq!(Change::parse("user:7"), Some(Change::UserChanged(UserId(7))));
        assert_eq!(Change::parse("security_settings"), Some(Change::SecuritySettingsChanged));
        assert_eq!(Change::parse("notices"), Some(Change::NoticesChanged));
        assert_eq!(Change::parse("documents"), Some(Change::DocumentsChanged));
        assert_eq!(Change::parse("actions"), Some(Change::ActionsChanged));
        assert_eq!(Change::parse("meetings"), Some(Change::MeetingsChanged));
        assert_eq!(Change::parse("memberships"), Some(Change::MembershipsChanged));
        assert_eq!(Change::parse("people"), Some(Change::PeopleChanged));
        for bad in [
            "",
            "message:3",
            "message:3:x",
            "session:7:8",
            "notices:1",
            "documents:2",
            "user:99999999999",
            "other:1",
        ] {
            assert_eq!(Change::parse(bad), None, "{bad}");
        }
    }
}
