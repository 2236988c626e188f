//! Library: documents, uploaded minutes and the stored files on the local disk.

mod documents;
mod local_file_store;
mod minutes;
mod page_counts;

pub use documents::PgDocumentRepository;
pub use local_file_store::LocalFileStore;
pub use minutes::PgMinutesRepository;
pub use page_counts::PgPageCountCache;
