pub mod chat;
pub mod document_repository;
pub mod refusal;
pub mod repository;
pub mod service;

/// A member's role inside a committee is one of the roles a person holds, kept with the board's roles.
pub use crate::identity::role::CommitteeRole;
pub use chat::{AccessChange, ChatEvent, ChatSink, ChatStreams, ChatSubscription};
pub use document_repository::CommitteeDocumentRepository;
pub use refusal::CommitteesRefusal;
pub use repository::CommitteeRepository;
pub use service::{AddMemberRequest, CommitteeService, CreateCommitteeRequest, UploadCommitteeDocument};

use chrono::{DateTime, Utc};

use crate::library::files::StorageKey;
use crate::{CommitteeDocumentId, CommitteeId, MessageId, UserId};

/// A sub-committee as one user sees it (spec §3 Committee).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committee {
    pub id: CommitteeId,
    pub name: String,
    pub description: String,
    /// Archived committees are read-only: no chat, no uploads, no membership changes.
    pub archived: bool,
    pub created_at: DateTime<Utc>,
    pub member_count: i64,
    /// The viewer's role in it; `None` when they are not a member.
    pub viewer_role: Option<CommitteeRole>,
}

/// A validated committee to insert; its creator becomes its chair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCommittee {
    pub name: String,
    pub description: String,
    pub created_by: UserId,
    pub created_at: DateTime<Utc>,
}

/// Which committees a listing covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitteeScope {
    /// Every committee (admins and chairs), or only the viewer's own.
    pub all: bool,
    pub include_archived: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitteeMember {
    pub user_id: UserId,
    pub name: String,
    pub email: String,
    pub role: CommitteeRole,
    pub joined_at: DateTime<Utc>,
}

/// Who wrote a chat message or uploaded a document; `None` once their account has been deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub id: UserId,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitteeMessage {
    pub id: MessageId,
    pub committee_id: CommitteeId,
    pub message: String,
    pub sent_at: DateTime<Utc>,
    pub user: Option<Author>,
}

/// A file shared inside one committee (spec §3 Committee document).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitteeDocument {
    pub id: CommitteeDocumentId,
    pub committee_id: CommitteeId,
    pub title: String,
    /// The uploaded file's own (cleaned) name, given back on download.
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    pub storage_key: StorageKey,
    pub uploaded_at: DateTime<Utc>,
    pub uploaded_by: Option<Author>,
}

/// A committed upload to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCommitteeDocument {
    pub committee_id: CommitteeId,
    pub title: String,
    pub file_name: String,
    pub mime_type: String,
    pub file_size: i64,
    pub storage_key: StorageKey,
    pub uploaded_by: UserId,
    pub uploaded_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committee_roles_have_a_directory_label() {
        assert_eq!(CommitteeRole::CommitteeChair.directory_label(), "chair");
        assert_eq!(CommitteeRole::Member.directory_label(), "member");
        assert_eq!("committee_chair".parse::<CommitteeRole>(), Ok(CommitteeRole::CommitteeChair));
    }
}
