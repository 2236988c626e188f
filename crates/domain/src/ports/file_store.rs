use std::io::Write;

use crate::files::StorageKey;

/// Where uploaded files live. Files are written under server-generated keys; a file being written is
/// invisible until committed, and vanishes if dropped uncommitted, so a failed upload leaves nothing.
pub trait FileStore: Send + Sync {
    /// A new file to stream an upload into.
    fn begin(&self) -> anyhow::Result<Box<dyn PendingFile>>;
    /// The whole content of a stored file (files are at most 10 MB).
    fn read(&self, key: &StorageKey) -> anyhow::Result<Vec<u8>>;
    /// Removes a stored file; removing a missing file is not an error.
    fn delete(&self, key: &StorageKey) -> anyhow::Result<()>;
}

/// An upload being written.
pub trait PendingFile: Write + Send {
    /// Makes the file permanent and returns its key.
    fn commit(self: Box<Self>) -> anyhow::Result<StorageKey>;
}
