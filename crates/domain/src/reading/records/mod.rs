//! Reading records (docs/spec.md "Reading records"): which pages of which paper each person has shown in
//! the reader, and when. Each person sees their own; admins and chairs see a meeting's summary; the board
//! can switch recording off, which deletes every record.

pub mod batch;
pub mod repository;
pub mod service;
pub mod summary;

pub use batch::{PageShown, PageShownRequest, PagesRequest};
pub use repository::{PageRecord, ReadingRecordRepository};
pub use service::ReadingRecordsService;
pub use summary::{MeetingReading, PaperProgress, PaperReading, PaperState, PersonReading, ReadingSummary};
