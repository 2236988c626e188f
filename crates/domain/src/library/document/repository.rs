use crate::library::document::{Document, DocumentCategory, NewDocument};
use crate::library::files::StorageKey;
use crate::library::LibraryRefusal;
use crate::{DocumentId, RepoError};

/// The board's document library. Files live in the `FileStore`; rows point to them by storage key.
pub trait DocumentRepository: Send + Sync {
    /// Most recently updated first (ties: highest id first), optionally of one category.
    fn list(&self, category: Option<DocumentCategory>) -> Result<Vec<Document>, RepoError>;
    fn find(&self, id: DocumentId) -> Result<Option<Document>, RepoError>;
    fn create(&self, document: NewDocument) -> Result<Document, RepoError>;
    /// Removes the row and answers its file's key, for the caller to remove the file once the row is gone;
    /// `LibraryRefusal::DocumentNotFound` when there is no such document.
    fn delete(&self, id: DocumentId) -> Result<StorageKey, LibraryRefusal>;
}
