//! How many pages a stored PDF has: the reading records drop pages past it (docs/spec.md "Reading
//! records"). A stored file never changes under its key, so each file is parsed once and its count kept.

use std::sync::Arc;

use crate::library::files::StorageKey;
use crate::library::FileStore;
use crate::RepoError;

/// Counts a PDF's pages (the PDF adapter implements it).
pub trait PdfPages: Send + Sync {
    /// The number of pages, or `None` when the bytes are not a PDF that can be read (damaged,
    /// password-protected, or without pages). Never panics on hostile input.
    fn page_count(&self, bytes: &[u8]) -> Option<u32>;
}

/// The page counts already worked out, by storage key (`pdf_page_counts`).
pub trait PageCountCache: Send + Sync {
    /// `None`: not worked out yet; `Some(None)`: the file is not a readable PDF.
    fn get(&self, key: &StorageKey) -> Result<Option<Option<u32>>, RepoError>;
    /// Keeps a count; a count kept already for the key stays (both came from the same bytes).
    fn put(&self, key: &StorageKey, count: Option<u32>) -> Result<(), RepoError>;
}

/// The page counts of stored files: from the cache, else read and parsed once.
#[derive(Clone)]
pub struct PageCounts {
    pub files: Arc<dyn FileStore>,
    pub cache: Arc<dyn PageCountCache>,
    pub pdf: Arc<dyn PdfPages>,
}

impl PageCounts {
    /// The page count of the stored file `key` (`None`: not a readable PDF).
    pub fn of(&self, key: &StorageKey) -> anyhow::Result<Option<u32>> {
        if let Some(known) = self.cache.get(key)? {
            return Ok(known);
        }
        let bytes = self.files.read(key)?;
        let count = self.pdf.page_count(&bytes);
        self.cache.put(key, count)?;
        Ok(count)
    }
}
