use std::io::Write;

use crate::library::files::{FileKind, StorageKey};

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

/// An uploaded file, checked (type by extension and content, size) and written, but not yet committed: the
/// use case commits it once the rest of the request is valid, and dropping it leaves nothing behind.
pub struct ReceivedFile {
    pub pending: Box<dyn PendingFile>,
    /// The cleaned original name, shown to users and used for downloads; never a storage path.
    pub file_name: String,
    pub kind: FileKind,
    pub size: u64,
}

impl std::fmt::Debug for ReceivedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReceivedFile")
            .field("file_name", &self.file_name)
            .field("kind", &self.kind)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}
