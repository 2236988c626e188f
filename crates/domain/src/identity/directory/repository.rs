use crate::identity::directory::DirectoryEntry;
use crate::RepoError;

/// The trustee directory, read straight from the accounts and committee memberships.
pub trait DirectoryRepository: Send + Sync {
    /// Active users by name, each with their active committees by name.
    fn active_trustees(&self) -> Result<Vec<DirectoryEntry>, RepoError>;
}
