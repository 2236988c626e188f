use crate::committees::{CommitteeDocument, CommitteesRefusal, NewCommitteeDocument};
use crate::{CommitteeDocumentId, CommitteeId, RepoError};

/// The records of committee documents; their content lives in the `FileStore`.
pub trait CommitteeDocumentRepository: Send + Sync {
    /// The committee's documents, newest first (upload time, then id).
    fn list(&self, committee: CommitteeId) -> Result<Vec<CommitteeDocument>, RepoError>;
    /// A document of this committee; `None` for an unknown id or another committee's document.
    fn find(
        &self,
        committee: CommitteeId,
        id: CommitteeDocumentId,
    ) -> Result<Option<CommitteeDocument>, RepoError>;
    /// Records an upload; `NotFound` or `Archived` refuse it, checked with the committee row share-locked.
    fn create(&self, document: NewCommitteeDocument) -> Result<CommitteeDocument, CommitteesRefusal>;
}
