//! The document library and the archive of uploaded minutes, the files behind them, and the view tickets
//! that open one file in a new tab.

pub mod document;
pub mod file_store;
pub mod files;
pub mod minutes;
pub mod pdf_pages;
pub mod refusal;
pub mod stored_files;
pub mod view_tickets;

pub use document::repository::DocumentRepository;
pub use document::service::{DocumentListKey, DocumentService, UploadDocument};
pub use file_store::{FileStore, PendingFile, ReceivedFile};
pub use minutes::repository::MinutesRepository;
pub use minutes::service::{MinutesService, UploadMinutes};
pub use pdf_pages::{PageCountCache, PageCounts, PdfPages};
pub use refusal::LibraryRefusal;
pub use view_tickets::ViewTickets;
