//! The read caches' port (spec §9, Notices list and Documents list): an answer that is the same for everyone
//! with the same key (the noticeboard and the document library for every reader, the dashboard's figures
//! per meeting scope), kept until what it was read from changes, on any process, or until a moment it
//! names (a notice expiring, a meeting starting or a due date passing changes an answer without any write).
//!
//! The rules are here: which committed changes make which answer stale (`CacheTopic`), and that an answer
//! read before a change is never stored after it (`CacheTicket`). The cache itself, kept in the memory of
//! one process and fed by the change feed, is the runtime's.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::shared::Change;

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
    /// Whether `change` makes the answers of this topic stale.
    pub fn drops_on(self, change: Change) -> bool {
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
    /// The cache's count of changes when the ticket was taken.
    pub generation: u64,
    /// The answer no longer holds from this moment (the earliest expiry in it), if ever.
    pub until: Option<DateTime<Utc>>,
}

/// Answers kept per key. A hit must cost neither the database nor a thread hop nor an encoding: the value
/// is whatever the caller makes of the read (the API keeps the encoded response).
pub trait ReadCache<K, V>: Send + Sync {
    /// The answer for `key` at `now`, if one is held and still holds.
    fn get(&self, key: &K, now: DateTime<Utc>) -> Option<Arc<V>>;

    /// To take before reading what will be stored.
    fn ticket(&self, until: Option<DateTime<Utc>>) -> CacheTicket;

    /// Keeps `value` unless a change came after `ticket` was taken (or changes cannot be heard just now).
    fn store(&self, key: K, ticket: CacheTicket, value: Arc<V>);

    /// Drops everything, as after a write this process made: its own next read never races the
    /// notification of that write.
    fn forget_all(&self);

    /// Whether nothing is held (the HTTP tests wait on it).
    fn is_empty(&self) -> bool;
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
