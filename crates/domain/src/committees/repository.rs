use chrono::{DateTime, Utc};

use crate::committees::{
    Committee, CommitteeMember, CommitteeMessage, CommitteeRole, CommitteeScope, CommitteesRefusal,
    NewCommittee,
};
use crate::library::files::StorageKey;
use crate::{CommitteeId, MessageId, RepoError, UserId};

/// Storage of committees, their members and their chat. Writes that can be refused check it inside their
/// transaction with the committee row locked, so archiving cannot race with a new message or member.
pub trait CommitteeRepository: Send + Sync {
    /// By name, then id, with member counts and `viewer`'s role in each.
    fn list(&self, viewer: UserId, scope: CommitteeScope) -> Result<Vec<Committee>, RepoError>;
    /// One committee with its member count and `viewer`'s role in it.
    fn find(&self, id: CommitteeId, viewer: UserId) -> Result<Option<Committee>, RepoError>;
    /// Inserts the committee and its creator as `committee_chair`, in one transaction.
    fn create(&self, committee: NewCommittee) -> Result<Committee, RepoError>;
    /// Marks an active committee archived at `at`; `AlreadyArchived` when it already was.
    fn archive(&self, id: CommitteeId, at: DateTime<Utc>) -> Result<(), CommitteesRefusal>;
    /// Deletes an archived committee with its members, messages and document rows (one transaction);
    /// `NotArchived` for an active one. Returns the storage keys of its documents, whose files the
    /// caller removes once the rows are gone.
    fn delete_archived(&self, id: CommitteeId) -> Result<Vec<StorageKey>, CommitteesRefusal>;
    /// Committee chairs first, then by name.
    fn members(&self, id: CommitteeId) -> Result<Vec<CommitteeMember>, RepoError>;
    /// `Archived`, `UserNotActive` or `AlreadyMember` refuse it.
    fn add_member(
        &self,
        id: CommitteeId,
        user: UserId,
        role: CommitteeRole,
        at: DateTime<Utc>,
    ) -> Result<CommitteeMember, CommitteesRefusal>;
    /// `Archived` or `NotMember` refuse it.
    fn remove_member(&self, id: CommitteeId, user: UserId) -> Result<(), CommitteesRefusal>;
    /// At most `limit` messages, the latest ones, with ids above `after` and below `before`, oldest first.
    fn messages(
        &self,
        id: CommitteeId,
        after: Option<MessageId>,
        before: Option<MessageId>,
        limit: i64,
    ) -> Result<Vec<CommitteeMessage>, RepoError>;
    /// At most `limit` messages, the earliest ones with ids above `after`, oldest first: how a chat stream
    /// catches up without skipping any.
    fn messages_since(
        &self,
        id: CommitteeId,
        after: MessageId,
        limit: i64,
    ) -> Result<Vec<CommitteeMessage>, RepoError>;
    /// Records that `user` has seen the committee's messages up to `up_to` (the chat fetched them), so
    /// no "unread messages" mail is sent about them. Never moves the marker back.
    fn mark_read(&self, _id: CommitteeId, _user: UserId, _up_to: MessageId) -> Result<(), RepoError> {
        Ok(())
    }
    /// `Archived` refuses it.
    fn post_message(
        &self,
        id: CommitteeId,
        author: UserId,
        message: &str,
        at: DateTime<Utc>,
    ) -> Result<CommitteeMessage, CommitteesRefusal>;
}
